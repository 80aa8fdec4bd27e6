import type { QueueRef } from '@atende/contract';
import type { Database } from '../../db/database.js';

export function findUser(db: Database, companyId: number, userId: number) {
  return db.selectFrom('users').selectAll().where('companyId', '=', companyId).where('id', '=', userId).executeTakeFirst();
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
