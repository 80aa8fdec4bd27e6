import { sql, type Kysely } from 'kysely';

/**
 * A ticket's recent search rows (0011) are folded into its document when its attendance ends:
 * a closed ticket rarely gets new words, so most tickets keep none, and the recent rows (and
 * their index) hold only the words of live conversations instead of up to sixteen rows for every
 * ticket ever written to. The document is rewritten once per attendance, not per message.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function ticket_search_fold_all(ticket integer) returns void language sql as $$
      with folded as (
        delete from ticket_search_recent r where r.ticket_id = ticket returning r.words
      )
      update ticket_search s set document = s.document || f.words
      from (select tsvector_agg(words) as words from folded) f
      where s.ticket_id = ticket and f.words is not null
    $$`.execute(db);
  await sql`create function ticket_search_fold_closed() returns trigger language plpgsql as $$
    begin
      perform ticket_search_fold_all(new.id);
      return null;
    end $$`.execute(db);
  await sql`create trigger ticket_search_fold_closed after update of status on tickets
    for each row when (new.status = 'closed' and old.status is distinct from 'closed')
    execute function ticket_search_fold_closed()`.execute(db);
  // The tickets closed before this migration.
  await sql`select ticket_search_fold_all(t.id) from tickets t
    where t.status = 'closed' and exists (select 1 from ticket_search_recent r where r.ticket_id = t.id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists ticket_search_fold_closed on tickets`.execute(db);
  await sql`drop function if exists ticket_search_fold_closed()`.execute(db);
  await sql`drop function if exists ticket_search_fold_all(integer)`.execute(db);
}
