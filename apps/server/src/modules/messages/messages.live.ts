import type { Contact, MessageEvent, Ticket } from '@atende/contract';
import type { MessageRow } from '../../db/schema-conversations.js';
import type { AppContext } from '../../platform/context.js';
import { findContact } from '../contacts/contacts.repository.js';
import { presentOneContact } from '../contacts/contacts.presenter.js';
import { announceTicket, ticketAudience } from '../tickets/tickets.audience.js';
import { presentTicket } from '../tickets/tickets.presenter.js';
import { findTicketView } from '../tickets/tickets.repository.js';
import { presentMessage } from './messages.presenter.js';
import { quotedOf, type QuotedRef } from './messages.repository.js';

export interface MessageChange {
  action: 'create' | 'update';
  message: MessageRow;
}

/**
 * After a commit: `company-{id}-appMessage` for each changed message of one ticket, to exactly
 * the users who may see that ticket, with the ticket as it is now. With
 * `ticketChanged` the ticket's own update event goes out too (same audience, one lookup).
 */
export async function announceMessages(
  ctx: AppContext,
  companyId: number,
  ticketId: number,
  changes: MessageChange[],
  options: { ticketChanged?: boolean; before?: string[] } = {},
): Promise<void> {
  let ticket: Ticket;
  let audience: string[];
  if (options.ticketChanged) {
    const announced = await announceTicket(ctx, companyId, ticketId, options.before);
    if (!announced) return;
    ({ ticket, audience } = announced);
  } else {
    const view = await findTicketView(ctx.db, companyId, ticketId);
    if (!view) return;
    ticket = presentTicket(view);
    audience = await ticketAudience(ctx.db, view);
  }
  if (changes.length === 0) return;
  const contactRow = await findContact(ctx.db, companyId, ticket.contactId);
  if (!contactRow) return;
  const contact = await presentOneContact(ctx.db, contactRow);
  const quoted = await quotedOf(ctx.db, companyId, changes.map((c) => c.message));
  emitMessageChanges(ctx, companyId, { ticket, audience, contact }, changes, quoted);
}

/**
 * `appMessage` for each change, with the ticket as it is now and its contact as the contacts API
 * answers it (clients show the sender's name and picture in notifications), to the ticket's audience.
 */
export function emitMessageChanges(
  ctx: AppContext,
  companyId: number,
  presented: { ticket: Ticket; audience: string[]; contact: Contact },
  changes: MessageChange[],
  quoted: Map<string, QuotedRef> = new Map(),
): void {
  for (const change of changes) {
    const payload: MessageEvent = {
      action: change.action,
      message: presentMessage(change.message, change.message.quotedMessageId ? quoted.get(change.message.quotedMessageId) : null, presented.contact.name),
      ticket: presented.ticket,
      contact: presented.contact,
    };
    for (const room of presented.audience) ctx.live.toRoom(room, companyId, 'appMessage', payload);
    const { action: _action, ...data } = payload;
    ctx.webhooks.publish(companyId, change.action === 'create' ? 'message.created' : 'message.updated', data);
  }
}

/** Same as announceMessages, never throwing: for background work (outbox, receipts) where a failed emit must not undo stored state. */
export async function announceQuietly(ctx: AppContext, companyId: number, ticketId: number, changes: MessageChange[], options: { ticketChanged?: boolean } = {}) {
  try {
    await announceMessages(ctx, companyId, ticketId, changes, options);
  } catch (error) {
    ctx.log.error({ err: error, companyId, ticketId }, 'could not announce message changes');
  }
}
