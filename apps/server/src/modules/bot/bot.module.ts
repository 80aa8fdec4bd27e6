/**
 * The queue bot and the ticket timers join the app: the bot as an automation hook of the inbound
 * pipeline, the timers as a sweep that polls in every process and works where the worker role
 * runs (modules/index.ts registers this once).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerAutomation } from '../inbound/automation.js';
import { queueBot } from './queue-bot.js';
import { installTicketTimers } from './ticket-timers.js';

export async function botModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const unregister = registerAutomation(ctx, queueBot);
  const timers = installTicketTimers(ctx);
  timers.start();
  app.addHook('onClose', async () => {
    unregister();
    await timers.stop();
  });
}
