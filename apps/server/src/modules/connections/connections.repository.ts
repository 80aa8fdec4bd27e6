import type { QueueRef } from '@atende/contract';
import { countAll, type Database } from '../../db/database.js';
import type { Insertable } from 'kysely';
import type { WhatsappsTable, WhatsappUpdate } from '../../db/schema.js';

/** Connections of a company, oldest first (the order of the connections page). */
export function listConnectionRows(db: Database, companyId: number) {
  return db.selectFrom('whatsapps').selectAll().where('companyId', '=', companyId).orderBy('createdAt').orderBy('id').execute();
}

export function findConnectionRow(db: Database, companyId: number, whatsappId: number) {
  return db.selectFrom('whatsapps').selectAll().where('companyId', '=', companyId).where('id', '=', whatsappId).executeTakeFirst();
}

/** The row locked for the rest of the caller's transaction (edits and deletes of one connection run one at a time). */
export function lockConnectionRow(db: Database, companyId: number, whatsappId: number) {
  return db
    .selectFrom('whatsapps')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('id', '=', whatsappId)
    .forUpdate()
    .executeTakeFirst();
}

export function defaultConnectionRow(db: Database, companyId: number) {
  return db.selectFrom('whatsapps').selectAll().where('companyId', '=', companyId).where('isDefault', '=', true).executeTakeFirst();
}

export async function countConnections(db: Database, companyId: number): Promise<number> {
  const row = await db.selectFrom('whatsapps').select(countAll()).where('companyId', '=', companyId).executeTakeFirstOrThrow();
  return Number(row.count);
}

export function insertConnectionRow(db: Database, values: Insertable<WhatsappsTable>) {
  return db.insertInto('whatsapps').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateConnectionRow(db: Database, companyId: number, whatsappId: number, values: WhatsappUpdate) {
  return db
    .updateTable('whatsapps')
    .set(values)
    .where('companyId', '=', companyId)
    .where('id', '=', whatsappId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteConnectionRow(db: Database, companyId: number, whatsappId: number): Promise<void> {
  await db.deleteFrom('whatsapps').where('companyId', '=', companyId).where('id', '=', whatsappId).execute();
}

/** Takes the default flag from whichever connection has it (before another one takes it). */
export async function clearDefault(db: Database, companyId: number, now: Date): Promise<void> {
  await db
    .updateTable('whatsapps')
    .set({ isDefault: false, updatedAt: now })
    .where('companyId', '=', companyId)
    .where('isDefault', '=', true)
    .execute();
}

/** The oldest connection left, made the default (after the default one was deleted). */
export async function promoteOldest(db: Database, companyId: number, now: Date) {
  const oldest = await db
    .selectFrom('whatsapps')
    .select('id')
    .where('companyId', '=', companyId)
    .orderBy('createdAt')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!oldest) return undefined;
  return updateConnectionRow(db, companyId, oldest.id, { isDefault: true, updatedAt: now });
}

export async function replaceConnectionQueues(db: Database, whatsappId: number, queueIds: number[]): Promise<void> {
  await db.deleteFrom('whatsappQueues').where('whatsappId', '=', whatsappId).execute();
  const unique = [...new Set(queueIds)];
  if (unique.length) await db.insertInto('whatsappQueues').values(unique.map((queueId) => ({ whatsappId, queueId }))).execute();
}

/** Queues of several connections at once: a list costs two queries, not one per row. */
export async function queuesOfConnections(db: Database, companyId: number, whatsappIds: number[]): Promise<Map<number, QueueRef[]>> {
  const byConnection = new Map<number, QueueRef[]>(whatsappIds.map((id) => [id, []]));
  if (whatsappIds.length === 0) return byConnection;
  const rows = await db
    .selectFrom('whatsappQueues')
    .innerJoin('queues', 'queues.id', 'whatsappQueues.queueId')
    .select(['whatsappQueues.whatsappId', 'queues.id', 'queues.name', 'queues.color'])
    .where('queues.companyId', '=', companyId)
    .where('whatsappQueues.whatsappId', 'in', whatsappIds)
    .orderBy('queues.name')
    .execute();
  for (const { whatsappId, ...queue } of rows) byConnection.get(whatsappId)?.push(queue);
  return byConnection;
}
