import { sql, type Kysely } from 'kysely';

/**
 * The dashboard reads a company's attendances by when they began, for everyone or one attendant,
 * and the contacts created in a period. The covering columns let those reads stay inside the
 * index (no table visits) over a company's hundred thousand attendances.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index ticket_cycles_company_started_idx on ticket_cycles (company_id, started_at) include (user_id, accepted_at, finished_at, rating)`.execute(db);
  // Superseded by the covering index above (same key).
  await sql`drop index if exists ticket_cycles_dashboard_idx`.execute(db);
  await sql`create index ticket_cycles_company_user_idx on ticket_cycles (company_id, user_id, started_at) include (contact_id, accepted_at, finished_at, rating)`.execute(db);
  await sql`create index contacts_company_created_idx on contacts (company_id, created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists contacts_company_created_idx`.execute(db);
  await sql`drop index if exists ticket_cycles_company_user_idx`.execute(db);
  await sql`create index if not exists ticket_cycles_dashboard_idx on ticket_cycles (company_id, started_at)`.execute(db);
  await sql`drop index if exists ticket_cycles_company_started_idx`.execute(db);
}
