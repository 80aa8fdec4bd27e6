/**
 * GET /tickets?searchParam=…: the page of the tickets whose search document (migration 0008: the
 * contact's words and every message's) matches, in list order, within the caller's share.
 *
 * A word can match most tickets ('garantia') or a handful (an order number), and the two need
 * opposite plans: a common word is fastest found by reading the list in order and checking each
 * ticket's document until the page is full; a rare one by asking the index for its few tickets
 * and sorting them. PostgreSQL cannot tell them apart on its own (it gives every prefix search
 * the same fixed estimate unless the documents hold a hundred common words, and PGlite keeps no
 * statistics at all), so the search decides by trying: first the newest hundred tickets of the
 * list, one by one; when they hold too few matches to fill the page within the newest five
 * hundred, the word is rare enough to ask the index for, else the walk goes on. A search with
 * digits (an order, a phone number) asks the index first and walks only when it answers with
 * more than a few hundred tickets.
 *
 * The tag filter takes the index's route too: a tag's tickets are a few thousand at most.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.js';
import { LIST_ORDER } from './tickets.repository.js';

/**
 * Tickets of the list checked one by one before the index is asked: a word in one ticket of
 * twelve or more fills the page within them. Each costs a probe of its document (and of its
 * recent rows), so only a word seen often enough in the first SAMPLE of them walks them all.
 */
const WALK = 500;
const SAMPLE = 100;
/** At most this many tickets from the index; a word matching more is common enough to walk the list for. */
const FROM_INDEX = 5000;
/** A search with digits asks the index first and keeps its answer when it holds at most this many tickets. */
const RARE_FIRST = 200;

const NUMBER_LIKE = /^[\d\s()+\-.]+$/;

/**
 * What the index is asked for: a prefix tsquery for documents and one for recent rows.
 * `wholeQuery`: a document matching `document` holds every word, and needs no other check.
 */
export interface IndexProbe {
  document: string;
  recent: string;
  wholeQuery: boolean;
}

export interface SearchTerms {
  /**
   * Every one must match ('simple' tsqueries, prefix match): a word, or a number in its two
   * spellings. Each may be in the ticket's document or in one of its recent rows.
   */
  words: string[];
  /**
   * Asked of the index in turn until one answers with few tickets. A single word must be in the
   * ticket's document or in its recent rows, so both are asked for it; the whole query comes last
   * (its words may be split between the two, so the recent rows are asked for any of them).
   */
  probes: IndexProbe[];
  /** Digits are nearly always rare (an order, a number): the index is asked before the list is walked. */
  rareFirst: boolean;
  /**
   * Pieces typed with signs inside ('abc-9363', '#5521', 'joao@x.com'), folded (lower case, no
   * accents): the index splits them into words, so a ticket the index finds must also hold each
   * of them as typed, in its contact or in one of its messages.
   */
  literals: string[];
}

/** A piece of the search with a sign between its letters or digits: a code, an address, a tag. */
const CODE_LIKE = /[^\s\p{L}\p{N}]/u;

/** Lower case without accents, as both the search and the ticket's text are compared. */
export function foldText(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}+/gu, '');
}

/** A lexeme as a quoted prefix tsquery operand: signs inside it ('-9363', 'joao@x.com') stay literal. */
const prefixOf = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`;

/**
 * The search text as prefix tsqueries ('simple' config, like the document): every word must match
 * the start of a word. Text that looks like a phone number is searched as one number, with or
 * without Brazil's country code. Only letters and digits reach the query: no tsquery syntax.
 */
export async function searchTerms(db: Database, text: string): Promise<SearchTerms | null> {
  if (NUMBER_LIKE.test(text)) {
    const digits = text.replace(/\D+/g, '');
    if (!digits) return null;
    // A number is also the end of a code: 'ABC-9363' keeps '-9363' as one word.
    const query = digits.startsWith('55') ? `(${digits}:* | '-${digits}':*)` : `(${digits}:* | 55${digits}:* | '-${digits}':*)`;
    return { words: [query], probes: [{ document: query, recent: query, wholeQuery: true }], rareFirst: true, literals: [] };
  }
  const pieces = text.split(/\s+/).filter(Boolean);
  const literals = [...new Set(pieces.filter((piece) => CODE_LIKE.test(piece) && /[\p{L}\p{N}]/u.test(piece)).map(foldText))].slice(0, 8);
  // Plain words are split here as the documents' parser splits them; codes are split by that
  // very parser, so '35.2024/01' is asked for as '35.2024' and '/01', the words its ticket holds.
  const plain = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const lexemes = literals.length ? await parsedLexemes(db, text) : plain;
  const words = [...new Set(lexemes)].slice(0, 8).map(prefixOf);
  if (words.length === 0) return null;
  if (words.length === 1) return { words, probes: [{ document: words[0], recent: words[0], wholeQuery: true }], rareFirst: /\d/.test(words[0]), literals };
  // Each prefix the index is asked for costs the whole list of tickets holding it ('pedido 1234':
  // every ticket that mentions an order), so a word with digits (an order, a number), nearly
  // always the rare one, is asked alone first and the others checked on the tickets it finds.
  const numbered = words.find((w) => /\d/.test(w));
  return {
    words,
    probes: [
      ...(numbered ? [{ document: numbered, recent: numbered, wholeQuery: false }] : []),
      { document: words.join(' & '), recent: words.join(' | '), wholeQuery: true },
    ],
    rareFirst: Boolean(numbered),
    literals,
  };
}

/** The words PostgreSQL's 'simple' parser makes of the text (as it made the documents'). */
async function parsedLexemes(db: Database, text: string): Promise<string[]> {
  const { rows } = await sql<{ lexemes: string[] }>`select tsvector_to_array(to_tsvector('simple', ${text})) as lexemes`.execute(db);
  return rows[0]?.lexemes ?? [];
}

// Both cases: lower() leaves accented capitals as they are under the C locale (PGlite's).
const FOLD_FROM = 'áàâãäåéèêëíìîïóòôõöúùûüýÿçñÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÝÇÑ';
const FOLD_TO = 'aaaaaaeeeeiiiiooooouuuuyycnaaaaaaeeeeiiiiooooouuuuycn';
const folded = (column: RawBuilder<unknown>) => sql`translate(lower(coalesce(${column}, '')), ${FOLD_FROM}, ${FOLD_TO})`;

/**
 * Ticket_search row `s` holds each literal as typed: in its contact's name, number or email, or in
 * one of its messages. Read only for the few tickets the index found for a code.
 */
function holdsEveryLiteral(literals: string[]): RawBuilder<SqlBool> {
  return sql.join(
    literals.map((literal) => {
      const pattern = `%${literal.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return sql`(exists (select 1 from messages m where m.ticket_id = s.ticket_id and ${folded(sql`m.body`)} like ${pattern})
        or exists (select 1 from tickets t join contacts c on c.id = t.contact_id where t.id = s.ticket_id
          and (${folded(sql`c.name`)} like ${pattern} or ${folded(sql`c.number`)} like ${pattern} or ${folded(sql`c.email`)} like ${pattern})))`;
    }),
    sql` and `,
  ) as RawBuilder<SqlBool>;
}

/**
 * Ticket_search row `s` holds every word: each in its document or in one of its recent rows
 * (migration 0011). A word missing from the document costs one probe of the ticket's recent rows,
 * most of which do not hold it either, so a ticket that does not match is usually turned down
 * after its first word.
 */
function holdsEveryWord(words: string[]): RawBuilder<SqlBool> {
  return sql.join(
    words.map((word) => {
      const query = sql`to_tsquery('simple', ${word})`;
      // ts_match_vq is @@ spelled as a function: never handed to an index, so each check stays a
      // probe of this ticket's rows. A scalar subquery, not `exists`, which the planner may turn
      // into a scan of every recent row of every company (a hashed subplan); never null, so a
      // word found nowhere ends the check.
      return sql`(ts_match_vq(s.document, ${query})
        or coalesce((select true from ticket_search_recent x where x.ticket_id = s.ticket_id and ts_match_vq(x.words, ${query}) limit 1), false))`;
    }),
    sql` and `,
  ) as RawBuilder<SqlBool>;
}

/**
 * The tickets matching `terms` within `filter` (the caller's share and the list's other filters
 * over `tickets`), in list order: all of them, or the first `wanted` when there are more. `walk`
 * (0: none) is how many of the newest tickets may be checked before the index is asked.
 */
export async function searchTickets(
  db: Database,
  companyId: number,
  filter: RawBuilder<SqlBool>,
  terms: SearchTerms,
  wanted: number,
  { walk: walkFirst = WALK } = {},
): Promise<number[]> {
  const literalsMatch = terms.literals.length ? holdsEveryLiteral(terms.literals) : sql<SqlBool>`true`;
  const allWordsMatch = sql<SqlBool>`(${holdsEveryWord(terms.words)} and ${literalsMatch})`;
  // The list's tickets from position `from` on (`count` of them, or all), each checked against
  // its words; the first `wanted` that match. A scalar subquery, so the check stays one
  // primary-key probe per ticket and is never turned into a join over the index.
  const walk = async (from: number, count: number | null, wanted: number) => {
    const { rows } = await sql<{ id: number }>`select c.id from (
        select tickets.id, tickets.unread_messages > 0 as unread, tickets.last_message_at
        from tickets where tickets.company_id = ${companyId} and ${filter}
        order by ${LIST_ORDER} ${count === null ? sql`` : sql`limit ${count}`} offset ${from}
      ) c
      where (select ${allWordsMatch} from ticket_search s where s.ticket_id = c.id)
      order by c.unread desc, c.last_message_at desc, c.id desc
      limit ${wanted}`.execute(db);
    return rows.map((r) => Number(r.id));
  };
  // The index's tickets of the company for one probe, each checked for every word (a document
  // the whole query matched holds them all: its large words are not read again), then the
  // caller's share of them in list order; null when more than `limit` match.
  const fromIndex = (probe: IndexProbe, limit: number) =>
    shareInListOrder(db, companyId, filter, limit, sql`
      select s.ticket_id as id from ticket_search s
      where s.company_id = ${companyId} and s.document @@ to_tsquery('simple', ${probe.document}) and ${probe.wholeQuery ? literalsMatch : allWordsMatch}
      union
      select s.ticket_id from ticket_search_recent r join ticket_search s on s.ticket_id = r.ticket_id
      where r.company_id = ${companyId} and r.words @@ to_tsquery('simple', ${probe.recent}) and ${allWordsMatch}`);
  if (terms.rareFirst) {
    const few = await fromIndex(terms.probes[0], RARE_FIRST);
    if (few) return few;
  }
  if (walkFirst > 0) {
    const all = Math.max(walkFirst, wanted * 2);
    const sample = Math.min(SAMPLE, all);
    const seen = await walk(0, sample, wanted);
    if (seen.length === wanted) return seen;
    // Walk on only when the sample's matches, at their rate, come near a page within the walk.
    if (seen.length * (all / sample) >= wanted / 2) {
      const newest = [...seen, ...(await walk(sample, all - sample, wanted - seen.length))];
      if (newest.length === wanted) return newest;
    }
  }
  // Rare: the index's few tickets of the company, the caller's share of them in list order.
  for (const probe of terms.probes) {
    const ids = await fromIndex(probe, FROM_INDEX);
    if (ids) return ids;
  }
  // Common in the company but not among its newest tickets: the whole list, in order.
  return walk(0, null, wanted);
}

/**
 * Of the tickets `found` selects (tickets of the company), at most `limit`: the caller's share
 * within `filter`, all of it, in list order, in the same statement; null when `found` holds more.
 * The share's tickets are read by primary key and sorted: right for a rare word's few tickets,
 * one round trip fewer. (A tag's thousands are paged by tickets.list instead, where PostgreSQL
 * may walk the list in order and stop at the page.)
 */
async function shareInListOrder(db: Database, companyId: number, filter: RawBuilder<SqlBool>, limit: number, found: RawBuilder<unknown>) {
  const { rows } = await sql<{ found: string; ids: number[] }>`with found as (${found} limit ${limit + 1})
    select (select count(*) from found) as found,
      array(select tickets.id from tickets
        where tickets.id = any(array(select id from found)) and tickets.company_id = ${companyId} and ${filter}
        order by ${LIST_ORDER}) as ids`.execute(db);
  return Number(rows[0].found) > limit ? null : rows[0].ids.map(Number);
}

/**
 * The tickets carrying every one of these tags, read from the tags' index alone; none unless the
 * tags are the company's, so they are the company's tickets (a tag goes only on its company's).
 * Null when there are too many to take this way.
 */
export async function taggedTicketIds(db: Database, companyId: number, tags: number[]): Promise<number[] | null> {
  const [first, ...others] = [...new Set(tags)];
  const alsoTagged = others.map((tag) => sql`and exists (select 1 from ticket_tags b where b.ticket_id = a.ticket_id and b.tag_id = ${tag})`);
  const { rows } = await sql<{ id: number }>`select a.ticket_id as id from ticket_tags a
    where a.tag_id = ${first} ${sql.join(alsoTagged, sql` `)}
      and exists (select 1 from tags t where t.id = ${first} and t.company_id = ${companyId})
    limit ${FROM_INDEX + 1}`.execute(db);
  return rows.length > FROM_INDEX ? null : rows.map((r) => Number(r.id));
}
