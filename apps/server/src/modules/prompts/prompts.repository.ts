import { sql, type Insertable, type Updateable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { PromptRow, PromptsTable } from '../../db/schema-prompts.js';

export interface PromptWithQueue {
  prompt: PromptRow;
  queue: { id: number; name: string; color: string } | null;
}

export type PromptValues = Omit<Updateable<PromptsTable>, 'id' | 'companyId' | 'createdAt'>;

function withQueue(db: Database, companyId: number) {
  return db
    .selectFrom('prompts')
    .leftJoin('queues', (join) => join.onRef('queues.id', '=', 'prompts.queueId').onRef('queues.companyId', '=', 'prompts.companyId'))
    .selectAll('prompts')
    .select(['queues.name as queueName', 'queues.color as queueColor'])
    .where('prompts.companyId', '=', companyId);
}

type Joined = PromptRow & { queueName: string | null; queueColor: string | null };
const split = ({ queueName, queueColor, ...prompt }: Joined): PromptWithQueue => ({
  prompt,
  queue: queueName === null ? null : { id: prompt.queueId, name: queueName, color: queueColor ?? '' },
});

/** Every prompt of the company with its queue's name, by name. */
export async function listPrompts(db: Database, companyId: number): Promise<PromptWithQueue[]> {
  const rows = await withQueue(db, companyId).orderBy(sql`lower(prompts.name)`).orderBy('prompts.id').execute();
  return rows.map(split);
}

export async function findPromptWithQueue(db: Database, companyId: number, promptId: number): Promise<PromptWithQueue | null> {
  const row = await withQueue(db, companyId).where('prompts.id', '=', promptId).executeTakeFirst();
  return row ? split(row) : null;
}

export function findPrompt(db: Database, companyId: number, promptId: number): Promise<PromptRow | undefined> {
  return db.selectFrom('prompts').selectAll().where('companyId', '=', companyId).where('id', '=', promptId).executeTakeFirst();
}

/** Whether the prompt is one of the company's (queues and connections name prompts by id). */
export async function isPromptOfCompany(db: Database, companyId: number, promptId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('prompts').select('id').where('companyId', '=', companyId).where('id', '=', promptId).executeTakeFirst());
}

/** Whether the queue is one of the company's (a prompt answers for one of its own queues). */
export async function isQueueOfCompany(db: Database, companyId: number, queueId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('queues').select('id').where('companyId', '=', companyId).where('id', '=', queueId).executeTakeFirst());
}

export function insertPrompt(db: Database, values: Insertable<PromptsTable>) {
  return db.insertInto('prompts').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updatePromptRow(db: Database, companyId: number, promptId: number, values: PromptValues) {
  return db.updateTable('prompts').set(values).where('companyId', '=', companyId).where('id', '=', promptId).returningAll().executeTakeFirst();
}

export async function deletePromptRow(db: Database, companyId: number, promptId: number): Promise<boolean> {
  const result = await db.deleteFrom('prompts').where('companyId', '=', companyId).where('id', '=', promptId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
