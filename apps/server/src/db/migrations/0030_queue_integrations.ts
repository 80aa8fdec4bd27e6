import { sql, type Kysely } from 'kysely';

/**
 * Queue integrations (modules/queue-integrations): a company's Typebot flow, n8n or webhook
 * receiver, or Dialogflow agent, named by queues and connections (queues.integration_id,
 * whatsapps.integration_id; deleting the integration clears them). The Dialogflow service-account
 * JSON and the HMAC secret of n8n/webhook are stored sealed (platform/sealed.ts). Ids named
 * before this table existed pointed at nothing: they are cleared before the keys are added.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('queue_integrations')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('project_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('json_content_sealed', 'text')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('pt-BR'))
    .addColumn('url_n8n', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('secret_sealed', 'text')
    .addColumn('typebot_slug', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('typebot_expires', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('typebot_delay_message', 'integer', (c) => c.notNull().defaultTo(1000))
    .addColumn('typebot_keyword_finish', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('typebot_keyword_restart', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('typebot_unknown_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('typebot_restart_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index queue_integrations_company_name_idx on queue_integrations (company_id, lower(name), id)`.execute(db);
  await sql`update queues set integration_id = null where integration_id is not null`.execute(db);
  await sql`update whatsapps set integration_id = null where integration_id is not null`.execute(db);
  await sql`update tickets set integration_id = null where integration_id is not null`.execute(db);
  await sql`alter table queues add constraint queues_integration_fk foreign key (integration_id) references queue_integrations (id) on delete set null`.execute(db);
  await sql`alter table whatsapps add constraint whatsapps_integration_fk foreign key (integration_id) references queue_integrations (id) on delete set null`.execute(db);
  await sql`alter table tickets add constraint tickets_integration_fk foreign key (integration_id) references queue_integrations (id) on delete set null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table tickets drop constraint tickets_integration_fk`.execute(db);
  await sql`alter table whatsapps drop constraint whatsapps_integration_fk`.execute(db);
  await sql`alter table queues drop constraint queues_integration_fk`.execute(db);
  await db.schema.dropTable('queue_integrations').execute();
}
