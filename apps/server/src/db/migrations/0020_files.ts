import { sql, type Kysely } from 'kysely';

/**
 * File lists (modules/files): a named list of files with a message, which campaigns send. Each
 * option row is one file of the company's media; it goes with its list (cascade). The company is
 * on the option too, so every read of an option is scoped like any other row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('file_lists')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index file_lists_company_name_idx on file_lists (company_id, lower(name), id)`.execute(db);
  await db.schema
    .createTable('file_list_options')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('file_list_id', 'integer', (c) => c.notNull().references('file_lists.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('path', 'text')
    .addColumn('media_type', 'text')
    .addColumn('file_name', 'text')
    .execute();
  await sql`create index file_list_options_list_idx on file_list_options (file_list_id, position)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('file_list_options').execute();
  await db.schema.dropTable('file_lists').execute();
}
