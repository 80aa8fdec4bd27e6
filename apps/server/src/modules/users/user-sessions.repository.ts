/**
 * Ending a user's sign-in sessions (their password changed, they were deleted, they signed in
 * again): users and auth both do it, so it lives with the users, below auth.
 */
import type { Database } from '../../db/database.js';

/** Revokes every live session of the user but `keepId`; answers the ids it ended. */
export async function revokeOtherSessions(db: Database, userId: number, keepId: string, now: Date): Promise<string[]> {
  const rows = await db
    .updateTable('authSessions')
    .set({ revokedAt: now })
    .where('userId', '=', userId)
    .where('id', '!=', keepId)
    .where('revokedAt', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function revokeUserSessions(db: Database, userId: number, now: Date): Promise<string[]> {
  const rows = await db
    .updateTable('authSessions')
    .set({ revokedAt: now })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
