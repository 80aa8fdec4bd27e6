import { sql, type Kysely } from 'kysely';

/**
 * GET /tickets over a company with a hundred thousand tickets (bench/api): without a status the
 * list (showAll, withUnreadMessages) had no index in its order and sorted the whole company, and
 * the day filters (date, updatedAt) read every ticket of the company. With these, each is an index
 * range read in a millisecond or two instead of a scan of the company's tickets.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // The inbox order without a status; `unread_messages > 0` alone also reads this index.
  await sql`create index tickets_company_order_idx on tickets (company_id, (unread_messages > 0) desc, last_message_at desc, id desc)`.execute(db);
  await sql`create index tickets_company_created_idx on tickets (company_id, created_at)`.execute(db);
  await sql`create index tickets_company_updated_idx on tickets (company_id, updated_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists tickets_company_updated_idx`.execute(db);
  await sql`drop index if exists tickets_company_created_idx`.execute(db);
  await sql`drop index if exists tickets_company_order_idx`.execute(db);
}
