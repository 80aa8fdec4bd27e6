import { sql, type Kysely } from 'kysely';

/** When a connection that lost WhatsApp tries again (null while connected or stopped on purpose). */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table whatsapps add column next_retry_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table whatsapps drop column next_retry_at`.execute(db);
}
