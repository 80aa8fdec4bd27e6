import type { FastifyInstance } from 'fastify';
import { QUICK_MESSAGE_MEDIA_FIELD, UPLOADS, idParam, listQuery, quickMessageInput, sentFields } from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { parse } from '../../platform/validation.js';
import {
  attachMedia,
  createQuickMessage,
  deleteQuickMessage,
  detachMedia,
  listAllQuickMessages,
  listQuickMessagesPage,
  loadChangeable,
  showQuickMessage,
  updateQuickMessage,
} from './quick-messages.service.js';

/**
 * Quick replies: every signed-in user sees the company's shared ones and their own, and creates
 * their own; only the author or an admin changes or deletes one (quick-messages.policy).
 */
export async function quickMessagesRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  app.get('/quick-messages', { preHandler: guard.signedIn }, async (request) =>
    listQuickMessagesPage(ctx, actorOf(request), parse(listQuery, request.query)),
  );

  app.get('/quick-messages/list', { preHandler: guard.signedIn }, async (request) => listAllQuickMessages(ctx, actorOf(request)));

  app.get('/quick-messages/:id', { preHandler: guard.signedIn }, async (request) => {
    const { id } = parse(idParam, request.params);
    return showQuickMessage(ctx, actorOf(request), id);
  });

  app.post('/quick-messages', { preHandler: guard.signedIn }, async (request) =>
    createQuickMessage(ctx, actorOf(request), parse(quickMessageInput, request.body)),
  );

  app.put('/quick-messages/:id', { preHandler: guard.signedIn }, async (request) => {
    const { id } = parse(idParam, request.params);
    const input = parse(quickMessageInput.partial(), request.body);
    return updateQuickMessage(ctx, actorOf(request), id, sentFields(input, request.body));
  });

  app.delete('/quick-messages/:id', { preHandler: guard.signedIn }, async (request, reply) => {
    const { id } = parse(idParam, request.params);
    await deleteQuickMessage(ctx, actorOf(request), id);
    return reply.code(204).send();
  });

  app.post('/quick-messages/:id/media-upload', { preHandler: guard.signedIn }, async (request) => {
    const { id } = parse(idParam, request.params);
    await loadChangeable(ctx, actorOf(request), id);
    return attachMedia(ctx, actorOf(request), id, await ctx.uploads.receiveOne(request, { field: QUICK_MESSAGE_MEDIA_FIELD, maxBytes: UPLOADS.mediaMaxBytes }));
  });

  app.delete('/quick-messages/:id/media-upload', { preHandler: guard.signedIn }, async (request) => {
    const { id } = parse(idParam, request.params);
    return detachMedia(ctx, actorOf(request), id);
  });
}
