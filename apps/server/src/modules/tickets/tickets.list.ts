/**
 * GET /tickets: one query for the page's rows (with contact, owner, queue, connection and tags)
 * and one for the count (lesson 15). Search goes through the full-text indexes of contacts and
 * messages, never a LIKE over every message.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { PAGE_SIZE, type ticketListQuery } from '@atende/contract';
import type { z } from 'zod';
import type { Database } from '../../db/database.js';
import { seesEveryTicket, type Viewer } from './tickets.policy.js';
import { ticketViews, type TicketView } from './tickets.repository.js';

export type TicketFilters = z.output<typeof ticketListQuery>;

const NUMBER_LIKE = /^[\d\s()+\-.]+$/;

/**
 * The search text as a prefix tsquery ('simple' config, like the indexes): every word must match
 * the start of a word. Text that looks like a phone number is searched as one number, with or
 * without Brazil's country code. Only letters and digits reach the query: no tsquery syntax.
 */
export function toPrefixQuery(text: string): string | null {
  if (NUMBER_LIKE.test(text)) {
    const digits = text.replace(/\D+/g, '');
    if (!digits) return null;
    return digits.startsWith('55') ? `${digits}:*` : `(${digits}:* | 55${digits}:*)`;
  }
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words.slice(0, 8).map((w) => `${w}:*`).join(' & ');
}

const ids = (values: number[]) => sql.join(values.map((v) => sql`${v}`));

/** The caller's share of the company's tickets (spec core §2, §6) with the list's filters. */
function conditions(viewer: Viewer, f: TicketFilters): RawBuilder<SqlBool>[] {
  const where: RawBuilder<SqlBool>[] = [];
  const all = seesEveryTicket(viewer) && f.showAll;
  const searching = f.searchParam !== '';
  if (!all) {
    const queueLess = viewer.allTicket === 'enabled' ? sql`tickets.queue_id is null` : sql`false`;
    const mine = viewer.queueIds.length ? sql`(tickets.queue_id in (${ids(viewer.queueIds)}) or ${queueLess})` : queueLess;
    // Lists: own tickets and the waiting ones of the caller's queues. A search reaches every
    // ticket the caller may open (tickets.policy.mayReach).
    where.push(
      searching
        ? sql<SqlBool>`(tickets.user_id = ${viewer.userId} or ${mine})`
        : sql<SqlBool>`(tickets.user_id = ${viewer.userId} or (tickets.status = 'pending' and ${mine}))`,
    );
  }
  if (f.status) where.push(sql<SqlBool>`tickets.status = ${f.status}`);
  if (f.queueIds.length) where.push(sql<SqlBool>`(tickets.queue_id in (${ids(f.queueIds)}) or tickets.queue_id is null)`);
  if (f.users.length) where.push(sql<SqlBool>`tickets.user_id in (${ids(f.users)})`);
  if (f.whatsappIds.length) where.push(sql<SqlBool>`tickets.whatsapp_id in (${ids(f.whatsappIds)})`);
  if (f.withUnreadMessages) where.push(sql<SqlBool>`tickets.unread_messages > 0`);
  if (f.tags.length) {
    // Every tag chosen, not any of them.
    const unique = [...new Set(f.tags)];
    where.push(sql<SqlBool>`tickets.id in (select ticket_id from ticket_tags where tag_id in (${ids(unique)})
      group by ticket_id having count(distinct tag_id) = ${unique.length})`);
  }
  if (f.date) where.push(sql<SqlBool>`tickets.created_at >= ${f.date}::date and tickets.created_at < ${f.date}::date + 1`);
  if (f.updatedAt) where.push(sql<SqlBool>`tickets.updated_at >= ${f.updatedAt}::date and tickets.updated_at < ${f.updatedAt}::date + 1`);
  const query = searching ? toPrefixQuery(f.searchParam) : null;
  if (searching && !query) where.push(sql<SqlBool>`false`);
  if (query) {
    // The same expressions as contacts_search_idx and messages_search_idx, so both indexes apply.
    where.push(sql<SqlBool>`(tickets.contact_id in (select c.id from contacts c where c.company_id = ${viewer.companyId}
        and to_tsvector('simple', c.name || ' ' || c.number || ' ' || c.email) @@ to_tsquery('simple', ${query}))
      or tickets.id in (select m.ticket_id from messages m where m.company_id = ${viewer.companyId}
        and to_tsvector('simple', m.body) @@ to_tsquery('simple', ${query})))`);
  }
  return where;
}

export async function pageOfTickets(db: Database, viewer: Viewer, filters: TicketFilters): Promise<{ rows: TicketView[]; count: number }> {
  const where = conditions(viewer, filters);
  const filter = where.length ? sql<SqlBool>`${sql.join(where, sql` and `)}` : sql<SqlBool>`true`;
  const limit = PAGE_SIZE.tickets;
  const [rows, total] = await Promise.all([
    ticketViews(db, viewer.companyId)
      .where(filter)
      // Unread first (spec core §2), then the newest conversation; id keeps pages stable.
      .orderBy(sql`(tickets.unread_messages > 0)`, 'desc')
      .orderBy('tickets.lastMessageAt', 'desc')
      .orderBy('tickets.id', 'desc')
      .limit(limit)
      .offset((filters.pageNumber - 1) * limit)
      .execute(),
    db
      .selectFrom('tickets')
      .select(sql<string>`count(*)`.as('count'))
      .where('tickets.companyId', '=', viewer.companyId)
      .where(filter)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}
