import { sql, type Kysely } from 'kysely';

/** Bytes each company has stored through uploads, held against its quota (MEDIA_QUOTA_MB). */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table companies add column media_bytes bigint not null default 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table companies drop column media_bytes`.execute(db);
}
