/**
 * Who a chat is. One contact per person: found by the canonical number (Brazil's
 * ninth digit always present) or by the LID; a LID-only contact gets its number when WhatsApp
 * tells us (identity events, or a message carrying both), and a phone contact and a LID contact
 * that turn out to be one person are merged: tickets, messages, cycles, notes and extra info move
 * to the contact with the number.
 */
import { sql } from 'kysely';
import { isGroupJid, isLidJid, isPhoneJid, jidToNumber, normalizeJid, parseJid } from '../../channels/whatsapp/numbers.js';
import type { Database } from '../../db/database.js';
import type { ContactRow } from '../../db/schema-conversations.js';
import { lockTicketOf } from '../tickets/tickets.repository.js';

export interface ChatIdentity {
  /** Canonical digits; '' while only the LID is known; the group id for groups. */
  number: string;
  lid: string | null;
  isGroup: boolean;
  /** The best name known (push name), '' when none. */
  name: string;
}

export interface MergeOutcome {
  /** Tickets folded into another one (announce them deleted). */
  deletedTicketIds: number[];
  /** Tickets that changed (announce them updated). */
  changedTicketIds: number[];
}

export const normalizeLid = (lid: string) => (lid.includes('@') ? normalizeJid(lid) : `${lid}@lid`);

export function identityOfChat(chatId: string, options: { lid?: string; pushName?: string; isGroup?: boolean }): ChatIdentity | null {
  const jid = normalizeJid(chatId);
  const name = (options.pushName ?? '').trim();
  if (options.isGroup || isGroupJid(jid)) {
    const id = parseJid(jid)?.user ?? '';
    return id ? { number: id, lid: null, isGroup: true, name: '' } : null;
  }
  if (isLidJid(jid)) return { number: '', lid: jid, isGroup: false, name };
  if (isPhoneJid(jid)) {
    const number = jidToNumber(jid) ?? '';
    return number ? { number, lid: options.lid ? normalizeLid(options.lid) : null, isGroup: false, name } : null;
  }
  return null;
}

function findByIdentity(db: Database, companyId: number, id: Pick<ChatIdentity, 'number' | 'lid'>) {
  return db
    .selectFrom('contacts')
    .selectAll()
    .where('companyId', '=', companyId)
    .where((eb) => {
      const match = [];
      if (id.number) match.push(eb('number', '=', id.number));
      if (id.lid) match.push(eb('lid', '=', id.lid));
      return match.length ? eb.or(match) : eb.val(false);
    })
    .orderBy('id')
    .execute();
}

/** A placeholder name (the number or the LID) gives way to the person's own name. */
const isPlaceholderName = (contact: ContactRow) => !contact.name || contact.name === contact.number || contact.name === (contact.lid ?? '').split('@')[0];

/**
 * The chat's contact, created when new. Inside the caller's transaction; concurrent callers for
 * the same person end on the same row (insert ... on conflict do nothing, then select).
 */
export async function resolveContact(
  trx: Database,
  companyId: number,
  whatsappId: number,
  id: ChatIdentity,
  now: Date,
): Promise<{ contact: ContactRow; created: boolean; merged: MergeOutcome | null }> {
  let found = await findByIdentity(trx, companyId, id);
  if (found.length === 0) {
    const inserted = await trx
      .insertInto('contacts')
      .values({
        companyId, name: id.name || id.number || (id.lid ?? '').split('@')[0], number: id.number, lid: id.lid,
        isGroup: id.isGroup, whatsappId, createdAt: now, updatedAt: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { contact: inserted, created: true, merged: null };
    found = await findByIdentity(trx, companyId, id); // someone else created it a moment ago
  }
  const { contact, merged } = await link(trx, companyId, found, id, now);
  return { contact, created: false, merged };
}

/** A phone jid and a LID are one person (identity event): link or merge what exists. */
export async function linkIdentity(trx: Database, companyId: number, phoneJid: string, lid: string, now: Date) {
  const number = jidToNumber(phoneJid);
  if (!number) return null;
  const id: ChatIdentity = { number, lid: normalizeLid(lid), isGroup: false, name: '' };
  const found = await findByIdentity(trx, companyId, id);
  if (found.length === 0) return null; // nobody yet: the next message carries both
  return link(trx, companyId, found, id, now);
}

/** What a chat's identity teaches about its contact: the LID, the number, the person's own name. */
export function contactChanges(keep: ContactRow, id: ChatIdentity, foundByNumber: boolean): Partial<Pick<ContactRow, 'lid' | 'number' | 'name'>> {
  const changes: Partial<Pick<ContactRow, 'lid' | 'number' | 'name'>> = {};
  if (id.lid && keep.lid !== id.lid && (!keep.lid || foundByNumber)) changes.lid = id.lid;
  if (id.number && !keep.number) changes.number = id.number;
  if (id.name && isPlaceholderName(keep) && keep.name !== id.name) changes.name = id.name;
  return changes;
}

async function link(trx: Database, companyId: number, found: ContactRow[], id: ChatIdentity, now: Date) {
  const byNumber = id.number ? found.find((c) => c.number === id.number) : undefined;
  const byLid = id.lid ? found.find((c) => c.lid === id.lid) : undefined;
  let merged: MergeOutcome | null = null;
  if (byNumber && byLid && byNumber.id !== byLid.id) merged = await mergeContacts(trx, companyId, byNumber, byLid);
  const keep = (byNumber ?? byLid ?? found[0])!;
  const changes = contactChanges(keep, id, Boolean(byNumber));
  if (Object.keys(changes).length === 0) return { contact: keep, merged };
  const contact = await trx.updateTable('contacts').set({ ...changes, updatedAt: now }).where('id', '=', keep.id).returningAll().executeTakeFirstOrThrow();
  return { contact, merged };
}

/**
 * Folds `drop` into `keep`. A ticket of `drop` on a connection where `keep` already has one is
 * merged into that ticket (messages, cycles, notes and tags move; the livelier state wins);
 * other tickets just change contact. `drop` is deleted last, so its LID can go to `keep`.
 */
export async function mergeContacts(trx: Database, companyId: number, keep: ContactRow, drop: ContactRow): Promise<MergeOutcome> {
  await trx.selectFrom('contacts').select('id').where('id', 'in', [keep.id, drop.id]).orderBy('id').forUpdate().execute();
  const outcome: MergeOutcome = { deletedTicketIds: [], changedTicketIds: [] };
  const tickets = await trx.selectFrom('tickets').selectAll().where('companyId', '=', companyId).where('contactId', '=', drop.id).orderBy('id').forUpdate().execute();
  for (const ticket of tickets) {
    const target = ticket.whatsappId !== null ? await lockTicketOf(trx, companyId, keep.id, ticket.whatsappId) : undefined;
    const to = target?.id ?? ticket.id;
    await trx.updateTable('messages').set({ ticketId: to, contactId: keep.id }).where('ticketId', '=', ticket.id).execute();
    await trx.updateTable('ticketCycles').set({ ticketId: to, contactId: keep.id }).where('ticketId', '=', ticket.id).execute();
    await trx.updateTable('ticketNotes').set({ ticketId: to, contactId: keep.id }).where('ticketId', '=', ticket.id).execute();
    if (!target) {
      await trx.updateTable('tickets').set({ contactId: keep.id }).where('id', '=', ticket.id).execute();
      outcome.changedTicketIds.push(ticket.id);
      continue;
    }
    await sql`insert into ticket_tags (ticket_id, tag_id) select ${target.id}, tag_id from ticket_tags where ticket_id = ${ticket.id} on conflict do nothing`.execute(trx);
    const newer = new Date(ticket.lastMessageAt).getTime() > new Date(target.lastMessageAt).getTime();
    const livelier = target.status === 'closed' && ticket.status !== 'closed';
    await trx
      .updateTable('tickets')
      .set({
        unreadMessages: target.unreadMessages + ticket.unreadMessages,
        ...(newer ? { lastMessage: ticket.lastMessage, lastMessageAt: ticket.lastMessageAt } : {}),
        lastInboundAt: sql<Date>`greatest(last_inbound_at, ${ticket.lastInboundAt})`,
        ...(livelier ? { status: ticket.status, userId: ticket.userId, queueId: ticket.queueId, currentCycleId: ticket.currentCycleId, botState: JSON.stringify(ticket.botState ?? {}) } : {}),
      })
      .where('id', '=', target.id)
      .execute();
    await trx.deleteFrom('tickets').where('id', '=', ticket.id).execute();
    outcome.deletedTicketIds.push(ticket.id);
    outcome.changedTicketIds.push(target.id);
  }
  await trx.updateTable('ticketNotes').set({ contactId: keep.id }).where('contactId', '=', drop.id).execute();
  await trx.updateTable('contactExtraInfo').set({ contactId: keep.id }).where('contactId', '=', drop.id).execute();
  await trx.deleteFrom('contacts').where('id', '=', drop.id).execute();
  return outcome;
}
