import { sql, type Kysely } from 'kysely';

/** Tenancy, plans, users, settings, queues (core fields) and server-side auth sessions. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('plans')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('users', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('connections', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('queues', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('value', 'numeric(12, 2)', (c) => c.notNull().defaultTo(0))
    .addColumn('use_campaigns', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('use_schedules', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('use_internal_chat', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('use_external_api', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('use_kanban', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('use_open_ai', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('use_integrations', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('companies')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.id'))
    .addColumn('status', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('due_date', 'date')
    .addColumn('recurrence', 'text', (c) => c.notNull().defaultTo('MENSAL'))
    .addColumn('schedules', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index companies_name_unique on companies (lower(name))`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('profile', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('all_ticket', 'text', (c) => c.notNull().defaultTo('desabled'))
    .addColumn('whatsapp_id', 'integer')
    .addColumn('super', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('online', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_seen_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Login is by email alone, so an email names one user across the whole platform.
  await sql`create unique index users_email_unique on users (lower(email))`.execute(db);
  await db.schema.createIndex('users_company_idx').on('users').columns(['company_id', 'name']).execute();

  await db.schema
    .createTable('queues')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('queues_company_name_unique', ['company_id', 'name'])
    .addUniqueConstraint('queues_company_color_unique', ['company_id', 'color'])
    .execute();

  await db.schema
    .createTable('user_queues')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('queue_id', 'integer', (c) => c.notNull().references('queues.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_queues_pk', ['user_id', 'queue_id'])
    .execute();
  await db.schema.createIndex('user_queues_queue_idx').on('user_queues').column('queue_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('settings_pk', ['company_id', 'key'])
    .execute();

  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('refresh_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('rotated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('auth_sessions_user_idx').on('auth_sessions').columns(['user_id', 'revoked_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['auth_sessions', 'settings', 'user_queues', 'queues', 'users', 'companies', 'plans']) {
    await db.schema.dropTable(table).execute();
  }
}
