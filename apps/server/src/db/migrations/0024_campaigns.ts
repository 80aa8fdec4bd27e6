import { sql, type Kysely } from 'kysely';

/**
 * Campaigns (modules/campaigns). One shipping row per contact and campaign (unique on the number):
 * the dispatcher claims a row, stores its messages through the outbox and marks it in one
 * transaction, so a contact is served once whatever crashes or races. Pacing is per connection
 * (campaign_pacing): one send at a time on a connection, whatever campaigns share it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  let campaigns = db.schema
    .createTable('campaigns')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull());
  for (let n = 1; n <= 5; n += 1) campaigns = campaigns.addColumn(`message${n}`, 'text').addColumn(`confirmation_message${n}`, 'text');
  await campaigns
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('INATIVA'))
    .addColumn('confirmation', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('scheduled_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('whatsapp_id', 'integer', (c) => c.references('whatsapps.id').onDelete('set null'))
    .addColumn('contact_list_id', 'integer', (c) => c.references('contact_lists.id').onDelete('set null'))
    .addColumn('tag_list_id', 'integer', (c) => c.references('tags.id').onDelete('set null'))
    .addColumn('file_list_id', 'integer', (c) => c.references('file_lists.id').onDelete('set null'))
    .addColumn('media_path', 'text')
    .addColumn('media_name', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index campaigns_company_idx on campaigns (company_id, id desc)`.execute(db);
  await sql`create index campaigns_due_idx on campaigns (scheduled_at) where status = 'PROGRAMADA'`.execute(db);
  await sql`create index campaigns_running_idx on campaigns (whatsapp_id) where status in ('EM_ANDAMENTO', 'FINALIZADA')`.execute(db);

  await db.schema
    .createTable('campaign_shippings')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_id', 'integer', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('ticket_id', 'integer', (c) => c.references('tickets.id').onDelete('set null'))
    .addColumn('message', 'text')
    .addColumn('confirmation_message', 'text')
    .addColumn('confirmation', 'boolean')
    .addColumn('confirmation_requested_at', 'timestamptz')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index campaign_shippings_campaign_number_unique on campaign_shippings (campaign_id, number)`.execute(db);
  await sql`create index campaign_shippings_waiting_idx on campaign_shippings (campaign_id, id) where delivered_at is null`.execute(db);
  await sql`create index campaign_shippings_asked_idx on campaign_shippings (company_id, contact_id) where confirmation_requested_at is not null and confirmed_at is null`.execute(db);

  await db.schema
    .createTable('campaign_pacing')
    .addColumn('whatsapp_id', 'integer', (c) => c.primaryKey().references('whatsapps.id').onDelete('cascade'))
    .addColumn('next_send_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sends', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('campaign_settings')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_settings_pk', ['company_id', 'key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['campaign_settings', 'campaign_pacing', 'campaign_shippings', 'campaigns']) await db.schema.dropTable(table).execute();
}
