import { sql, type Kysely } from 'kysely';

/**
 * A ticket's search document (0008) rewritten for every message with a new word cost the index
 * every word of the ticket again, each time: a conversation full of numbers (orders, amounts,
 * times) paid more per message the longer it ran. New words now go into a small row of their own
 * (`ticket_search_recent`: only the words the document lacks, indexed on their own), and every
 * 16 such rows of a ticket are folded into its document at once. A ticket's words are its
 * document and its recent rows together.
 */
const LIMIT_BYTES = 512 * 1024;
const FOLD_AFTER = 16;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create aggregate tsvector_agg(tsvector) (sfunc = tsvector_concat, stype = tsvector, initcond = '')`.execute(db);
  await sql`create table ticket_search_recent (
    ticket_id integer not null references tickets (id) on delete cascade,
    company_id integer not null,
    words tsvector not null
  )`.execute(db);
  await sql`create index ticket_search_recent_ticket_idx on ticket_search_recent (ticket_id)`.execute(db);
  await sql`create index ticket_search_recent_words_idx on ticket_search_recent using gin (words)`.execute(db);

  // The words of these tickets' new or changed messages that their documents lack, then the
  // documents of tickets with enough recent rows folded.
  await sql`create function ticket_search_add(changes jsonb) returns void language plpgsql as $$
    begin
      insert into ticket_search_recent (ticket_id, company_id, words)
      select s.ticket_id, s.company_id, ts_delete(c.words, tsvector_to_array(s.document))
      from (select (e->>'ticket')::int as ticket_id, strip(to_tsvector('simple', string_agg(e->>'body', ' '))) as words
            from jsonb_array_elements(changes) e group by 1) c
      join ticket_search s on s.ticket_id = c.ticket_id
      where pg_column_size(s.document) < ${sql.lit(LIMIT_BYTES)}
        and not tsvector_to_array(c.words) <@ tsvector_to_array(s.document);

      with due as (
        select r.ticket_id from ticket_search_recent r
        where r.ticket_id in (select (e->>'ticket')::int from jsonb_array_elements(changes) e)
        group by r.ticket_id having count(*) >= ${sql.lit(FOLD_AFTER)}
      ), folded as (
        delete from ticket_search_recent r using due where r.ticket_id = due.ticket_id returning r.ticket_id, r.words
      )
      update ticket_search s set document = s.document || f.words
      from (select ticket_id, tsvector_agg(words) as words from folded group by ticket_id) f
      where s.ticket_id = f.ticket_id;
    end $$`.execute(db);

  await sql`create or replace function ticket_search_messages_added() returns trigger language plpgsql as $$
    begin
      perform ticket_search_add((select jsonb_agg(jsonb_build_object('ticket', m.ticket_id, 'body', m.body)) from added m));
      return null;
    end $$`.execute(db);
  await sql`create or replace function ticket_search_message_changed() returns trigger language plpgsql as $$
    begin
      perform ticket_search_add(jsonb_build_array(jsonb_build_object('ticket', new.ticket_id, 'body', new.body)));
      return null;
    end $$`.execute(db);

  // A rebuilt document holds every word again: the recent rows go.
  await sql`create or replace function ticket_search_rebuild(ticket integer) returns void language sql as $$
      delete from ticket_search_recent where ticket_id = ticket;
      insert into ticket_search (ticket_id, company_id, document)
      select t.id, t.company_id, contact_search_words(c.name, c.number, c.email) ||
        coalesce((select strip(to_tsvector('simple', left(string_agg(m.body, ' ' order by m.id desc), 200000)))
          from messages m where m.ticket_id = t.id), '')
      from tickets t join contacts c on c.id = t.contact_id
      where t.id = ticket
      on conflict (ticket_id) do update set document = excluded.document, company_id = excluded.company_id
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The words waiting in recent rows go back into the documents, the 0008 way.
  await sql`update ticket_search s set document = s.document || r.words
    from (select ticket_id, tsvector_agg(words) as words from ticket_search_recent group by ticket_id) r
    where s.ticket_id = r.ticket_id`.execute(db);
  await sql`create or replace function ticket_search_rebuild(ticket integer) returns void language sql as $$
      insert into ticket_search (ticket_id, company_id, document)
      select t.id, t.company_id, contact_search_words(c.name, c.number, c.email) ||
        coalesce((select strip(to_tsvector('simple', left(string_agg(m.body, ' ' order by m.id desc), 200000)))
          from messages m where m.ticket_id = t.id), '')
      from tickets t join contacts c on c.id = t.contact_id
      where t.id = ticket
      on conflict (ticket_id) do update set document = excluded.document, company_id = excluded.company_id
    $$`.execute(db);
  await sql`create or replace function ticket_search_messages_added() returns trigger language plpgsql as $$
    begin
      update ticket_search s set document = s.document || w.words
      from (select m.ticket_id, strip(to_tsvector('simple', string_agg(m.body, ' '))) as words from added m group by m.ticket_id) w
      where s.ticket_id = w.ticket_id
        and not tsvector_to_array(w.words) <@ tsvector_to_array(s.document)
        and pg_column_size(s.document) < ${sql.lit(LIMIT_BYTES)};
      return null;
    end $$`.execute(db);
  await sql`create or replace function ticket_search_message_changed() returns trigger language plpgsql as $$
    declare
      words tsvector := strip(to_tsvector('simple', new.body));
    begin
      update ticket_search s set document = s.document || words
      where s.ticket_id = new.ticket_id
        and not tsvector_to_array(words) <@ tsvector_to_array(s.document)
        and pg_column_size(s.document) < ${sql.lit(LIMIT_BYTES)};
      return null;
    end $$`.execute(db);
  await sql`drop function if exists ticket_search_add(jsonb)`.execute(db);
  await sql`drop table if exists ticket_search_recent`.execute(db);
  await sql`drop aggregate if exists tsvector_agg(tsvector)`.execute(db);
}
