import type { FastifyInstance } from 'fastify';
import { idParam, queueOptionInput, queueOptionListQuery, sentFields } from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { parse } from '../../platform/validation.js';
import { createOption, deleteOption, listOptions, updateOption } from './queue-options.service.js';

/** A queue's option menu: every signed-in user reads it, admins change it. */
export async function queueOptionsRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  app.get('/queue-options', { preHandler: guard.signedIn }, async (request) =>
    listOptions(ctx, actorOf(request), parse(queueOptionListQuery, request.query)),
  );

  app.post('/queue-options', { preHandler: guard.permission('queues:manage') }, async (request) =>
    createOption(ctx, actorOf(request), parse(queueOptionInput, request.body)),
  );

  app.put('/queue-options/:id', { preHandler: guard.permission('queues:manage') }, async (request) => {
    const { id } = parse(idParam, request.params);
    const input = parse(queueOptionInput.partial(), request.body);
    return updateOption(ctx, actorOf(request), id, sentFields(input, request.body));
  });

  app.delete('/queue-options/:id', { preHandler: guard.permission('queues:manage') }, async (request, reply) => {
    const { id } = parse(idParam, request.params);
    await deleteOption(ctx, actorOf(request), id);
    return reply.code(204).send();
  });
}
