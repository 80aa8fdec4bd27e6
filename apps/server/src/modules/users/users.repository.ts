import { sql } from 'kysely';
import type { QueueRef } from '@atende/contract';
import { countAll, type Database } from '../../db/database.js';
import type { UserUpdate } from '../../db/schema.js';

export function findUser(db: Database, companyId: number, userId: number) {
  return db.selectFrom('users').selectAll().where('companyId', '=', companyId).where('id', '=', userId).executeTakeFirst();
}

function usersOf(db: Database, companyId: number) {
  return db.selectFrom('users').where('companyId', '=', companyId);
}

/** Name in any case, then id: stable, so paging never repeats or skips a row. */
const byName = sql`lower(users.name)`;

/** One page of the company's users whose name or email contains `search` (any case). */
export async function pageOfUsers(db: Database, companyId: number, page: { search: string; limit: number; offset: number }) {
  let query = usersOf(db, companyId);
  if (page.search) {
    const term = page.search.toLowerCase();
    // strpos instead of LIKE: the search text is taken literally, '%' and '_' included.
    query = query.where((eb) =>
      eb.or([eb(sql`strpos(lower(users.name), ${term})`, '>', 0), eb(sql`strpos(lower(users.email), ${term})`, '>', 0)]),
    );
  }
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy(byName).orderBy('id').limit(page.limit).offset(page.offset).execute(),
    query.select(countAll()).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

export function listUsers(db: Database, companyId: number) {
  return usersOf(db, companyId).selectAll().orderBy(byName).orderBy('id').execute();
}

export async function countUsers(db: Database, companyId: number): Promise<number> {
  const row = await db.selectFrom('users').select(countAll()).where('companyId', '=', companyId).executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Admins of the company other than `exceptUserId`. Counted under a lock of the company row, so two
 * admins demoting each other at the same moment cannot both see the other one still there.
 */
export async function countOtherAdmins(db: Database, companyId: number, exceptUserId: number): Promise<number> {
  await db.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().execute();
  const row = await db
    .selectFrom('users')
    .select(countAll())
    .where('companyId', '=', companyId)
    .where('profile', '=', 'admin')
    .where('id', '!=', exceptUserId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function updateUserRow(db: Database, companyId: number, userId: number, values: UserUpdate) {
  return db
    .updateTable('users')
    .set(values)
    .where('companyId', '=', companyId)
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteUserRow(db: Database, companyId: number, userId: number) {
  await db.deleteFrom('users').where('companyId', '=', companyId).where('id', '=', userId).execute();
}

/** Replaces the user's queues; the caller has checked that they belong to the company. */
export async function replaceUserQueues(db: Database, userId: number, queueIds: number[]) {
  await db.deleteFrom('userQueues').where('userId', '=', userId).execute();
  const unique = [...new Set(queueIds)];
  if (unique.length) await db.insertInto('userQueues').values(unique.map((queueId) => ({ userId, queueId }))).execute();
}

/** Queues of several users at once, so a page of users costs two queries, not one per row. */
export async function queuesOfUsers(db: Database, companyId: number, userIds: number[]): Promise<Map<number, QueueRef[]>> {
  const byUser = new Map<number, QueueRef[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('userQueues')
    .innerJoin('queues', 'queues.id', 'userQueues.queueId')
    .select(['userQueues.userId', 'queues.id', 'queues.name', 'queues.color'])
    .where('queues.companyId', '=', companyId)
    .where('userQueues.userId', 'in', userIds)
    .orderBy('queues.name')
    .execute();
  for (const { userId, ...queue } of rows) byUser.get(userId)?.push(queue);
  return byUser;
}

export async function setUserOnline(db: Database, companyId: number, userId: number, online: boolean, now: Date) {
  return db
    .updateTable('users')
    .set({ online, lastSeenAt: now })
    .where('companyId', '=', companyId)
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function companyHasEmail(db: Database, companyId: number, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('companyId', '=', companyId).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  return Boolean(row);
}
