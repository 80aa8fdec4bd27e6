import { LIVE, type QueueRef, type User } from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { queuesOfUsers } from './users.repository.js';

/**
 * Online means a socket said so recently: a process that crashed never sent the goodbye, so an
 * `online` flag without a heartbeat in the last two intervals is read as offline.
 */
function isOnline(row: UserRow): boolean {
  if (!row.online || !row.lastSeenAt) return false;
  return Date.now() - new Date(row.lastSeenAt).getTime() < 2 * LIVE.userStatusIntervalMs;
}

/** The public shape of a user: never the password hash. */
export function presentUser(row: UserRow, queues: QueueRef[]): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    profile: row.profile,
    allTicket: row.allTicket,
    whatsappId: row.whatsappId,
    companyId: row.companyId,
    super: row.super,
    online: isOnline(row),
    queues,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** Users with their queues, in the order given (two queries for any number of rows). */
export async function presentUsers(db: Database, companyId: number, rows: UserRow[]): Promise<User[]> {
  const queues = await queuesOfUsers(db, companyId, rows.map((r) => r.id));
  return rows.map((row) => presentUser(row, queues.get(row.id) ?? []));
}
