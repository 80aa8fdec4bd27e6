/**
 * Outbound messages are stored before they are sent, so a crash between the
 * two never loses or repeats one: a row with delivery 'pending' and
 * an idempotency key commits first; the outbox (outbox.ts) then sends it with that key, as often
 * as it takes, and the provider plus the send ledger make sure the customer gets it once.
 */
import { sql } from 'kysely';
import { V, type MessageMediaType } from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { MessageRow, TicketRow } from '../../db/schema-conversations.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { fillTemplate } from './message-templates.js';
import { announceMessages } from './messages.live.js';
import { lastMessageLabel, type MessageExtra } from './messages.presenter.js';
import { findByIdempotencyKey, insertMessageIfAbsent } from './messages.repository.js';

export interface OutboundDraft {
  body: string;
  mediaType?: MessageMediaType;
  mediaPath?: string | null;
  mediaName?: string | null;
  mimeType?: string | null;
  extra?: MessageExtra;
  quoted?: Pick<MessageRow, 'id' | 'providerMessageId'> | null;
  /** The agent who sent it; null for automatic messages. */
  userId: number | null;
  /** Sent by the product itself: the bot never answers it. */
  automated: boolean;
  /** Same key, same message: a retried request or job never stores (or sends) a second one. */
  idempotencyKey: string;
  /** Not sent before this instant (a bot's messages spaced out); now when absent. */
  notBefore?: Date;
}

/**
 * Stores the message as pending inside the caller's transaction and makes it the ticket's last
 * message. A key already used on this ticket answers the stored row (`created: false`).
 */
export async function storeOutbound(trx: Database, ticket: TicketRow, draft: OutboundDraft, now: Date): Promise<{ message: MessageRow; created: boolean }> {
  if (ticket.whatsappId === null) throw notFound('ERR_NO_WAPP_FOUND');
  const inserted = await insertMessageIfAbsent(trx, {
    companyId: ticket.companyId,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    whatsappId: ticket.whatsappId,
    cycleId: ticket.currentCycleId,
    idempotencyKey: draft.idempotencyKey,
    fromMe: true,
    automated: draft.automated,
    userId: draft.userId,
    body: draft.body,
    mediaType: draft.mediaType ?? 'chat',
    mediaPath: draft.mediaPath ?? null,
    mediaName: draft.mediaName ?? null,
    mimeType: draft.mimeType ?? null,
    extra: JSON.stringify(draft.extra ?? {}),
    read: true,
    delivery: 'pending',
    quotedMessageId: draft.quoted?.id ?? null,
    quotedProviderId: draft.quoted?.providerMessageId ?? null,
    sentAt: now.getTime(),
    nextAttemptAt: draft.notBefore ?? now,
    createdAt: now,
    updatedAt: now,
  });
  if (!inserted) {
    const existing = await findByIdempotencyKey(trx, ticket.companyId, draft.idempotencyKey);
    if (existing?.ticketId === ticket.id) return { message: existing, created: false };
    throw new AppError('ERR_VALIDATION', 400, { fields: { idempotencyKey: V.invalid } });
  }
  await trx
    .updateTable('tickets')
    .set({ lastMessage: lastMessageLabel(inserted), lastMessageAt: sql<Date>`greatest(last_message_at, ${now})`, updatedAt: now })
    .where('companyId', '=', ticket.companyId)
    .where('id', '=', ticket.id)
    .execute();
  return { message: inserted, created: true };
}

/**
 * After the commit of newly stored outbound rows: wake the sender, then tell the ticket's audience
 * (the ticket changed too: last message). `before`: who could see the ticket before the change.
 */
export async function afterOutboundStored(ctx: AppContext, ticket: Pick<TicketRow, 'companyId' | 'id' | 'whatsappId'>, messages: MessageRow[], before?: string[]) {
  if (messages.length === 0) return;
  if (ticket.whatsappId !== null) ctx.outbox.kick(ticket.whatsappId);
  const changes = messages.map((message) => ({ action: 'create' as const, message }));
  await announceMessages(ctx, ticket.companyId, ticket.id, changes, { ticketChanged: true, before });
}

/** The text with the template variables of the ticket's contact filled in. */
export async function fillForTicket(db: Database, ticket: Pick<TicketRow, 'companyId' | 'contactId' | 'id'>, body: string, now: Date): Promise<string> {
  if (!body.includes('{{')) return body;
  const contact = await db.selectFrom('contacts').select('name').where('companyId', '=', ticket.companyId).where('id', '=', ticket.contactId).executeTakeFirst();
  return fillTemplate(body, { contactName: contact?.name ?? '', ticketId: ticket.id, now });
}

/**
 * An automatic text to a ticket's customer (greetings, rating request, transfer notice, bot
 * menus): variables filled, stored as automated, announced, sent by the outbox. Call it after
 * your own transaction committed (never inside one: on the embedded database it would wait for
 * the lock that transaction holds). The key makes a repeated call harmless.
 */
export async function sendAutomatedText(
  ctx: AppContext,
  ticket: Pick<TicketRow, 'companyId' | 'id'>,
  body: string,
  idempotencyKey: string,
): Promise<MessageRow | null> {
  if (!body.trim()) return null;
  const now = ctx.clock.now();
  const current = await ctx.db.selectFrom('tickets').selectAll().where('companyId', '=', ticket.companyId).where('id', '=', ticket.id).executeTakeFirst();
  if (!current || current.whatsappId === null) return null;
  const text = await fillForTicket(ctx.db, current, body, now);
  const { message, created } = await ctx.db
    .transaction()
    .execute((trx) => storeOutbound(trx, current, { body: text, userId: null, automated: true, idempotencyKey }, now));
  if (created) await afterOutboundStored(ctx, current, [message]);
  return message;
}
