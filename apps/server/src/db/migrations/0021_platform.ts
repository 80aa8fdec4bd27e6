import { sql, type Kysely } from 'kysely';

/**
 * Password recovery codes (modules/password-recovery) and the trial end of companies that signed
 * up on a trial (shown on /subscription). A code is kept only as a hash; a user has at most one
 * live code, so a new request replaces the previous one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('companies').addColumn('trial_expiration', 'date').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('companies').dropColumn('trial_expiration').execute();
  await db.schema.dropTable('password_resets').execute();
}
