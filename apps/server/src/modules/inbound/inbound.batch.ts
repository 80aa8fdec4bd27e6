/**
 * Group commit for the everyday inbound message: a customer writing into a ticket that already
 * exists and is waiting or being answered. Messages of many chats (any connection, any company)
 * that reach the store at the same moment share one transaction of four statements (contacts,
 * locked tickets, messages, last messages) and one query per company for their live events,
 * instead of a transaction and two queries each: under load the work per message shrinks as the
 * load grows, and a lone message waits no more than one turn of the event loop.
 *
 * Per-chat order still holds: a chat's lane (serial-lanes) waits for its message's batch before
 * the next message of that chat is looked at. Anything out of the ordinary (a new contact or
 * ticket, a reopen, a rating answer, a name or LID to learn, a quote, a reaction, a call, the
 * business's own messages) is handed back for the one-message path in inbound.store, which stays
 * the single place for those rules.
 */
import type { InboundMessage } from '../../channels/whatsapp/provider.js';
import type { Database } from '../../db/database.js';
import type { BotState, ContactRow, TicketRow } from '../../db/schema-conversations.js';
import { contextReader, type AppContext, type ContextSource } from '../../platform/context.js';
import { presentContacts } from '../contacts/contacts.presenter.js';
import { emitMessageChanges } from '../messages/messages.live.js';
import { emitTicketUpdate, presentedWithAudience } from '../tickets/tickets.audience.js';
import { contactChanges, type ChatIdentity } from './inbound.contacts.js';
import { inboundMessageValues, recordLastMessages, type InboundSource, type PreparedMedia, type StoreOptions, type StoredInbound } from './inbound.store.js';
import * as queries from './inbound.batch.queries.js';
import { withRetry } from './serial-lanes.js';

/** Messages per transaction; more wait for the next batch. */
const MAX_BATCH = 100;
/** Batches in flight at once, so one batch's round trips overlap the next one's. */
const PARALLEL_BATCHES = 4;

export interface BatchEntry {
  source: InboundSource;
  identity: ChatIdentity;
  event: InboundMessage;
  media: PreparedMedia;
}

/** Stored (and announced), null for a redelivery, 'single' for the one-message path. */
export type BatchOutcome = StoredInbound | null | 'single';

/** What the batch can take without looking at the database. */
export function mayBatch(identity: ChatIdentity, event: InboundMessage, options: Partial<StoreOptions>): boolean {
  return (
    !event.fromMe && !event.history && !identity.isGroup && !identity.lid && identity.number !== '' &&
    event.kind !== 'reaction' && event.kind !== 'call_log' && !event.quotedId && !event.reaction &&
    options.queueId === undefined && !options.fromCallEvent
  );
}

interface Pending {
  entry: BatchEntry;
  resolve: (outcome: BatchOutcome) => void;
}

export class InboundBatcher {
  private waiting: Pending[] = [];
  private running = 0;
  private scheduled = false;
  private readonly ctxOf: () => AppContext;

  constructor(context: ContextSource) {
    this.ctxOf = contextReader(context);
  }

  private get ctx(): AppContext {
    return this.ctxOf();
  }

  store(entry: BatchEntry): Promise<BatchOutcome> {
    return new Promise((resolve) => {
      this.waiting.push({ entry, resolve });
      this.schedule();
    });
  }

  /** Starts a batch after this turn of the event loop, gathering what arrives in the same turn. */
  private schedule(): void {
    if (this.scheduled || this.running >= PARALLEL_BATCHES || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.running < PARALLEL_BATCHES && this.waiting.length) {
        const batch = this.waiting.splice(0, MAX_BATCH);
        this.running++;
        void this.run(batch);
      }
    });
  }

  private async run(batch: Pending[]): Promise<void> {
    let outcomes: BatchOutcome[];
    try {
      const entries = batch.map((p) => p.entry);
      outcomes = await withRetry(() => this.ctx.db.transaction().execute((trx) => storeBatch(trx, entries, this.ctx.clock.now())));
    } catch (error) {
      // One bad message must not fail its neighbours: each goes its own way and fails alone.
      this.ctx.log.warn({ err: error, messages: batch.length }, 'inbound batch failed; its messages are stored one by one');
      outcomes = batch.map(() => 'single');
    } finally {
      // The next batch need not wait for this one's live events.
      this.running--;
      this.schedule();
    }
    try {
      await announceBatch(this.ctx, outcomes);
    } catch (error) {
      this.ctx.log.error({ err: error }, 'could not announce stored inbound messages');
    }
    batch.forEach((pending, i) => pending.resolve(outcomes[i]));
  }
}

interface Ready {
  index: number;
  contact: ContactRow;
  ticket: TicketRow;
}

async function storeBatch(trx: Database, entries: BatchEntry[], now: Date): Promise<BatchOutcome[]> {
  const outcomes: BatchOutcome[] = entries.map(() => 'single');
  const contacts = await queries.contactsByNumber(trx, entries.map((e) => ({ companyId: e.source.companyId, number: e.identity.number })));
  const contactOf = new Map(contacts.map((c) => [`${c.companyId}:${c.number}`, c]));
  const known: Array<{ index: number; contact: ContactRow }> = [];
  entries.forEach((entry, index) => {
    const contact = contactOf.get(`${entry.source.companyId}:${entry.identity.number}`);
    if (contact && Object.keys(contactChanges(contact, entry.identity, true)).length === 0) known.push({ index, contact });
  });
  if (known.length === 0) return outcomes;

  const tickets = await queries.lockTicketsOfChats(
    trx,
    known.map((k) => ({ companyId: entries[k.index].source.companyId, contactId: k.contact.id, whatsappId: entries[k.index].source.whatsappId })),
  );
  const ticketOf = new Map(tickets.map((t) => [`${t.contactId}:${t.whatsappId}`, t]));
  const ready: Ready[] = [];
  const taken = new Set<number>();
  for (const { index, contact } of known) {
    const ticket = ticketOf.get(`${contact.id}:${entries[index].source.whatsappId}`);
    if (!ticket || ticket.status === 'closed' || ((ticket.botState ?? {}) as BotState).awaitingRating || taken.has(ticket.id)) continue;
    taken.add(ticket.id);
    ready.push({ index, contact, ticket });
  }
  if (ready.length === 0) return outcomes;

  const inserted = await queries.insertNewMessages(
    trx,
    ready.map((r) => inboundMessageValues(entries[r.index].source, r.contact, r.ticket, entries[r.index].event, entries[r.index].media, { fromCallEvent: false, read: false, now })),
  );
  const messageOf = new Map(inserted.map((m) => [`${m.whatsappId}:${m.providerMessageId}`, m]));
  const stored = [];
  for (const r of ready) {
    const { source, event } = entries[r.index];
    const message = messageOf.get(`${source.whatsappId}:${event.providerMessageId}`);
    if (message) stored.push({ ...r, message });
    else outcomes[r.index] = null; // already stored: a redelivery
  }
  if (stored.length === 0) return outcomes;

  const updated = await recordLastMessages(trx, stored.map((s) => ({ ticketId: s.ticket.id, message: s.message, unread: true, inbound: true })), now);
  const ticketById = new Map(updated.map((t) => [t.id, t]));
  for (const s of stored) {
    outcomes[s.index] = {
      message: s.message, contact: s.contact, ticket: ticketById.get(s.ticket.id) ?? s.ticket, previous: s.ticket,
      contactCreated: false, ticketCreated: false, ticketReopened: false, consumed: false, said: [], merged: null,
    };
  }
  return outcomes;
}

/** After the commit: each ticket's update and its new message to the ticket's audience, one query per company. */
async function announceBatch(ctx: AppContext, outcomes: BatchOutcome[]): Promise<void> {
  const byCompany = new Map<number, StoredInbound[]>();
  for (const outcome of outcomes) {
    if (!outcome || outcome === 'single') continue;
    const list = byCompany.get(outcome.ticket.companyId) ?? [];
    list.push(outcome);
    byCompany.set(outcome.ticket.companyId, list);
  }
  for (const [companyId, list] of byCompany) {
    const presented = await presentedWithAudience(ctx.db, companyId, [...new Set(list.map((s) => s.ticket.id))]);
    const contactRows = [...new Map(list.map((s) => [s.contact.id, s.contact])).values()];
    const contacts = new Map((await presentContacts(ctx.db, contactRows)).map((c) => [c.id, c]));
    for (const stored of list) {
      const ticket = presented.get(stored.ticket.id);
      const contact = contacts.get(stored.contact.id);
      if (!ticket || !contact) continue;
      emitTicketUpdate(ctx, companyId, ticket);
      emitMessageChanges(ctx, companyId, { ...ticket, contact }, [{ action: 'create', message: stored.message }]);
    }
  }
}
