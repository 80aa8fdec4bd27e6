import { sql, type Kysely } from 'kysely';

/**
 * Changes to a conversation that only the connection's session can carry out (messages/
 * connection-tasks.ts): delete for everyone, edit, read receipts. Asked for on any node, done by
 * the node that holds the session, then removed. At most one waiting change of a kind per
 * message, and one read receipt per ticket.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('connection_tasks')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('whatsapp_id', 'integer', (c) => c.notNull().references('whatsapps.id').onDelete('cascade'))
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('message_id', 'bigint', (c) => c.references('messages.id').onDelete('cascade'))
    /** 'delete' | 'edit' (of message_id) | 'read' (of the ticket's provider_message_ids). */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('provider_message_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create unique index connection_tasks_message_unique on connection_tasks (message_id, kind) where message_id is not null`.execute(db);
  await sql`create unique index connection_tasks_read_unique on connection_tasks (ticket_id) where kind = 'read'`.execute(db);
  await sql`create index connection_tasks_due_idx on connection_tasks (whatsapp_id, next_attempt_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('connection_tasks').execute();
}
