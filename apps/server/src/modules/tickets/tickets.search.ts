/**
 * GET /tickets?searchParam=…: the page of the tickets whose search document (migration 0008: the
 * contact's words and every message's) matches, in list order, within the caller's share.
 *
 * A word can match most tickets ('garantia') or a handful (an order number), and the two need
 * opposite plans: a common word is fastest found by reading the list in order and checking each
 * ticket's document until the page is full; a rare one by asking the index for its few tickets
 * and sorting them. PostgreSQL cannot tell them apart on its own (it gives every prefix search
 * the same fixed estimate unless the documents hold a hundred common words, and PGlite keeps no
 * statistics at all), so the search decides by trying: first the newest tickets of the list, one
 * by one; when they do not fill the page the word is rare enough to ask the index for. A search
 * with digits (an order, a phone number) asks the index first and walks only when it answers with
 * more than a few hundred tickets.
 *
 * The tag filter takes the index's route too: a tag's tickets are a few thousand at most.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * Tickets of the list checked one by one before the index is asked: a word in one ticket of
 * twelve or more fills the page within them. Each costs a probe of its document, so a rare word
 * pays these few hundred probes before the index answers.
 */
const WALK = 500;
/** At most this many tickets from the index; a word matching more is common enough to walk the list for. */
const FROM_INDEX = 5000;
/** A search with digits asks the index first and keeps its answer when it holds at most this many tickets. */
const RARE_FIRST = 200;

const NUMBER_LIKE = /^[\d\s()+\-.]+$/;

/** What the index is asked for: a prefix tsquery for documents and one for recent rows. */
export interface IndexProbe {
  document: string;
  recent: string;
}

export interface SearchTerms {
  /** Every word must start a word of the document ('simple' tsquery, prefix match). */
  query: string;
  /**
   * Asked of the index in turn until one answers with few tickets. A single word must be in the
   * ticket's document or in its recent rows, so both are asked for it; the whole query comes last
   * (its words may be split between the two, so the recent rows are asked for any of them).
   */
  probes: IndexProbe[];
  /** Digits are nearly always rare (an order, a number): the index is asked before the list is walked. */
  rareFirst: boolean;
}

/**
 * The search text as prefix tsqueries ('simple' config, like the document): every word must match
 * the start of a word. Text that looks like a phone number is searched as one number, with or
 * without Brazil's country code. Only letters and digits reach the query: no tsquery syntax.
 */
export function searchTerms(text: string): SearchTerms | null {
  if (NUMBER_LIKE.test(text)) {
    const digits = text.replace(/\D+/g, '');
    if (!digits) return null;
    const query = digits.startsWith('55') ? `${digits}:*` : `(${digits}:* | 55${digits}:*)`;
    return { query, probes: [{ document: query, recent: query }], rareFirst: true };
  }
  const words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 8);
  if (words.length === 0) return null;
  const query = words.map((w) => `${w}:*`).join(' & ');
  if (words.length === 1) return { query, probes: [{ document: query, recent: query }], rareFirst: /\d/.test(words[0]) };
  // Each prefix the index is asked for costs the whole list of tickets holding it ('pedido 1234':
  // every ticket that mentions an order), so a word with digits (an order, a number), nearly
  // always the rare one, is asked alone first and the others checked on the tickets it finds.
  const numbered = words.find((w) => /\d/.test(w));
  return {
    query,
    probes: [
      ...(numbered ? [{ document: `${numbered}:*`, recent: `${numbered}:*` }] : []),
      { document: query, recent: words.map((w) => `${w}:*`).join(' | ') },
    ],
    rareFirst: Boolean(numbered),
  };
}

/** All the words of ticket_search row `s`: its document and its recent rows (migrations 0011, 0013). */
const WORDS = sql`ticket_search_words(s.ticket_id, s.document)`;

/** The list's order (spec core §2): unread first, then the newest conversation; id keeps pages stable. */
const LIST_ORDER = sql`(tickets.unread_messages > 0) desc, tickets.last_message_at desc, tickets.id desc`;

/**
 * Ids of the matching tickets in list order: all of them, or the first `wanted` when there are
 * more. `filter` holds the caller's share and the list's other filters over `tickets`.
 */
export async function searchTicketIds(
  db: Database,
  companyId: number,
  filter: RawBuilder<SqlBool>,
  terms: SearchTerms,
  wanted: number,
): Promise<number[]> {
  const matches = sql`to_tsquery('simple', ${terms.query})`;
  // Row `s`'s document alone mostly answers; its recent rows are read only when it does not and
  // there are some (most tickets the walk passes have none: one index probe tells).
  const allWordsMatch = sql`(ts_match_vq(s.document, ${matches})
    or (exists (select 1 from ticket_search_recent x where x.ticket_id = s.ticket_id) and ts_match_vq(${WORDS}, ${matches})))`;
  // The newest tickets of the list, each checked against its document. A scalar subquery, so the
  // check stays one primary-key probe per ticket and is never turned into a join over the index.
  const walk = async (bound: number | null) => {
    const { rows } = await sql<{ id: number }>`select c.id from (
        select tickets.id, tickets.unread_messages > 0 as unread, tickets.last_message_at
        from tickets where tickets.company_id = ${companyId} and ${filter}
        order by ${LIST_ORDER} ${bound === null ? sql`` : sql`limit ${bound}`}
      ) c
      where (select ${allWordsMatch} from ticket_search s where s.ticket_id = c.id)
      order by c.unread desc, c.last_message_at desc, c.id desc
      limit ${wanted}`.execute(db);
    return rows.map((r) => Number(r.id));
  };
  // The index's tickets of the company for one probe, each checked with the full query on all of
  // its words (ts_match_vq is @@ spelled as a function, never handed to an index); null when more
  // than `limit` match.
  const fromIndex = async (probe: IndexProbe, limit: number): Promise<number[] | null> => {
    const { rows } = await sql<{ id: number }>`
      select s.ticket_id as id from ticket_search s
      where s.company_id = ${companyId} and s.document @@ to_tsquery('simple', ${probe.document}) and ${allWordsMatch}
      union
      select s.ticket_id from ticket_search_recent r join ticket_search s on s.ticket_id = r.ticket_id
      where r.company_id = ${companyId} and r.words @@ to_tsquery('simple', ${probe.recent}) and ${allWordsMatch}
      limit ${limit + 1}`.execute(db);
    return rows.length > limit ? null : rows.map((r) => Number(r.id));
  };
  if (terms.rareFirst) {
    const few = await fromIndex(terms.probes[0], RARE_FIRST);
    if (few) return inListOrder(db, companyId, filter, few);
  }
  const newest = await walk(Math.max(WALK, wanted * 2));
  if (newest.length === wanted) return newest;

  // Rare: the index's few tickets of the company, then the caller's share of them in list order.
  for (const probe of terms.probes) {
    const ids = await fromIndex(probe, FROM_INDEX);
    if (ids) return inListOrder(db, companyId, filter, ids);
  }
  // Common in the company but not among its newest tickets: the whole list, in order.
  return walk(null);
}

/** Of these tickets, those of the company within `filter`, in list order (the first `limit`). */
export async function inListOrder(db: Database, companyId: number, filter: RawBuilder<SqlBool>, ids: number[], limit?: number): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: number }>`select tickets.id from tickets
    where tickets.company_id = ${companyId} and ${filter} and tickets.id = any(${ids}::int[])
    order by ${LIST_ORDER} ${limit === undefined ? sql`` : sql`limit ${limit}`}`.execute(db);
  return rows.map((r) => Number(r.id));
}

/** How many of these tickets are the company's within `filter`. */
export async function countAmong(db: Database, companyId: number, filter: RawBuilder<SqlBool>, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const { rows } = await sql<{ count: string }>`select count(*) as count from tickets
    where tickets.company_id = ${companyId} and ${filter} and tickets.id = any(${ids}::int[])`.execute(db);
  return Number(rows[0]?.count ?? 0);
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
