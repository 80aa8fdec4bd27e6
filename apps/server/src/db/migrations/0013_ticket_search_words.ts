import { sql, type Kysely } from 'kysely';

/**
 * All the words of a ticket (its search document and its recent rows, 0011) as one function. In
 * a search it is only called for a ticket whose document alone does not answer; written inline,
 * the planner priced its subquery for every ticket an index probe might return (a prefix's fixed
 * estimate), enough to compile the statement to machine code (JIT) first: 25 ms for a search that
 * finds one ticket in a tenth of a millisecond.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function ticket_search_words(ticket integer, document tsvector) returns tsvector
    language plpgsql stable cost 10 as $$
    begin
      return document || coalesce((select tsvector_agg(r.words) from ticket_search_recent r where r.ticket_id = ticket), ''::tsvector);
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists ticket_search_words(integer, tsvector)`.execute(db);
}
