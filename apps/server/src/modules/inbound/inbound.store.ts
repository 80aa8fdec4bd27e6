/**
 * One inbound message, stored in one transaction: the contact found or
 * created, the ticket found, created or reopened (closed -> pending with a new attendance cycle;
 * never a ticket per media item), a rating answer captured, the message inserted unless its
 * provider id is already stored, and the ticket's counters and last message updated. A duplicate
 * rolls everything back and is reported as null.
 */
import { sql } from 'kysely';
import type { MessageMediaType } from '@atende/contract';
import type { InboundMessage, MessageKind } from '../../channels/whatsapp/provider.js';
import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { MessagesTable } from '../../db/schema-conversations.js';
import type { BotState, ContactRow, MessageRow, TicketRow } from '../../db/schema-conversations.js';
import type { AppContext } from '../../platform/context.js';
import { lastMessageLabel, type MessageExtra } from '../messages/messages.presenter.js';
import { findByProviderId, insertMessageIfAbsent } from '../messages/messages.repository.js';
import { fillForTicket, storeOutbound } from '../messages/outbound.js';
import { insertTicketIfAbsent, lockTicketOf, queueIdsOfConnection, startCycle, updateCycle, updateTicketRow } from '../tickets/tickets.repository.js';
import { resolveContact, type ChatIdentity, type MergeOutcome } from './inbound.contacts.js';
import { withRetry } from './serial-lanes.js';

export const MEDIA_TYPE_OF: Record<MessageKind, MessageMediaType> = {
  text: 'chat', image: 'image', video: 'video', audio: 'audio', voice: 'audio', document: 'application', sticker: 'sticker',
  location: 'locationMessage', contact: 'vcard', reaction: 'reaction', call_log: 'call_log',
};

export interface PreparedMedia {
  mediaPath: string | null;
  mediaName: string | null;
  mimeType: string | null;
  /** The provider's reference when the bytes could not be saved (download later). */
  mediaRef?: string;
}

export interface InboundSource {
  companyId: number;
  whatsappId: number;
}

export interface StoreOptions {
  /**
   * The queue a new or reopened ticket goes to, null for the bot to choose. By default the
   * connection's queue when it has exactly one, looked up only when a ticket starts an attendance.
   */
  queueId?: number | null;
  /** The call_log entry written from a call event (a provider's own missed-call message then merges with it). */
  fromCallEvent?: boolean;
}

export interface StoredInbound {
  message: MessageRow;
  contact: ContactRow;
  ticket: TicketRow;
  /** The ticket as it was before this message (null when the message created it). */
  previous: TicketRow | null;
  contactCreated: boolean;
  ticketCreated: boolean;
  ticketReopened: boolean;
  /** A rating answer: recorded on the cycle, not a new conversation. */
  consumed: boolean;
  /** Automatic messages stored with it (the completion message after a rating). */
  said: MessageRow[];
  merged: MergeOutcome | null;
}

class Duplicate extends Error {}

const RATING_WINDOW_MS = 24 * 60 * 60_000;

/** '1', '2' or '3' (also '*2*', '3.'), within a day of the question. */
export function ratingOf(body: string, askedAt: number | undefined, now: Date): number | null {
  if (askedAt !== undefined && now.getTime() - askedAt > RATING_WINDOW_MS) return null;
  const answer = body.replace(/[\s*.!_~]/g, '');
  return /^[1-3]$/.test(answer) ? Number(answer) : null;
}

function extraOf(event: InboundMessage, media: PreparedMedia, fromCallEvent: boolean): MessageExtra & { fromCallEvent?: boolean } {
  const extra: MessageExtra & { fromCallEvent?: boolean } = {};
  if (event.location) extra.location = event.location;
  if (event.vcard) extra.vcard = event.vcard;
  if (event.kind === 'voice') extra.voice = true;
  if (event.isGroup && event.senderId) Object.assign(extra, { senderId: event.senderId, senderName: event.pushName });
  if (media.mediaRef) extra.mediaRef = media.mediaRef;
  if (event.reaction) extra.targetId = event.reaction.targetId;
  if (fromCallEvent) extra.fromCallEvent = true;
  return extra;
}

/** The queue an attendance starting now goes to (StoreOptions.queueId). */
async function startingQueue(trx: Database, whatsappId: number, options: StoreOptions): Promise<number | null> {
  if (options.queueId !== undefined) return options.queueId;
  const queues = await queueIdsOfConnection(trx, whatsappId);
  return queues.length === 1 ? queues[0] : null;
}

async function ticketFor(trx: Database, contact: ContactRow, source: InboundSource, event: InboundMessage, options: StoreOptions, now: Date) {
  const { companyId, whatsappId } = source;
  const existing = await lockTicketOf(trx, companyId, contact.id, whatsappId);
  if (existing) return { ticket: existing, created: false };
  const queueId = event.history ? null : await startingQueue(trx, whatsappId, options);
  // A chat that only comes from the phone's history is a past conversation: closed, no attendance.
  const inserted = await insertTicketIfAbsent(trx, {
    companyId, contactId: contact.id, whatsappId, status: event.history ? 'closed' : 'pending', queueId,
    isGroup: contact.isGroup, lastMessageAt: new Date(event.timestamp), createdAt: now, updatedAt: now,
  });
  if (!inserted) return { ticket: (await lockTicketOf(trx, companyId, contact.id, whatsappId))!, created: false };
  if (event.history) return { ticket: inserted, created: true };
  const cycle = await startCycle(trx, inserted, { queueId, startedAt: now });
  return { ticket: await updateTicketRow(trx, companyId, inserted.id, { currentCycleId: cycle.id }), created: true };
}

/** Records a 1-3 answer on the finished attendance and queues the connection's completion message. */
async function captureRating(trx: Database, ticket: TicketRow, state: BotState, event: InboundMessage, now: Date) {
  const cleared = await updateTicketRow(trx, ticket.companyId, ticket.id, { botState: JSON.stringify({ ...state, awaitingRating: false }) });
  const rating = ticket.status === 'closed' ? ratingOf(event.body, state.ratingAskedAt, now) : null;
  if (rating === null) return { ticket: cleared, said: [] as MessageRow[], consumed: false };
  await updateCycle(trx, ticket.companyId, ticket.currentCycleId, { rating, ratedAt: now });
  const said: MessageRow[] = [];
  const connection = await trx.selectFrom('whatsapps').select('complationMessage').where('id', '=', ticket.whatsappId ?? 0).executeTakeFirst();
  if (connection?.complationMessage.trim() && !ticket.isGroup) {
    const body = await fillForTicket(trx, ticket, connection.complationMessage, now);
    const key = `complation:${ticket.currentCycleId ?? ticket.id}`;
    const { message, created } = await storeOutbound(trx, cleared, { body, userId: null, automated: true, idempotencyKey: key }, now);
    if (created) said.push(message);
  }
  return { ticket: cleared, said, consumed: true };
}

/** A provider's own missed-call message right after the call event we logged is the same call. */
async function loggedCallNear(trx: Database, ticketId: number, timestamp: number): Promise<boolean> {
  const row = await trx
    .selectFrom('messages')
    .select('id')
    .where('ticketId', '=', ticketId)
    .where('mediaType', '=', 'call_log')
    .where(sql<boolean>`abs(sent_at - ${timestamp}) < 120000 and extra->>'fromCallEvent' = 'true'`)
    .executeTakeFirst();
  return Boolean(row);
}

/** The message row of an inbound event on its ticket (quoted references are the caller's). */
export function inboundMessageValues(
  source: InboundSource,
  contact: ContactRow,
  ticket: TicketRow,
  event: InboundMessage,
  media: PreparedMedia,
  options: { fromCallEvent: boolean; read: boolean; now: Date },
): Insertable<MessagesTable> {
  return {
    companyId: source.companyId, ticketId: ticket.id, contactId: contact.id, whatsappId: source.whatsappId, cycleId: ticket.currentCycleId,
    providerMessageId: event.providerMessageId, fromMe: event.fromMe, automated: false, userId: null,
    body: event.body, mediaType: MEDIA_TYPE_OF[event.kind] ?? 'chat', mediaPath: media.mediaPath, mediaName: media.mediaName, mimeType: media.mimeType,
    extra: JSON.stringify(extraOf(event, media, options.fromCallEvent)),
    ack: event.fromMe ? 1 : 0, read: options.read, delivery: event.fromMe ? 'sent' : 'received',
    quotedMessageId: null, quotedProviderId: null, sentAt: event.timestamp, createdAt: options.now, updatedAt: options.now,
  };
}

export interface LastMessageEntry {
  ticketId: number;
  message: MessageRow;
  /** A customer's message the agents have not read yet. */
  unread: boolean;
  /** Written by the customer (the Cloud 24-hour window counts from it). */
  inbound: boolean;
}

/**
 * Each ticket's last message, unread count and last inbound time after new messages, in one
 * statement for any number of tickets (one entry per ticket). The newest message by provider
 * time is the ticket's last message, whatever order they arrive in.
 */
export async function recordLastMessages(trx: Database, entries: LastMessageEntry[], now: Date): Promise<TicketRow[]> {
  const at = entries.map((e) => new Date(Number(e.message.sentAt)).toISOString());
  return trx
    .updateTable('tickets')
    .from(
      sql<{ id: number; label: string; at: Date; unread: number; inbound: boolean }>`(select * from unnest(
        ${entries.map((e) => e.ticketId)}::int[], ${entries.map((e) => lastMessageLabel(e.message))}::text[], ${at}::timestamptz[],
        ${entries.map((e) => (e.unread ? 1 : 0))}::int[], ${entries.map((e) => e.inbound)}::bool[]
      ) as v(id, label, at, unread, inbound))`.as('v'),
    )
    .set({
      lastMessage: sql<string>`case when v.at >= tickets.last_message_at then v.label else tickets.last_message end`,
      lastMessageAt: sql<Date>`greatest(tickets.last_message_at, v.at)`,
      unreadMessages: sql<number>`tickets.unread_messages + v.unread`,
      lastInboundAt: sql<Date>`case when v.inbound then greatest(coalesce(tickets.last_inbound_at, v.at), v.at) else tickets.last_inbound_at end`,
      updatedAt: now,
    })
    .whereRef('tickets.id', '=', sql.ref('v.id'))
    .returningAll('tickets')
    .execute();
}

export async function storeInbound(
  ctx: AppContext,
  source: InboundSource,
  identity: ChatIdentity,
  event: InboundMessage,
  media: PreparedMedia,
  options: StoreOptions,
): Promise<StoredInbound | null> {
  const { companyId, whatsappId } = source;
  const work = () =>
    ctx.db.transaction().execute(async (trx): Promise<StoredInbound> => {
      const now = ctx.clock.now();
      const { contact, created: contactCreated, merged } = await resolveContact(trx, companyId, whatsappId, identity, now);
      const found = await ticketFor(trx, contact, source, event, options, now);
      let ticket = found.ticket;
      const previous = found.created ? null : found.ticket;
      const customer = !event.fromMe && !event.history;
      const quiet = event.kind === 'reaction';
      let said: MessageRow[] = [];
      let consumed = false;
      const state = (ticket.botState ?? {}) as BotState;
      if (customer && !quiet && state.awaitingRating) ({ ticket, said, consumed } = await captureRating(trx, ticket, state, event, now));
      if (event.kind === 'call_log' && !options.fromCallEvent && (await loggedCallNear(trx, ticket.id, event.timestamp))) throw new Duplicate();

      let reopened = false;
      if (ticket.status === 'closed' && customer && !consumed && !quiet) {
        const queueId = await startingQueue(trx, whatsappId, options);
        const cycle = await startCycle(trx, ticket, { queueId, startedAt: now });
        ticket = await updateTicketRow(trx, companyId, ticket.id, {
          status: 'pending', userId: null, queueId, currentCycleId: cycle.id, botState: '{}', chatbot: false, updatedAt: now,
        });
        reopened = true;
      }

      const quotedId = event.reaction?.targetId ?? event.quotedId;
      const quoted = quotedId ? await findByProviderId(trx, companyId, whatsappId, quotedId) : undefined;
      const message = await insertMessageIfAbsent(trx, {
        ...inboundMessageValues(source, contact, ticket, event, media, { fromCallEvent: Boolean(options.fromCallEvent), read: !customer || consumed, now }),
        quotedMessageId: quoted?.id ?? null, quotedProviderId: quotedId ?? null,
      });
      if (!message) throw new Duplicate();

      if (!quiet) [ticket] = await recordLastMessages(trx, [{ ticketId: ticket.id, message, unread: customer && !consumed, inbound: !event.fromMe }], now);
      return { message, contact, ticket, previous, contactCreated, ticketCreated: found.created, ticketReopened: reopened, consumed, said, merged };
    });
  try {
    return await withRetry(work);
  } catch (error) {
    if (error instanceof Duplicate) return null;
    throw error;
  }
}
