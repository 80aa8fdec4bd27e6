import { sql, type Kysely } from 'kysely';

/**
 * Scheduled messages (modules/schedules). The worker's sweep asks for pending schedules whose
 * time has come, oldest first: the partial index holds only those still waiting.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('schedules')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('ticket_id', 'integer', (c) => c.references('tickets.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('send_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDENTE'))
    .addColumn('media_path', 'text')
    .addColumn('media_name', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index schedules_company_send_at_idx on schedules (company_id, send_at)`.execute(db);
  await sql`create index schedules_due_idx on schedules (send_at) where status = 'PENDENTE'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('schedules').execute();
}
