import { sql, type Kysely } from 'kysely';

/**
 * AI prompts (modules/prompts). The OpenAI key is stored sealed (AES-256-GCM, platform/sealed.ts),
 * never in clear. A prompt answers for one queue and goes with it. Queues and connections name a
 * prompt by id: the column existed before the table, so ids that name nothing are cleared before
 * the foreign keys (on delete set null) are added. A ticket's prompt_id stays a plain id (the
 * agent in charge of it): a prompt gone hands the ticket to people (modules/bot/prompt-agent.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('prompts')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('voice', 'text', (c) => c.notNull().defaultTo('texto'))
    .addColumn('voice_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('voice_region', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('max_tokens', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('temperature', 'double precision', (c) => c.notNull().defaultTo(1))
    .addColumn('max_messages', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('model', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('api_key_sealed', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('queue_id', 'integer', (c) => c.notNull().references('queues.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index prompts_company_idx on prompts (company_id, name)`.execute(db);
  await sql`create index prompts_queue_idx on prompts (queue_id)`.execute(db);
  for (const table of ['queues', 'whatsapps']) {
    await sql`update ${sql.table(table)} set prompt_id = null where prompt_id is not null`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_prompt_id_fkey`)} foreign key (prompt_id) references prompts (id) on delete set null`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['queues', 'whatsapps']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_prompt_id_fkey`)}`.execute(db);
  }
  await db.schema.dropTable('prompts').execute();
}
