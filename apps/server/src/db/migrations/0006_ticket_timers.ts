import { sql, type Kysely } from 'kysely';

/**
 * The ticket timers' sweep (modules/bot/ticket-timers.ts) looks, per connection with a timer, for
 * live tickets whose last message is older than the connection's minutes: this index answers it
 * without reading closed conversations.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index tickets_timer_idx on tickets (whatsapp_id, last_message_at) where status <> 'closed'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index tickets_timer_idx`.execute(db);
}
