import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { PAGE_SIZE, V, type Message, type MessageMediaType, type MessagePage } from '@atende/contract';
import { toChatId } from '../../channels/whatsapp/numbers.js';
import type { ProviderSession } from '../../channels/whatsapp/provider.js';
import type { Database } from '../../db/database.js';
import type { MessageRow, TicketRow } from '../../db/schema-conversations.js';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/uploads.js';
import { announceUnread, ticketAudience } from '../tickets/tickets.audience.js';
import { assertMayChangeMessage } from '../tickets/tickets.policy.js';
import { presentTicket } from '../tickets/tickets.presenter.js';
import { findTicketView, lockTicket } from '../tickets/tickets.repository.js';
import { reachableTicket, reachableTicketByUuid } from '../tickets/tickets.service.js';
import { connectionCapabilities, queueMessageChange, queueReadReceipt } from './connection-tasks.js';
import { announceMessages } from './messages.live.js';
import { presentMessage } from './messages.presenter.js';
import * as repo from './messages.repository.js';
import { afterOutboundStored, fillForTicket, storeOutbound, type OutboundDraft } from './outbound.js';

export interface SendRequest {
  body: string;
  quotedMsgId?: number | null;
  idempotencyKey?: string;
  medias?: UploadedFile[];
}

const noMessage = () => notFound('ERR_NOT_FOUND');
const invalid = (field: string, key: string = V.invalid) => new AppError('ERR_VALIDATION', 400, { fields: { [field]: key } });

/** The chat id of a ticket's customer, for provider calls on existing messages. */
async function chatIdOf(db: Database, contactId: number): Promise<string> {
  const c = await db.selectFrom('contacts').select(['number', 'lid', 'isGroup']).where('id', '=', contactId).executeTakeFirstOrThrow();
  return toChatId(c.isGroup ? `${c.number}@g.us` : c.number || c.lid || '');
}

/** GET /messages/{ticketId}: a page, and the ticket marked read (unread 0, blue ticks on the phone, updateUnread). */
export async function listMessages(ctx: AppContext, actor: Actor, ticketId: number, pageNumber: number): Promise<MessagePage> {
  return pageOfTicket(ctx, actor, await reachableTicket(ctx, actor, ticketId), pageNumber);
}

/**
 * A page of a ticket opened by its address (a reload, a shared link): the page carries the ticket,
 * so one round trip, sent before the app has even drawn itself, brings the whole conversation.
 */
export async function listMessagesByTicketUuid(ctx: AppContext, actor: Actor, uuid: string, pageNumber: number): Promise<MessagePage> {
  return pageOfTicket(ctx, actor, await reachableTicketByUuid(ctx, actor, uuid), pageNumber);
}

async function pageOfTicket(ctx: AppContext, actor: Actor, ticket: TicketRow, pageNumber: number): Promise<MessagePage> {
  const { rows, count } = await repo.pageOfMessages(ctx.db, actor.companyId, ticket.id, pageNumber);
  const quoted = await repo.quotedOf(ctx.db, actor.companyId, rows);
  if (ticket.unreadMessages > 0) await markRead(ctx, ticket);
  const view = presentTicket((await findTicketView(ctx.db, actor.companyId, ticket.id))!);
  return {
    messages: rows.map((row) => presentMessage(row, row.quotedMessageId ? quoted.get(row.quotedMessageId) : null, view.contact?.name)),
    ticket: view,
    count,
    hasMore: pageNumber * PAGE_SIZE.messages < count,
  };
}

async function markRead(ctx: AppContext, ticket: TicketRow): Promise<void> {
  const providerIds = await repo.markMessagesRead(ctx.db, ticket.companyId, ticket.id);
  await ctx.db.updateTable('tickets').set({ unreadMessages: 0 }).where('companyId', '=', ticket.companyId).where('id', '=', ticket.id).execute();
  announceUnread(ctx, ticket.companyId, ticket.id, 0, await ticketAudience(ctx.db, ticket));
  if (ticket.whatsappId === null || providerIds.length === 0) return;
  // The blue ticks are a courtesy: a failure here must not fail the page.
  try {
    const session = ctx.sessions.session(ticket.whatsappId);
    if (session?.status === 'CONNECTED') {
      if (!session.capabilities.markRead) return;
      await session
        .markRead({ chatId: await chatIdOf(ctx.db, ticket.contactId), providerMessageIds: providerIds.slice(-100) })
        .catch((error: unknown) => ctx.log.warn({ err: error, ticketId: ticket.id }, 'could not mark messages read on the phone'));
      return;
    }
    // The session runs on another node, or is down for a moment: its holder sends them on its next pass.
    if ((await connectionCapabilities(ctx, ticket.companyId, ticket.whatsappId))?.markRead) await queueReadReceipt(ctx.db, ticket, providerIds, ctx.clock.now());
  } catch (error) {
    ctx.log.warn({ err: error, ticketId: ticket.id }, 'could not ask for the read receipts');
  }
}

function mediaTypeOf(mimeType: string): MessageMediaType {
  const base = mimeType.split(';')[0].trim().toLowerCase();
  if (base.startsWith('image/')) return 'image';
  if (base.startsWith('video/')) return 'video';
  if (base.startsWith('audio/')) return 'audio';
  return 'application';
}

/** A file as an outbound draft (also the messages API's). Agent audio goes out as a voice note (ogg/opus); without ffmpeg it goes as the audio file it is. */
export async function mediaDraft(ctx: AppContext, companyId: number, media: UploadedFile): Promise<Pick<OutboundDraft, 'mediaType' | 'mediaPath' | 'mediaName' | 'mimeType' | 'extra'>> {
  const mediaType = mediaTypeOf(media.mimeType);
  if (mediaType === 'audio') {
    try {
      const voice = await ctx.media.toVoiceNote(media);
      const mimeType = 'audio/ogg; codecs=opus';
      const mediaPath = await ctx.media.save(companyId, { data: voice, mimeType });
      return { mediaType, mediaPath, mediaName: null, mimeType, extra: { voice: true } };
    } catch (error) {
      if ((error as AppError).code !== 'ERR_FFMPEG_UNAVAILABLE') throw error;
      ctx.log.warn('ffmpeg is unavailable: agent audio is sent as a file, not as a voice note');
    }
  }
  const mediaPath = await ctx.uploads.keep(companyId, media);
  return { mediaType, mediaPath, mediaName: media.fileName ?? null, mimeType: media.mimeType, extra: {} };
}

/**
 * POST /messages/{ticketId}: text (template variables filled), or files with the text as the
 * first one's caption. Stored as pending first, then sent by the outbox; the same
 * idempotencyKey answers the same message instead of a second one.
 */
export async function sendMessages(ctx: AppContext, actor: Actor, ticketId: number, request: SendRequest): Promise<Message[]> {
  const ticket = await reachableTicket(ctx, actor, ticketId);
  const medias = request.medias ?? [];
  if (ticket.status === 'closed') throw new AppError('ERR_TICKET_CLOSED', 409);
  if (medias.length === 0 && !request.body.trim()) throw invalid('body', V.required);
  let quoted: MessageRow | undefined;
  if (request.quotedMsgId) {
    quoted = await repo.findMessage(ctx.db, actor.companyId, request.quotedMsgId);
    if (!quoted || quoted.ticketId !== ticketId) throw invalid('quotedMsg');
  }
  const now = ctx.clock.now();
  const body = await fillForTicket(ctx.db, ticket, request.body.trim(), now);
  const key = `agent:${actor.userId}:${request.idempotencyKey ?? randomUUID()}`;
  const base = { userId: actor.userId, automated: false, quoted: quoted ?? null };
  const drafts: OutboundDraft[] = medias.length
    ? await Promise.all(
        medias.map(async (media, index) => ({
          ...base,
          ...(await mediaDraft(ctx, actor.companyId, media)),
          body: index === 0 ? body : '',
          idempotencyKey: `${key}:${index}`,
        })),
      )
    : [{ ...base, body, idempotencyKey: key }];

  const stored = await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockTicket(trx, actor.companyId, ticketId);
    if (!locked) throw notFound('ERR_NO_TICKET_FOUND');
    if (locked.status === 'closed') throw new AppError('ERR_TICKET_CLOSED', 409);
    const results = [];
    for (const draft of drafts) results.push(await storeOutbound(trx, locked, draft, now));
    return results;
  });
  await afterOutboundStored(ctx, ticket, stored.filter((s) => s.created).map((s) => s.message));
  const quotedRefs = await repo.quotedOf(ctx.db, actor.companyId, stored.map((s) => s.message));
  return stored.map(({ message }) => presentMessage(message, message.quotedMessageId ? quotedRefs.get(message.quotedMessageId) : null));
}

async function changeableMessage(ctx: AppContext, actor: Actor, messageId: number) {
  const message = await repo.findMessage(ctx.db, actor.companyId, messageId);
  if (!message) throw noMessage();
  const ticket = await reachableTicket(ctx, actor, message.ticketId);
  assertMayChangeMessage(actor, message);
  return { message, ticket };
}

/**
 * Where a change to a sent message is made: the session here when it runs here and is connected
 * (the phone gets it now, errors answer the request); null when the holder of the session makes it
 * on its next pass. What the provider can do is known from the connection's row on every node.
 */
async function sessionFor(ctx: AppContext, message: MessageRow, what: 'delete' | 'edit'): Promise<ProviderSession | null> {
  if (message.whatsappId === null) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409);
  const session = ctx.sessions.session(message.whatsappId);
  const capabilities = session?.capabilities ?? (await connectionCapabilities(ctx, message.companyId, message.whatsappId));
  if (!capabilities) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409);
  if (!capabilities[what]) throw new AppError('ERR_WAPP_UNSUPPORTED', 400);
  return session?.status === 'CONNECTED' ? session : null;
}

/**
 * DELETE /messages/{id}: deleted for everyone on WhatsApp, kept here marked isDeleted. Not yet sent:
 * never sent. When the session runs elsewhere the row is marked now and the phone follows.
 */
export async function deleteMessage(ctx: AppContext, actor: Actor, messageId: number): Promise<Message> {
  const { message } = await changeableMessage(ctx, actor, messageId);
  if (message.isDeleted) return presentMessage(message);
  let later = false;
  if (message.delivery === 'sent' && message.providerMessageId) {
    const session = await sessionFor(ctx, message, 'delete');
    if (session) {
      const chatId = await chatIdOf(ctx.db, message.contactId);
      await session.deleteMessage({ chatId, providerMessageId: message.providerMessageId }).catch((error: unknown) => {
        throw new AppError('ERR_DELETE_WAPP_MSG', 400, { details: { reason: (error as Error).message } });
      });
    } else later = true;
  }
  const now = ctx.clock.now();
  const values = { isDeleted: true, updatedAt: now, ...(message.delivery === 'sent' ? { errorCode: null } : {}) };
  const deleted = later
    ? await ctx.db.transaction().execute(async (trx) => {
        const row = await repo.updateMessageRow(trx, actor.companyId, message.id, values);
        await queueMessageChange(trx, row, 'delete', now);
        return row;
      })
    : await repo.updateMessageRow(ctx.db, actor.companyId, message.id, values);
  await announceMessages(ctx, actor.companyId, message.ticketId, [{ action: 'update', message: deleted }]);
  return presentMessage(deleted);
}

/**
 * PUT /messages/{id}: a sent text edited on WhatsApp too (when the provider can); the previous text
 * is kept. When the session runs elsewhere the row is changed now and the phone follows.
 */
export async function editMessage(ctx: AppContext, actor: Actor, messageId: number, newBody: string): Promise<Message> {
  const { message, ticket } = await changeableMessage(ctx, actor, messageId);
  if (message.mediaType !== 'chat' || message.isDeleted || message.delivery === 'failed') throw invalid('body');
  const body = await fillForTicket(ctx.db, ticket, newBody.trim(), ctx.clock.now());
  if (body === message.body) return presentMessage(message);
  let later = false;
  if (message.delivery === 'sent' && message.providerMessageId) {
    const session = await sessionFor(ctx, message, 'edit');
    if (session) {
      const chatId = await chatIdOf(ctx.db, message.contactId);
      await session.editMessage({ chatId, providerMessageId: message.providerMessageId, newBody: body }).catch((error: unknown) => {
        throw new AppError('ERR_SENDING_WAPP_MSG', 400, { details: { reason: (error as Error).message } });
      });
    } else later = true;
  }
  const now = ctx.clock.now();
  const change = (db: Database) =>
    db
      .updateTable('messages')
      .set({
        body,
        isEdited: true,
        previousBodies: sql<string>`previous_bodies || jsonb_build_array(${message.body}::text)`,
        updatedAt: now,
        ...(message.delivery === 'sent' ? { errorCode: null } : {}),
      })
      .where('companyId', '=', actor.companyId)
      .where('id', '=', message.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  const edited = later
    ? await ctx.db.transaction().execute(async (trx) => {
        const row = await change(trx);
        await queueMessageChange(trx, row, 'edit', now);
        return row;
      })
    : await change(ctx.db);
  await announceMessages(ctx, actor.companyId, message.ticketId, [{ action: 'update', message: edited }]);
  return presentMessage(edited);
}

