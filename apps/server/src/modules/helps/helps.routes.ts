import type { FastifyInstance } from 'fastify';
import { helpInput, idParam, listQuery, sentFields } from '@atende/contract';
import type { Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { parse } from '../../platform/validation.js';
import { allHelps, createHelp, deleteHelp, helpsPage, showHelp, updateHelp } from './helps.service.js';

/** Help videos: every signed-in user watches them (the gallery), only the super user keeps them. */
export async function helpsRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  app.get('/helps', { preHandler: guard.signedIn }, async (request) => helpsPage(ctx, parse(listQuery, request.query)));

  app.get('/helps/list', { preHandler: guard.signedIn }, async () => allHelps(ctx));

  app.get('/helps/:id', { preHandler: guard.signedIn }, async (request) => showHelp(ctx, parse(idParam, request.params).id));

  app.post('/helps', { preHandler: guard.superUser }, async (request) => createHelp(ctx, parse(helpInput, request.body)));

  app.put('/helps/:id', { preHandler: guard.superUser }, async (request) => {
    const { id } = parse(idParam, request.params);
    const input = parse(helpInput.partial(), request.body);
    return updateHelp(ctx, id, sentFields(input, request.body));
  });

  app.delete('/helps/:id', { preHandler: guard.superUser }, async (request, reply) => {
    await deleteHelp(ctx, parse(idParam, request.params).id);
    return reply.code(204).send();
  });
}
