import type { FastifyInstance } from 'fastify';
import type { Guards } from '../platform/authenticate.js';
import type { AppContext } from '../platform/context.js';
import type { LiveServer } from '../platform/live.js';
import { authRoutes } from './auth/auth.routes.js';
import { companiesRoutes } from './companies/companies.routes.js';
import { connectionsRoutes } from './connections/connections.routes.js';
import { mediaRoutes } from './media/media.routes.js';
import { plansRoutes } from './plans/plans.routes.js';
import { queuesRoutes } from './queues/queues.routes.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { simulatorRoutes } from './simulator/simulator.routes.js';
import { systemRoutes } from './system/system.routes.js';
import { registerUserPresence } from './users/users.service.js';
import { usersRoutes } from './users/users.routes.js';
import { whatsappCloudWebhookRoutes } from './webhooks/whatsapp-cloud.routes.js';

export type ModuleRegistration = (api: FastifyInstance, ctx: AppContext, guards: Guards, live: LiveServer) => Promise<void>;

/** Every feature's routes, mounted under /api. A new feature adds one line here. */
export const apiModules: ModuleRegistration[] = [
  (api) => systemRoutes(api),
  (api, ctx, guards) => authRoutes(api, ctx, guards),
  (api, ctx, guards) => settingsRoutes(api, ctx, guards),
  async (api, ctx, guards, live) => {
    await usersRoutes(api, ctx, guards);
    registerUserPresence(ctx, live);
  },
  (api, ctx, guards) => plansRoutes(api, ctx, guards),
  (api, ctx, guards) => companiesRoutes(api, ctx, guards),
  (api, ctx, guards) => queuesRoutes(api, ctx, guards),
  (api, ctx, guards) => connectionsRoutes(api, ctx, guards),
  (api, ctx, guards) => mediaRoutes(api, ctx, guards),
  (api, ctx, guards) => simulatorRoutes(api, ctx, guards),
  (api, ctx) => whatsappCloudWebhookRoutes(api, ctx),
];
