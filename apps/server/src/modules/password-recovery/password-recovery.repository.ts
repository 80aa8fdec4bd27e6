import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

/** The user an email names (emails are unique across the platform, in any case). */
export function userByEmail(db: Database, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'companyId', 'name', 'email'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

/** Replaces the user's live code: only the newest code mailed works. */
export async function saveCode(db: Database, row: { userId: number; companyId: number; codeHash: string; expiresAt: Date; now: Date }) {
  const values = { userId: row.userId, companyId: row.companyId, codeHash: row.codeHash, attempts: 0, expiresAt: row.expiresAt, createdAt: row.now };
  await db
    .insertInto('passwordResets')
    .values(values)
    .onConflict((oc) => oc.column('userId').doUpdateSet({ codeHash: values.codeHash, attempts: 0, expiresAt: values.expiresAt, createdAt: row.now }))
    .execute();
}

export function findCode(db: Database, userId: number) {
  return db.selectFrom('passwordResets').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** Counts a wrong try; answers the tries so far. */
export async function countWrongTry(db: Database, userId: number): Promise<number> {
  const row = await db
    .updateTable('passwordResets')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('userId', '=', userId)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts ?? 0;
}

/**
 * Takes the code for use: deleted only if it is still the one checked, so two resets racing with
 * the same code change the password once.
 */
export async function takeCode(db: Database | Transaction<DB>, userId: number, codeHash: string): Promise<boolean> {
  const result = await db.deleteFrom('passwordResets').where('userId', '=', userId).where('codeHash', '=', codeHash).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function setPasswordHash(db: Database | Transaction<DB>, companyId: number, userId: number, passwordHash: string, now: Date) {
  return db.updateTable('users').set({ passwordHash, updatedAt: now }).where('companyId', '=', companyId).where('id', '=', userId).execute();
}
