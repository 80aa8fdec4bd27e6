import type { FastifyInstance } from 'fastify';
import { idParam, listQuery, sentFields, userCreateInput, userUpdateInput } from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { parse } from '../../platform/validation.js';
import { createUser, deleteUser, listCompanyUsers, listUsersPage, showUser, updateUser } from './users.service.js';

/**
 * Admins manage the users of their company; every user reads the company's user list (transfer
 * dialogs) and reads and edits themself (the profile dialog). The rules are in users.policy.
 */
export async function usersRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  app.get('/users', { preHandler: guard.permission('users:manage') }, async (request) =>
    listUsersPage(ctx, actorOf(request), parse(listQuery, request.query)),
  );

  app.get('/users/list', { preHandler: guard.signedIn }, async (request) => listCompanyUsers(ctx, actorOf(request)));

  app.get('/users/:id', { preHandler: guard.signedIn }, async (request) => {
    const { id } = parse(idParam, request.params);
    return showUser(ctx, actorOf(request), id);
  });

  app.post('/users', { preHandler: guard.permission('users:manage') }, async (request) =>
    createUser(ctx, actorOf(request), parse(userCreateInput, request.body)),
  );

  app.put('/users/:id', { preHandler: guard.signedIn }, async (request) => {
    const { id } = parse(idParam, request.params);
    const input = parse(userUpdateInput, request.body);
    return updateUser(ctx, actorOf(request), id, sentFields(input, request.body));
  });

  app.delete('/users/:id', { preHandler: guard.permission('users:manage') }, async (request, reply) => {
    const { id } = parse(idParam, request.params);
    await deleteUser(ctx, actorOf(request), id);
    return reply.code(204).send();
  });
}
