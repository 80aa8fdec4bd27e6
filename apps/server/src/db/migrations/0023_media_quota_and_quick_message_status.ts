import { sql, type Kysely } from 'kysely';

/**
 * Bytes each company has stored through uploads, held against its quota (MEDIA_QUOTA_MB); and a
 * quick message's status: an inactive one stays on the page but is not offered in the composer; a
 * contact's `active` flag, kept for the people who mark contacts they no longer serve.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table companies add column media_bytes bigint not null default 0`.execute(db);
  await sql`alter table quick_messages add column status boolean not null default true`.execute(db);
  await sql`alter table contacts add column active boolean not null default true`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table contacts drop column active`.execute(db);
  await sql`alter table quick_messages drop column status`.execute(db);
  await sql`alter table companies drop column media_bytes`.execute(db);
}
