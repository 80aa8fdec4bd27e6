import { sql, type Kysely } from 'kysely';

/**
 * GET /tickets search over one document per ticket: the words of its contact (name, number and
 * the number's endings, email) and of every message it ever held, with positions stripped. A
 * ticket is then one index entry to find and one row to check, where the per-message index made a
 * common word gather every matching message of the company (seconds over a million messages) and
 * a rare one pay for an OR of two subqueries (bench/api).
 *
 * Triggers keep the document: a new message only rewrites it when it brings a word the ticket has
 * not seen (most do not, once a conversation is under way), a contact's new name or number and a
 * ticket moved to another contact rebuild it. Words of an edited message stay findable. A document
 * stops growing near half a megabyte (PostgreSQL refuses a tsvector over 1 MB, and a failing
 * trigger would lose the message).
 */
const LIMIT_BYTES = 512 * 1024;
/** Text read when a document is rebuilt, newest messages first: its words fit the limit above. */
const REBUILD_CHARS = 200_000;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table ticket_search (
    ticket_id integer primary key references tickets (id) on delete cascade,
    company_id integer not null,
    document tsvector not null default ''
  )`.execute(db);

  // Every ending of 4 digits or more of a number is a word too, so a fragment typed (the last
  // digits, the number without country or area code) finds it as a prefix.
  await sql`create function contact_search_words(name text, number text, email text) returns tsvector
    language sql immutable parallel safe as $$
      select strip(to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(number, '') || ' ' || coalesce(email, '') || ' ' ||
        case when number ~ '^[0-9]{5,}$'
          then (select string_agg(substr(number, i), ' ') from generate_series(2, length(number) - 3) i)
          else '' end))
    $$`.execute(db);

  await sql`create function ticket_search_rebuild(ticket integer) returns void language sql as $$
      insert into ticket_search (ticket_id, company_id, document)
      select t.id, t.company_id, contact_search_words(c.name, c.number, c.email) ||
        coalesce((select strip(to_tsvector('simple', left(string_agg(m.body, ' ' order by m.id desc), ${sql.lit(REBUILD_CHARS)})))
          from messages m where m.ticket_id = t.id), '')
      from tickets t join contacts c on c.id = t.contact_id
      where t.id = ticket
      on conflict (ticket_id) do update set document = excluded.document, company_id = excluded.company_id
    $$`.execute(db);

  // New tickets (one statement may create many): the contact's words.
  await sql`create function ticket_search_tickets_added() returns trigger language plpgsql as $$
    begin
      insert into ticket_search (ticket_id, company_id, document)
      select t.id, t.company_id, contact_search_words(c.name, c.number, c.email)
      from added t join contacts c on c.id = t.contact_id
      on conflict (ticket_id) do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger ticket_search_tickets_added after insert on tickets
    referencing new table as added for each statement execute function ticket_search_tickets_added()`.execute(db);

  await sql`create function ticket_search_ticket_moved() returns trigger language plpgsql as $$
    begin
      perform ticket_search_rebuild(new.id);
      return null;
    end $$`.execute(db);
  await sql`create trigger ticket_search_ticket_moved after update of contact_id on tickets
    for each row when (old.contact_id is distinct from new.contact_id) execute function ticket_search_ticket_moved()`.execute(db);

  await sql`create function ticket_search_contact_changed() returns trigger language plpgsql as $$
    begin
      perform ticket_search_rebuild(t.id) from tickets t where t.contact_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger ticket_search_contact_changed after update of name, number, email on contacts
    for each row when (old.name is distinct from new.name or old.number is distinct from new.number or old.email is distinct from new.email)
    execute function ticket_search_contact_changed()`.execute(db);

  // New messages (one statement may store many): their words join their tickets' documents,
  // written only when a word is new to the ticket.
  await sql`create function ticket_search_messages_added() returns trigger language plpgsql as $$
    begin
      update ticket_search s set document = s.document || w.words
      from (select m.ticket_id, strip(to_tsvector('simple', string_agg(m.body, ' '))) as words from added m group by m.ticket_id) w
      where s.ticket_id = w.ticket_id
        and not tsvector_to_array(w.words) <@ tsvector_to_array(s.document)
        and pg_column_size(s.document) < ${sql.lit(LIMIT_BYTES)};
      return null;
    end $$`.execute(db);
  await sql`create trigger ticket_search_messages_added after insert on messages
    referencing new table as added for each statement execute function ticket_search_messages_added()`.execute(db);

  // An edited message, or one moved to another ticket (contacts merged): its words join the ticket.
  await sql`create function ticket_search_message_changed() returns trigger language plpgsql as $$
    declare
      words tsvector := strip(to_tsvector('simple', new.body));
    begin
      update ticket_search s set document = s.document || words
      where s.ticket_id = new.ticket_id
        and not tsvector_to_array(words) <@ tsvector_to_array(s.document)
        and pg_column_size(s.document) < ${sql.lit(LIMIT_BYTES)};
      return null;
    end $$`.execute(db);
  await sql`create trigger ticket_search_message_changed after update of body, ticket_id on messages
    for each row when (old.body is distinct from new.body or old.ticket_id is distinct from new.ticket_id)
    execute function ticket_search_message_changed()`.execute(db);

  await sql`insert into ticket_search (ticket_id, company_id, document)
    select t.id, t.company_id, contact_search_words(c.name, c.number, c.email) || coalesce(m.words, '')
    from tickets t join contacts c on c.id = t.contact_id
    left join lateral (
      select strip(to_tsvector('simple', left(string_agg(body, ' ' order by id desc), ${sql.lit(REBUILD_CHARS)}))) as words
      from messages where ticket_id = t.id
    ) m on true`.execute(db);
  await sql`create index ticket_search_document_idx on ticket_search using gin (document)`.execute(db);
  await sql`analyze ticket_search`.execute(db);
  // Searches no longer read the messages' own index: dropping it pays for the triggers above on
  // every message stored.
  await sql`drop index messages_search_idx`.execute(db);

  // One tag's tickets from the index alone, without visiting the table (the tag filter's count).
  await sql`create index ticket_tags_tag_ticket_idx on ticket_tags (tag_id, ticket_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists messages_search_idx on messages using gin (to_tsvector('simple', body))`.execute(db);
  await sql`drop index if exists ticket_tags_tag_ticket_idx`.execute(db);
  await sql`drop trigger if exists ticket_search_message_changed on messages`.execute(db);
  await sql`drop trigger if exists ticket_search_messages_added on messages`.execute(db);
  await sql`drop trigger if exists ticket_search_contact_changed on contacts`.execute(db);
  await sql`drop trigger if exists ticket_search_ticket_moved on tickets`.execute(db);
  await sql`drop trigger if exists ticket_search_tickets_added on tickets`.execute(db);
  await sql`drop function if exists ticket_search_message_changed()`.execute(db);
  await sql`drop function if exists ticket_search_messages_added()`.execute(db);
  await sql`drop function if exists ticket_search_contact_changed()`.execute(db);
  await sql`drop function if exists ticket_search_ticket_moved()`.execute(db);
  await sql`drop function if exists ticket_search_tickets_added()`.execute(db);
  await sql`drop function if exists ticket_search_rebuild(integer)`.execute(db);
  await sql`drop function if exists contact_search_words(text, text, text)`.execute(db);
  await sql`drop table if exists ticket_search`.execute(db);
}
