import type { FastifyInstance } from 'fastify';
import { settingUpdate } from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { parse } from '../../platform/validation.js';
import { listSettings, updateSetting } from './settings.service.js';

export async function settingsRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  app.get('/settings', { preHandler: guard.signedIn }, async (request) => listSettings(ctx.db, actorOf(request)));

  app.put<{ Params: { key: string } }>('/settings/:key', { preHandler: guard.permission('settings:edit') }, async (request) => {
    const { value } = parse(settingUpdate, request.body);
    return updateSetting(ctx, actorOf(request), request.params.key, value);
  });
}
