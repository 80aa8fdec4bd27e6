import { sql, type Kysely } from 'kysely';

/**
 * The conversation engine: contacts, tickets reused across attendances, attendance cycles,
 * messages, notes, tags, quick messages, queue bot data and option trees.
 * Unique keys are what keep concurrent inbound traffic from duplicating anything.
 */
/** Frozen here (a migration never changes once shipped); the contract's DEFAULT_QUEUE_SCHEDULES is the same list. */
const DEFAULT_QUEUE_SCHEDULES = JSON.stringify([
  { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
  { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
]);

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('queues')
    .addColumn('greeting_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('out_of_hours_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('order_queue', 'integer')
    .addColumn('integration_id', 'integer')
    .addColumn('prompt_id', 'integer')
    // The default working hours (Mon-Fri 08-18, Sat 08-12, Sun closed), so every queue has them
    // however it was created.
    .addColumn('schedules', 'jsonb', (c) => c.notNull().defaultTo(sql`${sql.lit(DEFAULT_QUEUE_SCHEDULES)}::jsonb`))
    .execute();

  await db.schema
    .createTable('queue_options')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('queue_id', 'integer', (c) => c.notNull().references('queues.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('queue_options.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('option', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('queue_options_tree_idx').on('queue_options').columns(['queue_id', 'parent_id']).execute();

  await db.schema
    .createTable('contacts')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    /** Canonical digits (country code first, Brazilian ninth digit present); '' while only the LID is known. */
    .addColumn('number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lid', 'text')
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('profile_pic_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('profile_pic_updated_at', 'timestamptz')
    .addColumn('is_group', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('whatsapp_id', 'integer', (c) => c.references('whatsapps.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index contacts_company_number_unique on contacts (company_id, number) where number <> ''`.execute(db);
  await sql`create unique index contacts_company_lid_unique on contacts (company_id, lid) where lid is not null`.execute(db);
  await sql`create index contacts_company_name_idx on contacts (company_id, lower(name))`.execute(db);
  await sql`create index contacts_search_idx on contacts using gin (to_tsvector('simple', name || ' ' || number || ' ' || email))`.execute(db);
  // Number searches typed without the country code match the end of the canonical number.
  await sql`create index contacts_number_suffix_idx on contacts (company_id, reverse(number) text_pattern_ops)`.execute(db);

  await db.schema
    .createTable('contact_extra_info')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('contact_extra_info_contact_idx').on('contact_extra_info').column('contact_id').execute();

  await db.schema
    .createTable('tickets')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('uuid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('whatsapp_id', 'integer', (c) => c.references('whatsapps.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('queue_id', 'integer', (c) => c.references('queues.id').onDelete('set null'))
    .addColumn('current_cycle_id', 'integer')
    .addColumn('chatbot', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_group', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('use_integration', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('integration_id', 'integer')
    .addColumn('prompt_id', 'integer')
    /** Where the queue bot is in its menu: { optionId, attempts, lastMenuAt, awaitingRating }. */
    .addColumn('bot_state', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('last_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_message_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_inbound_at', 'timestamptz')
    .addColumn('unread_messages', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One ticket per (company, contact, connection), reused across attendances.
  // Partial: a deleted connection sets whatsapp_id to null on several tickets of one contact.
  await sql`create unique index tickets_one_per_contact_connection on tickets (company_id, contact_id, whatsapp_id) where whatsapp_id is not null`.execute(db);
  // The inbox order: unread first, then the newest conversation (GET /tickets).
  await sql`create index tickets_list_idx on tickets (company_id, status, (unread_messages > 0) desc, last_message_at desc, id desc)`.execute(db);
  await sql`create index tickets_queue_idx on tickets (company_id, queue_id, status, last_message_at desc)`.execute(db);
  await sql`create index tickets_user_idx on tickets (company_id, user_id, status, last_message_at desc)`.execute(db);

  await db.schema
    .createTable('ticket_cycles')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('queue_id', 'integer', (c) => c.references('queues.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('rating', 'integer')
    .addColumn('rated_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('ticket_cycles_ticket_idx').on('ticket_cycles').columns(['ticket_id', 'started_at']).execute();
  await db.schema.createIndex('ticket_cycles_dashboard_idx').on('ticket_cycles').columns(['company_id', 'started_at']).execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('whatsapp_id', 'integer', (c) => c.references('whatsapps.id').onDelete('set null'))
    .addColumn('cycle_id', 'integer', (c) => c.references('ticket_cycles.id').onDelete('set null'))
    .addColumn('provider_message_id', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('from_me', 'boolean', (c) => c.notNull())
    /** Sent by the product itself (greeting, menu, rating request): never answered by the bot. */
    .addColumn('automated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('media_type', 'text', (c) => c.notNull().defaultTo('chat'))
    .addColumn('media_path', 'text')
    .addColumn('media_name', 'text')
    .addColumn('mime_type', 'text')
    .addColumn('extra', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('ack', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read', 'boolean', (c) => c.notNull().defaultTo(false))
    /** Outbound delivery: pending, sent, failed (with error_code). Inbound rows are 'received'. */
    .addColumn('delivery', 'text', (c) => c.notNull().defaultTo('received'))
    .addColumn('error_code', 'text')
    .addColumn('quoted_message_id', 'bigint', (c) => c.references('messages.id').onDelete('set null'))
    .addColumn('quoted_provider_id', 'text')
    .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_edited', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('previous_bodies', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    /** Provider time in ms: lists order by it, then by id (arrival). */
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    /** Outbound retries: failed attempts so far and when the next one is due (null once settled). */
    .addColumn('send_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index messages_provider_unique on messages (company_id, whatsapp_id, provider_message_id) where provider_message_id is not null`.execute(db);
  await sql`create unique index messages_idempotency_unique on messages (company_id, idempotency_key) where idempotency_key is not null`.execute(db);
  await sql`create index messages_ticket_order_idx on messages (ticket_id, sent_at desc, id desc)`.execute(db);
  await sql`create index messages_search_idx on messages using gin (to_tsvector('simple', body))`.execute(db);
  // The outbox: pending sends by due time, and per ticket (a later message waits for an earlier one).
  await sql`create index messages_outbox_idx on messages (next_attempt_at) where delivery = 'pending'`.execute(db);
  await sql`create index messages_pending_ticket_idx on messages (ticket_id, id) where delivery = 'pending'`.execute(db);
  // Marking a ticket read touches only its unread messages, not the whole conversation.
  await sql`create index messages_unread_idx on messages (ticket_id) where not read`.execute(db);

  await db.schema
    .createTable('ticket_notes')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ticket_notes_contact_idx').on('ticket_notes').columns(['company_id', 'contact_id', 'created_at']).execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull().defaultTo('#5c6bc0'))
    .addColumn('kanban', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index tags_company_name_unique on tags (company_id, lower(name))`.execute(db);

  await db.schema
    .createTable('ticket_tags')
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('ticket_tags_pk', ['ticket_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('ticket_tags_tag_idx').on('ticket_tags').column('tag_id').execute();

  await db.schema
    .createTable('quick_messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('shortcode', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('geral', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('media_path', 'text')
    .addColumn('media_name', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index quick_messages_shortcode_unique on quick_messages (company_id, lower(shortcode))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['quick_messages', 'ticket_tags', 'tags', 'ticket_notes', 'messages', 'ticket_cycles', 'tickets', 'contact_extra_info', 'contacts', 'queue_options']) {
    await db.schema.dropTable(table).execute();
  }
  for (const column of ['schedules', 'prompt_id', 'integration_id', 'order_queue', 'out_of_hours_message', 'greeting_message']) {
    await db.schema.alterTable('queues').dropColumn(column).execute();
  }
}
