import { sql, type Kysely } from 'kysely';

/**
 * Announcements and help videos (modules/announcements, modules/helps): written by the super user,
 * read by every company, so neither belongs to a company. The public image route finds an
 * announcement by its media name (unique index).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('announcements')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(3).check(sql`priority between 1 and 3`))
    .addColumn('status', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('media_path', 'text')
    .addColumn('media_name', 'text')
    .addColumn('media_company_id', 'integer', (c) => c.references('companies.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index announcements_media_path_unique on announcements (media_path) where media_path is not null`.execute(db);
  await sql`create index announcements_active_idx on announcements (priority, created_at desc) where status`.execute(db);

  await db.schema
    .createTable('helps')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('video', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('helps').execute();
  await db.schema.dropTable('announcements').execute();
}
