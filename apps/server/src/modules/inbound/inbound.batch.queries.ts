/**
 * The group commit's SQL (inbound.batch.ts): three statements for a whole batch of chats, each
 * with its rows passed as arrays (unnest), so the statement is the same whatever the batch's size.
 */
import { sql, type Insertable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { MessagesTable } from '../../db/schema-conversations.js';

export function contactsByNumber(trx: Database, chats: Array<{ companyId: number; number: string }>) {
  return trx
    .selectFrom('contacts')
    .selectAll()
    .where(sql<boolean>`(company_id, number) in (select * from unnest(
      ${chats.map((c) => c.companyId)}::int[], ${chats.map((c) => c.number)}::text[]))`)
    .execute();
}

/** Locked in id order, like every other writer of several tickets, so two batches never deadlock. */
export function lockTicketsOfChats(trx: Database, chats: Array<{ companyId: number; contactId: number; whatsappId: number }>) {
  return trx
    .selectFrom('tickets')
    .selectAll()
    .where(sql<boolean>`(company_id, contact_id, whatsapp_id) in (select * from unnest(
      ${chats.map((c) => c.companyId)}::int[], ${chats.map((c) => c.contactId)}::int[],
      ${chats.map((c) => c.whatsappId)}::int[]))`)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Inserts the messages not stored yet; a redelivered one (same provider id) is skipped and not returned. */
export function insertNewMessages(trx: Database, values: Insertable<MessagesTable>[]) {
  return trx.insertInto('messages').values(values).onConflict((oc) => oc.doNothing()).returningAll().execute();
}
