import type { FastifyInstance } from 'fastify';
import { idParam, queueInput, sentFields } from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { parse } from '../../platform/validation.js';
import { createQueue, deleteQueue, listQueues, showQueue, updateQueue } from './queues.service.js';

/** Every signed-in user reads the queues (ticket transfer, filters); only admins change them. */
export async function queuesRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  app.get('/queue', { preHandler: guard.signedIn }, async (request) => listQueues(ctx, actorOf(request)));

  app.get('/queue/:id', { preHandler: guard.signedIn }, async (request) => {
    const { id } = parse(idParam, request.params);
    return showQueue(ctx, actorOf(request), id);
  });

  app.post('/queue', { preHandler: guard.permission('queues:manage') }, async (request) =>
    createQueue(ctx, actorOf(request), parse(queueInput, request.body)),
  );

  app.put('/queue/:id', { preHandler: guard.permission('queues:manage') }, async (request) => {
    const { id } = parse(idParam, request.params);
    // Name and colour are required; the other fields change only when sent.
    const input = parse(queueInput, request.body);
    return updateQueue(ctx, actorOf(request), id, { ...sentFields(input, request.body), name: input.name, color: input.color });
  });

  app.delete('/queue/:id', { preHandler: guard.permission('queues:manage') }, async (request, reply) => {
    const { id } = parse(idParam, request.params);
    await deleteQueue(ctx, actorOf(request), id);
    return reply.code(204).send();
  });
}
