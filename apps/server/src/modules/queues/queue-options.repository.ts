import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { QueueOptionsTable } from '../../db/schema-conversations.js';

export type QueueOptionRow = Selectable<QueueOptionsTable>;

/** Every option of the queue: a queue's tree is small, it is read whole and shaped in memory. */
export function optionsOfQueue(db: Database, companyId: number, queueId: number) {
  return db.selectFrom('queueOptions').selectAll().where('companyId', '=', companyId).where('queueId', '=', queueId).orderBy('id').execute();
}

export function findOption(db: Database, companyId: number, optionId: number) {
  return db.selectFrom('queueOptions').selectAll().where('companyId', '=', companyId).where('id', '=', optionId).executeTakeFirst();
}

/** Locks the queue for the rest of the transaction: changes to one queue's tree run one at a time. */
export async function lockQueue(db: Database, companyId: number, queueId: number): Promise<boolean> {
  const row = await db.selectFrom('queues').select('id').where('companyId', '=', companyId).where('id', '=', queueId).forUpdate().executeTakeFirst();
  return Boolean(row);
}

export function insertOption(
  db: Database,
  values: { companyId: number; queueId: number; parentId: number | null; title: string; message: string; option: string },
) {
  return db.insertInto('queueOptions').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateOptionRow(
  db: Database,
  companyId: number,
  optionId: number,
  values: { parentId?: number | null; title?: string; message?: string; option?: string; updatedAt: Date },
) {
  return db
    .updateTable('queueOptions')
    .set(values)
    .where('companyId', '=', companyId)
    .where('id', '=', optionId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The option and, through the parent foreign key, its whole subtree. */
export async function deleteOptionRow(db: Database, companyId: number, optionId: number): Promise<void> {
  await db.deleteFrom('queueOptions').where('companyId', '=', companyId).where('id', '=', optionId).execute();
}
