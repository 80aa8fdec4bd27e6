import { randomUUID } from 'node:crypto';
import { V, type ExternalMessageInput, type ExternalSendResult } from '@atende/contract';
import type { TicketRow } from '../../db/schema-conversations.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/uploads.js';
import { presentOneContact } from '../contacts/contacts.presenter.js';
import { announceContact, storedNumber } from '../contacts/contacts.service.js';
import { resolveContact } from '../inbound/inbound.contacts.js';
import { presentMessage } from '../messages/messages.presenter.js';
import { mediaDraft } from '../messages/messages.service.js';
import { afterOutboundStored, fillForTicket, storeOutbound, type OutboundDraft } from '../messages/outbound.js';
import { announceTicket, newTicketAudience, ticketAudience } from '../tickets/tickets.audience.js';
import * as tickets from '../tickets/tickets.repository.js';
import * as repo from './messages-api.repository.js';

export interface ExternalSend extends ExternalMessageInput {
  medias: UploadedFile[];
  /** The caller's Idempotency-Key header. */
  idempotencyKey?: string;
}

const invalid = (field: string, key: string = V.invalid) => new AppError('ERR_VALIDATION', 400, { fields: { [field]: key } });

/** One key per stored message: the header's key (or a fresh one) under the connection, then the file's place. */
const keysOf = (whatsappId: number, key: string, count: number) => Array.from({ length: Math.max(1, count) }, (_, i) => `api:${whatsappId}:${key}:${i}`);

/**
 * The token's connection sends `input` to `number`: the contact and its ticket on this connection
 * are found or created, the messages stored as pending through the outbound path (the outbox
 * delivers them) and announced like an agent's. A repeated Idempotency-Key answers what the
 * first call stored and stores nothing.
 */
export async function sendExternal(ctx: AppContext, connection: repo.TokenConnection, input: ExternalSend): Promise<ExternalSendResult> {
  const { companyId, id: whatsappId } = connection;
  const number = storedNumber(input.number);
  if (input.medias.length === 0 && !input.body.trim()) throw invalid('body', V.required);
  if (input.idempotencyKey) {
    const earlier = await repo.messagesByKeys(ctx.db, companyId, keysOf(whatsappId, input.idempotencyKey, 10));
    if (earlier.length) {
      if (earlier[0].contactNumber !== number) throw new AppError('ERR_IDEMPOTENCY_KEY_REUSED', 409);
      return { ticketId: earlier[0].ticketId, contactId: earlier[0].contactId, number, messages: earlier.map((m) => presentMessage(m)) };
    }
  }
  await assertOnWhatsApp(ctx, whatsappId, number);
  if (input.userId !== undefined && !(await repo.userOfCompany(ctx.db, companyId, input.userId))) throw invalid('userId');
  if (input.queueId !== undefined && !(await repo.queueOfCompany(ctx.db, companyId, input.queueId))) throw invalid('queueId');

  const keys = keysOf(whatsappId, input.idempotencyKey ?? randomUUID(), input.medias.length);
  const base = { userId: input.userId ?? null, automated: false };
  const files = await Promise.all(input.medias.map((media) => mediaDraft(ctx, companyId, media)));
  const now = ctx.clock.now();

  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const { contact, created: newContact } = await resolveContact(trx, companyId, whatsappId, { number, lid: null, isGroup: false, name: '' }, now);
    const { ticket, created: newTicket } = await ticketFor(trx, contact.id, connection, input, now);
    const body = await fillForTicket(trx, ticket, input.body.trim(), now);
    const drafts: OutboundDraft[] = files.length
      ? files.map((file, i) => ({ ...base, ...file, body: i === 0 ? body : '', idempotencyKey: keys[i] }))
      : [{ ...base, body, idempotencyKey: keys[0] }];
    const stored = [];
    for (const draft of drafts) stored.push(await storeOutbound(trx, ticket, draft, now));
    const closed = input.closeTicket && ticket.status !== 'closed' ? await repo.closeTicketRow(trx, companyId, ticket.id, ticket.currentCycleId, now) : null;
    return { contact, newContact, ticket: closed ?? ticket, before: ticket, newTicket, stored };
  });

  const created = outcome.stored.filter((s) => s.created).map((s) => s.message);
  if (outcome.newContact) announceContact(ctx, companyId, { action: 'create', contact: await presentOneContact(ctx.db, outcome.contact) });
  if (outcome.newTicket) await announceTicket(ctx, companyId, outcome.ticket.id, newTicketAudience());
  const before = outcome.newTicket ? [] : await ticketAudience(ctx.db, outcome.before);
  await afterOutboundStored(ctx, outcome.ticket, created, before);
  return { ticketId: outcome.ticket.id, contactId: outcome.contact.id, number, messages: outcome.stored.map((s) => presentMessage(s.message)) };
}

/**
 * The number is asked to WhatsApp when this process runs the connection's session and its provider
 * can really ask; elsewhere the send itself finds out (the message ends failed with its error).
 */
async function assertOnWhatsApp(ctx: AppContext, whatsappId: number, number: string): Promise<void> {
  const session = ctx.sessions.session(whatsappId);
  if (session?.status !== 'CONNECTED' || !session.capabilities.numberCheck) return;
  const answer = await session.checkNumber(number).catch(() => null);
  if (answer && !answer.exists) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400);
}

/**
 * The contact's ticket on this connection, or a new one (open for `userId`, else pending, in
 * `queueId`). A closed ticket is used as it is, as scheduled messages do: the message joins its
 * history and the customer's answer opens a new attendance.
 */
async function ticketFor(trx: Parameters<typeof tickets.lockTicket>[0], contactId: number, connection: repo.TokenConnection, input: ExternalSend, now: Date): Promise<{ ticket: TicketRow; created: boolean }> {
  const { companyId, id: whatsappId } = connection;
  const existing = await tickets.lockTicketOf(trx, companyId, contactId, whatsappId);
  if (existing) return { ticket: existing, created: false };
  const userId = input.userId ?? null;
  const queueId = input.queueId ?? null;
  const inserted = await tickets.insertTicketIfAbsent(trx, {
    companyId, contactId, whatsappId, status: userId === null ? 'pending' : 'open', userId, queueId, isGroup: false, lastMessageAt: now, createdAt: now, updatedAt: now,
  });
  if (!inserted) {
    const raced = await tickets.lockTicketOf(trx, companyId, contactId, whatsappId);
    if (!raced) throw new AppError('ERR_CREATING_TICKET', 500);
    return { ticket: raced, created: false };
  }
  const cycle = await tickets.startCycle(trx, inserted, { queueId, userId, startedAt: now, acceptedAt: userId ? now : null });
  return { ticket: await tickets.updateTicketRow(trx, companyId, inserted.id, { currentCycleId: cycle.id }), created: true };
}
