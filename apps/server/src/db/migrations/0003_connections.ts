import { sql, type Kysely } from 'kysely';

/** WhatsApp connections, their queues, provider auth state, sent-message ledger and session leases. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('whatsapps')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('provider', 'text', (c) => c.notNull().defaultTo('beta'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('DISCONNECTED'))
    .addColumn('qrcode', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('retries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('number', 'text', (c) => c.notNull().defaultTo(''))
    /** PAIRING: the code to type on the phone (instead of scanning the QR). */
    .addColumn('pairing_code', 'text', (c) => c.notNull().defaultTo(''))
    /** False after an explicit disconnect: no process starts the session until "try again". */
    .addColumn('auto_start', 'boolean', (c) => c.notNull().defaultTo(true))
    /**
     * A command for whichever process holds the session's lease ('start', 'restart', 'new-qr',
     * 'logout'; '' when none): the API may run on a process that does not hold the session.
     */
    .addColumn('session_request', 'text', (c) => c.notNull().defaultTo(''))
    /** Asks the next start for a pairing code to this phone instead of a QR. */
    .addColumn('pairing_phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('greeting_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('complation_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('out_of_hours_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('rating_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('transfer_queue_id', 'integer', (c) => c.references('queues.id').onDelete('set null'))
    .addColumn('prompt_id', 'integer')
    .addColumn('time_to_transfer', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_ticket', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_inactive_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('time_use_bot_queues', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_use_bot_queues', 'integer', (c) => c.notNull().defaultTo(3))
    /** Cloud API credentials (phone number id, access token, app secret, verify token). */
    .addColumn('provider_config', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('whatsapps_company_name_unique', ['company_id', 'name'])
    .execute();
  // At most one default connection per company.
  await sql`create unique index whatsapps_one_default on whatsapps (company_id) where is_default`.execute(db);

  await db.schema
    .createTable('whatsapp_queues')
    .addColumn('whatsapp_id', 'integer', (c) => c.notNull().references('whatsapps.id').onDelete('cascade'))
    .addColumn('queue_id', 'integer', (c) => c.notNull().references('queues.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('whatsapp_queues_pk', ['whatsapp_id', 'queue_id'])
    .execute();

  await db.schema
    .createTable('whatsapp_auth_keys')
    .addColumn('whatsapp_id', 'integer', (c) => c.notNull().references('whatsapps.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('whatsapp_auth_keys_pk', ['whatsapp_id', 'type', 'key_id'])
    .execute();

  await db.schema
    .createTable('whatsapp_sent')
    .addColumn('whatsapp_id', 'integer', (c) => c.notNull().references('whatsapps.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('provider_message_id', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('whatsapp_sent_pk', ['whatsapp_id', 'idempotency_key'])
    .execute();

  await db.schema
    .createTable('whatsapp_leases')
    .addColumn('whatsapp_id', 'integer', (c) => c.primaryKey().references('whatsapps.id').onDelete('cascade'))
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('whatsapp_leases_holder').on('whatsapp_leases').column('holder').execute();

  await db.schema
    .alterTable('users')
    .addForeignKeyConstraint('users_whatsapp_fk', ['whatsapp_id'], 'whatsapps', ['id'])
    .onDelete('set null')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropConstraint('users_whatsapp_fk').execute();
  for (const table of ['whatsapp_leases', 'whatsapp_sent', 'whatsapp_auth_keys', 'whatsapp_queues', 'whatsapps']) {
    await db.schema.dropTable(table).execute();
  }
}
