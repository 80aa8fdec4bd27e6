import { sql, type Insertable, type Updateable } from 'kysely';
import { PAGE_SIZE } from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { MessageRow, MessagesTable } from '../../db/schema-conversations.js';

export interface QuotedRef {
  id: string;
  body: string;
  fromMe: boolean;
  mediaType: string;
  isDeleted: boolean;
}

export function findMessage(db: Database, companyId: number, messageId: number) {
  return db.selectFrom('messages').selectAll().where('companyId', '=', companyId).where('id', '=', String(messageId)).executeTakeFirst();
}

export function lockMessage(db: Database, companyId: number, messageId: number | string) {
  return db.selectFrom('messages').selectAll().where('companyId', '=', companyId).where('id', '=', String(messageId)).forUpdate().executeTakeFirst();
}

/** A message by the provider's id on one connection: unique (company, connection, provider id). */
export function findByProviderId(db: Database, companyId: number, whatsappId: number, providerMessageId: string) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('whatsappId', '=', whatsappId)
    .where('providerMessageId', '=', providerMessageId)
    .executeTakeFirst();
}

/** Inserts unless a row with the same provider id or idempotency key exists (then undefined). */
export function insertMessageIfAbsent(db: Database, values: Insertable<MessagesTable>) {
  return db.insertInto('messages').values(values).onConflict((oc) => oc.doNothing()).returningAll().executeTakeFirst();
}

export function findByIdempotencyKey(db: Database, companyId: number, idempotencyKey: string) {
  return db.selectFrom('messages').selectAll().where('companyId', '=', companyId).where('idempotencyKey', '=', idempotencyKey).executeTakeFirst();
}

export function updateMessageRow(db: Database, companyId: number, messageId: string, values: Updateable<MessagesTable>) {
  return db.updateTable('messages').set(values).where('companyId', '=', companyId).where('id', '=', messageId).returningAll().executeTakeFirstOrThrow();
}

/** One page of a ticket's messages, newest page first (page 1), each page oldest first. */
export async function pageOfMessages(db: Database, companyId: number, ticketId: number, pageNumber: number) {
  const limit = PAGE_SIZE.messages;
  const [rows, total] = await Promise.all([
    db
      .selectFrom('messages')
      .selectAll()
      .where('companyId', '=', companyId)
      .where('ticketId', '=', ticketId)
      // Provider time, then arrival.
      .orderBy('sentAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((pageNumber - 1) * limit)
      .execute(),
    db
      .selectFrom('messages')
      .select(sql<string>`count(*)`.as('count'))
      .where('companyId', '=', companyId)
      .where('ticketId', '=', ticketId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.reverse(), count: Number(total.count) };
}

/** The messages quoted by `rows`, in one query. */
export async function quotedOf(db: Database, companyId: number, rows: MessageRow[]): Promise<Map<string, QuotedRef>> {
  const ids = [...new Set(rows.map((r) => r.quotedMessageId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const quoted = await db
    .selectFrom('messages')
    .select(['id', 'body', 'fromMe', 'mediaType', 'isDeleted'])
    .where('companyId', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  return new Map(quoted.map((q) => [q.id, q]));
}

/** Marks the customer's messages of a ticket read; answers the provider ids (for the phone's blue ticks). */
export async function markMessagesRead(db: Database, companyId: number, ticketId: number): Promise<string[]> {
  const rows = await db
    .updateTable('messages')
    .set({ read: true })
    .where('companyId', '=', companyId)
    .where('ticketId', '=', ticketId)
    .where('read', '=', false)
    .returning(['providerMessageId', 'fromMe'])
    .execute();
  return rows.filter((r) => !r.fromMe && r.providerMessageId).map((r) => r.providerMessageId!);
}

/**
 * Acks only move forward: GREATEST, and nothing happens when the ack is not news.
 * Answers the row when it changed.
 */
export function advanceAck(db: Database, companyId: number, whatsappId: number, providerMessageId: string, ack: number, now: Date) {
  return db
    .updateTable('messages')
    .set({ ack: sql<number>`greatest(ack, ${ack})`, updatedAt: now })
    .where('companyId', '=', companyId)
    .where('whatsappId', '=', whatsappId)
    .where('providerMessageId', '=', providerMessageId)
    .where('ack', '<', ack)
    .returningAll()
    .executeTakeFirst();
}
