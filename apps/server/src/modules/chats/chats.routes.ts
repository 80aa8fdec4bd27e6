import type { FastifyInstance } from 'fastify';
import { chatInput, chatListQuery, chatMessageInput, chatMessagesQuery, chatRefParam, sentFields } from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { parse } from '../../platform/validation.js';
import { createChat, deleteChat, listChats, listMessages, markRead, sendMessage, showChat, updateChat } from './chats.service.js';

/**
 * Internal chat between users of a company. Every route needs the plan's useInternalChat; only a
 * chat's members reach it and only its owner edits or deletes it (chats.policy). `:id` is the
 * chat's id or uuid.
 */
export async function chatsRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  const allowed = guard.planFeature('useInternalChat');

  app.get('/chats', { preHandler: allowed }, async (request) => listChats(ctx, actorOf(request), parse(chatListQuery, request.query)));

  app.get('/chats/:id', { preHandler: allowed }, async (request) => showChat(ctx, actorOf(request), parse(chatRefParam, request.params).id));

  app.post('/chats', { preHandler: allowed }, async (request) => createChat(ctx, actorOf(request), parse(chatInput, request.body)));

  app.put('/chats/:id', { preHandler: allowed }, async (request) => {
    const { id } = parse(chatRefParam, request.params);
    const input = parse(chatInput.partial(), request.body);
    return updateChat(ctx, actorOf(request), id, sentFields(input, request.body));
  });

  app.delete('/chats/:id', { preHandler: allowed }, async (request, reply) => {
    await deleteChat(ctx, actorOf(request), parse(chatRefParam, request.params).id);
    return reply.code(204).send();
  });

  app.post('/chats/:id/read', { preHandler: allowed }, async (request) => markRead(ctx, actorOf(request), parse(chatRefParam, request.params).id));

  app.get('/chats/:id/messages', { preHandler: allowed }, async (request) => {
    const { id } = parse(chatRefParam, request.params);
    return listMessages(ctx, actorOf(request), id, parse(chatMessagesQuery, request.query).pageNumber);
  });

  app.post('/chats/:id/messages', { preHandler: allowed }, async (request) => {
    const { id } = parse(chatRefParam, request.params);
    return sendMessage(ctx, actorOf(request), id, parse(chatMessageInput, request.body).message);
  });
}
