import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { UPLOADS, idParam, uuidParam, messageEditInput, messageSendInput } from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { parse } from '../../platform/validation.js';
import { deleteMessage, editMessage, listMessages, listMessagesByTicketUuid, sendMessages, type SendRequest } from './messages.service.js';

const pageQuery = z.object({ pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1) });
const quotedId = z.object({ id: idParam.shape.id.nullable().catch(null) });
const captionFields = z.object({
  body: z.string().max(4096).optional().default(''),
  idempotencyKey: z.string().min(8).max(100).optional(),
  quotedMsg: z.string().optional(),
});

/** multipart: `medias` (one or more files), `body` (the caption), optionally `idempotencyKey` and `quotedMsg` (JSON with an id). */
async function readMultipart(ctx: AppContext, request: FastifyRequest): Promise<SendRequest> {
  const { files: medias, fields } = await ctx.uploads.receive(request, {
    field: 'medias',
    maxBytes: UPLOADS.mediaMaxBytes,
    maxFiles: UPLOADS.filesPerMessage,
  });
  const { body, idempotencyKey, quotedMsg } = parse(captionFields, fields);
  let quotedMsgId: number | null = null;
  if (quotedMsg) {
    try {
      const parsed: unknown = JSON.parse(quotedMsg);
      quotedMsgId = parse(quotedId, { id: typeof parsed === 'object' && parsed ? (parsed as { id?: unknown }).id : parsed }).id;
    } catch {
      throw new AppError('ERR_VALIDATION', 400, { fields: { quotedMsg: 'invalid' } });
    }
  }
  if (medias.length === 0 && !body.trim()) throw new AppError('ERR_VALIDATION', 400, { fields: { medias: 'required' } });
  return { body, idempotencyKey, quotedMsgId, medias };
}

/**
 * Messages of a ticket: read a page (marks the ticket read), send text or files, edit and delete
 * one's own. The outbox delivers what is stored (the worker role runs it).
 */
export async function messagesRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  // One parameter name per path segment (the router shares it): for GET and POST `:id` is the ticket's id.
  app.get('/messages/:id', { preHandler: guard.signedIn }, async (request) => {
    const { id: ticketId } = parse(idParam, request.params);
    const { pageNumber } = parse(pageQuery, request.query);
    return listMessages(ctx, actorOf(request), ticketId, pageNumber);
  });

  // A ticket's address, as /tickets/u/:uuid: the page (with its ticket) in one round trip.
  app.get('/messages/u/:uuid', { preHandler: guard.signedIn }, async (request) => {
    const { uuid } = parse(uuidParam, request.params);
    const { pageNumber } = parse(pageQuery, request.query);
    return listMessagesByTicketUuid(ctx, actorOf(request), uuid, pageNumber);
  });

  app.post('/messages/:id', { preHandler: guard.signedIn, bodyLimit: 5 * 1024 * 1024 }, async (request) => {
    const { id: ticketId } = parse(idParam, request.params);
    if (request.isMultipart()) return sendMessages(ctx, actorOf(request), ticketId, await readMultipart(ctx, request));
    const input = parse(messageSendInput, request.body);
    const [message] = await sendMessages(ctx, actorOf(request), ticketId, {
      body: input.body,
      quotedMsgId: input.quotedMsg?.id ?? null,
      idempotencyKey: input.idempotencyKey,
    });
    return message;
  });

  app.put('/messages/:id', { preHandler: guard.signedIn }, async (request) => {
    const { id } = parse(idParam, request.params);
    return editMessage(ctx, actorOf(request), id, parse(messageEditInput, request.body).body);
  });

  app.delete('/messages/:id', { preHandler: guard.signedIn }, async (request) => {
    const { id } = parse(idParam, request.params);
    return deleteMessage(ctx, actorOf(request), id);
  });
}
