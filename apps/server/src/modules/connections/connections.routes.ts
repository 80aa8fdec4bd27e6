import type { FastifyInstance } from 'fastify';
import { connectionInput, connectionSessionInput, connectionUpdateInput, idParam, sentFields } from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { parse } from '../../platform/validation.js';
import {
  commandSession,
  createConnection,
  deleteConnection,
  listConnections,
  showConnection,
  updateConnection,
} from './connections.service.js';

/**
 * Connections. Every user of the company reads them (without QR and token unless
 * admin); admins add, edit and delete them and act on their sessions. Ids of another company are
 * unknown ids (ERR_NO_WAPP_FOUND).
 */
export async function connectionsRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  // `companyId` and `session` query parameters are accepted and ignored: the company is the caller's.
  app.get('/whatsapp', { preHandler: guard.signedIn }, async (request) => listConnections(ctx, actorOf(request)));

  app.get('/whatsapp/:id', { preHandler: guard.signedIn }, async (request) => {
    const { id } = parse(idParam, request.params);
    return showConnection(ctx, actorOf(request), id);
  });

  app.post('/whatsapp', { preHandler: guard.permission('connections-page:addConnection') }, async (request) =>
    createConnection(ctx, actorOf(request), parse(connectionInput, request.body)),
  );

  app.put('/whatsapp/:id', { preHandler: guard.permission('connections-page:editOrDeleteConnection') }, async (request) => {
    const { id } = parse(idParam, request.params);
    const input = parse(connectionUpdateInput, request.body);
    return updateConnection(ctx, actorOf(request), id, sentFields(input, request.body));
  });

  app.delete('/whatsapp/:id', { preHandler: guard.permission('connections-page:editOrDeleteConnection') }, async (request, reply) => {
    const { id } = parse(idParam, request.params);
    await deleteConnection(ctx, actorOf(request), id);
    return reply.code(204).send();
  });

  const sessionGuard = guard.permission('connections-page:actionButtons');

  /** Try again: starts the session; a running session is left as it is. */
  app.post('/whatsappsession/:id', { preHandler: sessionGuard }, async (request) => {
    const { id } = parse(idParam, request.params);
    const { pairingPhone } = parse(connectionSessionInput, request.body);
    return commandSession(ctx, actorOf(request), id, 'start', pairingPhone);
  });

  /** New QR: wipes the pairing and starts over. */
  app.put('/whatsappsession/:id', { preHandler: sessionGuard }, async (request) => {
    const { id } = parse(idParam, request.params);
    const { pairingPhone } = parse(connectionSessionInput, request.body);
    return commandSession(ctx, actorOf(request), id, 'new-qr', pairingPhone);
  });

  /** Disconnect: logs out; the session stays off until started again. */
  app.delete('/whatsappsession/:id', { preHandler: sessionGuard }, async (request) => {
    const { id } = parse(idParam, request.params);
    return commandSession(ctx, actorOf(request), id, 'logout');
  });
}
