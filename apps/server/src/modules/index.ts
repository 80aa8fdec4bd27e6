import type { FastifyInstance } from 'fastify';
import type { Guards } from '../platform/authenticate.js';
import type { AppContext } from '../platform/context.js';
import type { LiveServer } from '../platform/live.js';
import { authRoutes } from './auth/auth.routes.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { systemRoutes } from './system/system.routes.js';

export type ModuleRegistration = (api: FastifyInstance, ctx: AppContext, guards: Guards, live: LiveServer) => Promise<void>;

/** Every feature's routes, mounted under /api. A new feature adds one line here. */
export const apiModules: ModuleRegistration[] = [
  (api) => systemRoutes(api),
  (api, ctx, guards) => authRoutes(api, ctx, guards),
  (api, ctx, guards) => settingsRoutes(api, ctx, guards),
];
