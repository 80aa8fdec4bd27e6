import { sql, type Kysely } from 'kysely';
import { up as createTicketSearchWords } from './0013_ticket_search_words.js';

/**
 * A search now checks each word of a ticket in its document or in one of its recent rows apart
 * (tickets.search.ts), so the function that put a ticket's words together (0013) has no caller.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists ticket_search_words(integer, tsvector)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await createTicketSearchWords(db);
}
