import { sql, type Updateable } from 'kysely';
import { countAll, type Database } from '../../db/database.js';
import type { QueuesTable } from '../../db/schema.js';

/** Editable columns; schedules are written as JSON text (jsonb). */
export type QueueValues = Omit<Updateable<QueuesTable>, 'id' | 'companyId' | 'createdAt'>;

/** The bot's menu order: numbered queues first by number, then the rest by name. */
const menuOrder = sql`order_queue asc nulls last`;

export function listQueues(db: Database, companyId: number) {
  return db.selectFrom('queues').selectAll().where('companyId', '=', companyId).orderBy(menuOrder).orderBy('name').orderBy('id').execute();
}

export function findQueue(db: Database, companyId: number, queueId: number) {
  return db.selectFrom('queues').selectAll().where('companyId', '=', companyId).where('id', '=', queueId).executeTakeFirst();
}

export async function countQueues(db: Database, companyId: number): Promise<number> {
  const row = await db.selectFrom('queues').select(countAll()).where('companyId', '=', companyId).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Which of `queueIds` are queues of the company (ids of other companies simply do not match). */
export async function queueIdsOfCompany(db: Database, companyId: number, queueIds: number[]): Promise<Set<number>> {
  if (queueIds.length === 0) return new Set();
  const rows = await db.selectFrom('queues').select('id').where('companyId', '=', companyId).where('id', 'in', queueIds).execute();
  return new Set(rows.map((r) => r.id));
}

export function insertQueue(db: Database, companyId: number, values: QueueValues & { name: string; color: string }) {
  return db.insertInto('queues').values({ companyId, ...values }).returningAll().executeTakeFirstOrThrow();
}

export function updateQueueRow(db: Database, companyId: number, queueId: number, values: QueueValues) {
  return db
    .updateTable('queues')
    .set(values)
    .where('companyId', '=', companyId)
    .where('id', '=', queueId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteQueueRow(db: Database, companyId: number, queueId: number): Promise<boolean> {
  const result = await db.deleteFrom('queues').where('companyId', '=', companyId).where('id', '=', queueId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
