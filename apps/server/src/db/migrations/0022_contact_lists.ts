import { sql, type Kysely } from 'kysely';

/**
 * Contact lists for campaigns (modules/contact-lists). A number appears once per list (imports
 * merge duplicates on that index). `is_whatsapp_valid` is null until the background check asked
 * WhatsApp: the partial index holds only the numbers still waiting for it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contact_lists')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index contact_lists_company_name_idx on contact_lists (company_id, lower(name), id)`.execute(db);

  await db.schema
    .createTable('contact_list_items')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('contact_list_id', 'integer', (c) => c.notNull().references('contact_lists.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_whatsapp_valid', 'boolean')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index contact_list_items_list_number_unique on contact_list_items (contact_list_id, number)`.execute(db);
  await sql`create index contact_list_items_list_name_idx on contact_list_items (contact_list_id, lower(name), id)`.execute(db);
  await sql`create index contact_list_items_unchecked_idx on contact_list_items (company_id, id) where is_whatsapp_valid is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contact_list_items').execute();
  await db.schema.dropTable('contact_lists').execute();
}
