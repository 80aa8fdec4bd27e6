import { sql, type Kysely } from 'kysely';

/**
 * The message triggers of 0011 without their detour through jsonb, and with the folding step only
 * when a message brought a word its ticket lacked: storing a message whose words the ticket knows
 * costs one primary-key read of its document.
 */
const LIMIT_BYTES = 512 * 1024;
const FOLD_AFTER = 16;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function ticket_search_fold(tickets integer[]) returns void language sql as $$
      with due as (
        select r.ticket_id from ticket_search_recent r where r.ticket_id = any(tickets)
        group by r.ticket_id having count(*) >= ${sql.lit(FOLD_AFTER)}
      ), folded as (
        delete from ticket_search_recent r using due where r.ticket_id = due.ticket_id returning r.ticket_id, r.words
      )
      update ticket_search s set document = s.document || f.words
      from (select ticket_id, tsvector_agg(words) as words from folded group by ticket_id) f
      where s.ticket_id = f.ticket_id
    $$`.execute(db);

  await sql`create or replace function ticket_search_messages_added() returns trigger language plpgsql as $$
    begin
      insert into ticket_search_recent (ticket_id, company_id, words)
      select s.ticket_id, s.company_id, ts_delete(c.words, tsvector_to_array(s.document))
      from (select m.ticket_id, strip(to_tsvector('simple', string_agg(m.body, ' '))) as words from added m group by m.ticket_id) c
      join ticket_search s on s.ticket_id = c.ticket_id
      where pg_column_size(s.document) < ${sql.lit(LIMIT_BYTES)}
        and not tsvector_to_array(c.words) <@ tsvector_to_array(s.document);
      if found then
        perform ticket_search_fold(array(select distinct m.ticket_id from added m));
      end if;
      return null;
    end $$`.execute(db);

  await sql`create or replace function ticket_search_message_changed() returns trigger language plpgsql as $$
    declare
      words tsvector := strip(to_tsvector('simple', new.body));
    begin
      insert into ticket_search_recent (ticket_id, company_id, words)
      select s.ticket_id, s.company_id, ts_delete(words, tsvector_to_array(s.document))
      from ticket_search s
      where s.ticket_id = new.ticket_id
        and pg_column_size(s.document) < ${sql.lit(LIMIT_BYTES)}
        and not tsvector_to_array(words) <@ tsvector_to_array(s.document);
      if found then
        perform ticket_search_fold(array[new.ticket_id]);
      end if;
      return null;
    end $$`.execute(db);

  await sql`drop function ticket_search_add(jsonb)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Back to 0011's: the same work through ticket_search_add.
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
  await sql`drop function ticket_search_fold(integer[])`.execute(db);
}
