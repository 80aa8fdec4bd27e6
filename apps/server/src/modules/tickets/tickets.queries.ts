/**
 * The tickets module's SQL for lists: the visibility rule's SQL forms (the contract's
 * tickets/visibility.ts, proven equal to it by tickets.visibility.test.ts), and GET /tickets: one
 * query for the page's rows (with contact, owner, queue, connection and tags) and one for the
 * count. A search goes through each ticket's search document (tickets.search.queries.ts), never a
 * LIKE over every message.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { PAGE_SIZE, type TicketListFilters } from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { Actor } from '../../platform/actor.js';
import { seesEveryTicket } from './tickets.policy.js';
import { LIST_ORDER, ticketViews, type TicketView } from './tickets.repository.js';
import { searchTerms, searchTickets, taggedTicketIds } from './tickets.search.queries.js';

export type TicketFilters = TicketListFilters;

const ids = (values: readonly number[]) => sql.join(values.map((v) => sql`${v}`));

/**
 * inTicketLists over `tickets`: the viewer's share of the lists, or null when it is every ticket
 * of the company (an admin with 'show all').
 */
export function listShareCondition(viewer: Actor, list: { showAll: boolean; searching: boolean }): RawBuilder<SqlBool> | null {
  if (list.showAll && seesEveryTicket(viewer)) return null;
  const queueLess = viewer.allTicket === 'enabled' ? sql`tickets.queue_id is null` : sql`false`;
  const mine = viewer.queueIds.length ? sql`(tickets.queue_id in (${ids(viewer.queueIds)}) or ${queueLess})` : queueLess;
  return list.searching
    ? sql<SqlBool>`(tickets.user_id = ${viewer.userId} or ${mine})`
    : sql<SqlBool>`(tickets.user_id = ${viewer.userId} or (tickets.status = 'pending' and ${mine}))`;
}

/**
 * maySeeTicket from the ticket's side: the users other than admins who may see a ticket with
 * this company, owner and queue, as a subquery over plain values or over a joined ticket row's
 * columns (so a ticket's view and its audience come back in one statement). Read from the
 * database at each change: a user removed from a queue stops hearing it at once.
 */
export function ticketAudienceUserIds(companyId: RawBuilder<unknown>, userId: RawBuilder<unknown>, queueId: RawBuilder<unknown>) {
  // Admins hear every ticket through their room (joined at connect), never twice.
  return sql<number>`select u.id from users u where u.company_id = ${companyId} and u.profile <> 'admin'
    and (u.id = coalesce(${userId}, 0)
      or (${queueId} is null and u.all_ticket = 'enabled')
      or u.id in (select uq.user_id from user_queues uq where uq.queue_id = ${queueId}))`;
}

/** The caller's share of the company's tickets with the list's filters. */
function conditions(viewer: Actor, f: TicketFilters): RawBuilder<SqlBool>[] {
  const where: RawBuilder<SqlBool>[] = [];
  const share = listShareCondition(viewer, { showAll: f.showAll, searching: f.searchParam !== '' });
  if (share) where.push(share);
  if (f.status) where.push(sql<SqlBool>`tickets.status = ${f.status}`);
  if (f.queueIds.length) where.push(sql<SqlBool>`(tickets.queue_id in (${ids(f.queueIds)}) or tickets.queue_id is null)`);
  if (f.users.length) where.push(sql<SqlBool>`tickets.user_id in (${ids(f.users)})`);
  if (f.whatsappIds.length) where.push(sql<SqlBool>`tickets.whatsapp_id in (${ids(f.whatsappIds)})`);
  if (f.withUnreadMessages) where.push(sql<SqlBool>`tickets.unread_messages > 0`);
  if (f.date) where.push(sql<SqlBool>`tickets.created_at >= ${f.date}::date and tickets.created_at < ${f.date}::date + 1`);
  if (f.updatedAt) where.push(sql<SqlBool>`tickets.updated_at >= ${f.updatedAt}::date and tickets.updated_at < ${f.updatedAt}::date + 1`);
  return where;
}

/** Every tag chosen, not any of them: one probe of the ticket's tags each. */
function tagConditions(f: TicketFilters): RawBuilder<SqlBool>[] {
  return [...new Set(f.tags)].map((tag) => sql<SqlBool>`exists (select 1 from ticket_tags tt where tt.ticket_id = tickets.id and tt.tag_id = ${tag})`);
}

const all = (where: RawBuilder<SqlBool>[]) => (where.length ? sql<SqlBool>`${sql.join(where, sql` and `)}` : sql<SqlBool>`true`);

export async function pageOfTickets(db: Database, viewer: Actor, filters: TicketFilters): Promise<{ rows: TicketView[]; count: number }> {
  const where = conditions(viewer, filters);
  if (filters.searchParam !== '') return searchPage(db, viewer, filters, all([...where, ...tagConditions(filters)]));
  if (filters.tags.length) {
    // The tickets carrying the tags come from the tags' index alone (a few thousand at most); the
    // page and the count are the caller's share of those, so the count reads those tickets only,
    // not every ticket of the company.
    const tagged = await taggedTicketIds(db, viewer.companyId, filters.tags);
    if (tagged) return pageAmong(db, viewer, filters, where, tagged);
    where.push(...tagConditions(filters));
  }
  const filter = all(where);
  const limit = PAGE_SIZE.tickets;
  const [rows, total] = await Promise.all([
    ticketViews(db, viewer.companyId)
      .where(filter)
      .orderBy(LIST_ORDER)
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

/**
 * A search's page. Its count is exact when the search ends within the tickets it read (a rare
 * word, found through the index); for a common word it counts the matches up to the page's next
 * one, so hasMore holds: the list shows no total for a search, and counting every ticket that
 * holds a common word would read them all.
 */
async function searchPage(db: Database, viewer: Actor, filters: TicketFilters, filter: RawBuilder<SqlBool>) {
  const terms = await searchTerms(db, filters.searchParam);
  if (!terms) return { rows: [], count: 0 };
  const wanted = filters.pageNumber * PAGE_SIZE.tickets + 1;
  return pageOf(db, viewer, filters, await searchTickets(db, viewer.companyId, filter, terms, wanted));
}

/** The page's rows out of the ids of the whole list (or of its start), in list order. */
async function pageOf(db: Database, viewer: Actor, filters: TicketFilters, ids: number[]) {
  const limit = PAGE_SIZE.tickets;
  const offset = (filters.pageNumber - 1) * limit;
  const page = ids.slice(offset, offset + limit);
  const rows = page.length ? await ticketViews(db, viewer.companyId).where('tickets.id', 'in', page).orderBy(LIST_ORDER).execute() : [];
  return { rows, count: ids.length };
}

/**
 * The page of the list among these tickets of the company (a tag's), and how many of them are
 * within `filter` (all of them when nothing filters): the tickets up to the page are ordered on
 * the tickets table alone, side by side with the count, then only the page's rows are built.
 */
async function pageAmong(db: Database, viewer: Actor, filters: TicketFilters, where: RawBuilder<SqlBool>[], ids: number[]) {
  if (ids.length === 0) return { rows: [], count: 0 };
  const among = sql<SqlBool>`tickets.company_id = ${viewer.companyId} and ${all(where)} and tickets.id = any(${ids}::int[])`;
  const upToPage = filters.pageNumber * PAGE_SIZE.tickets;
  const [ordered, count] = await Promise.all([
    sql<{ id: number }>`select tickets.id from tickets where ${among} order by ${LIST_ORDER} limit ${upToPage}`.execute(db),
    where.length
      ? sql<{ count: string }>`select count(*) as count from tickets where ${among}`.execute(db).then((r) => Number(r.rows[0].count))
      : ids.length,
  ]);
  const { rows } = await pageOf(db, viewer, filters, ordered.rows.map((r) => Number(r.id)));
  return { rows, count };
}
