/**
 * Scheduled messages join the app: the routes, and the sweep that sends due ones (it polls in
 * every process and works where the worker role runs).
 */
import type { FastifyInstance } from 'fastify';
import type { Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { installScheduleSender } from './schedule-sender.js';
import { schedulesRoutes } from './schedules.routes.js';

export async function schedulesModule(app: FastifyInstance, ctx: AppContext, guard: Guards): Promise<void> {
  await schedulesRoutes(app, ctx, guard);
  const sender = installScheduleSender(ctx);
  sender.start();
  app.addHook('onClose', () => sender.stop());
}
