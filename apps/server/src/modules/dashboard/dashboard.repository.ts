import { sql } from 'kysely';
import { countAll, type Database } from '../../db/database.js';

/**
 * The dashboard reads attendance cycles (ticket_cycles) by when they began. Every query is one
 * index range over (company, started_at) or (company, user, started_at) (migration 0005); the
 * day bounds are computed by the database in the company's time zone, once per query.
 */
export interface CycleWindow {
  /** First and last calendar day, inclusive (YYYY-MM-DD). */
  from: string;
  to: string;
  timeZone: string;
  userId?: number;
}

const startOfDay = (day: string, timeZone: string) => sql<Date>`(cast(${day} as date))::timestamp at time zone ${timeZone}`;
const endOfDay = (day: string, timeZone: string) => sql<Date>`(cast(${day} as date) + 1)::timestamp at time zone ${timeZone}`;

function cyclesIn(db: Database, companyId: number, w: CycleWindow) {
  let query = db
    .selectFrom('ticketCycles as c')
    .where('c.companyId', '=', companyId)
    .where('c.startedAt', '>=', startOfDay(w.from, w.timeZone))
    .where('c.startedAt', '<', endOfDay(w.to, w.timeZone));
  if (w.userId !== undefined) query = query.where('c.userId', '=', w.userId);
  return query;
}

/** Sums per attendant (null: never taken); numbers arrive as text (int8, numeric). */
export interface CycleTotals {
  userId: number | null;
  cycles: string;
  finished: string;
  supportSeconds: string;
  supported: string;
  waitSeconds: string;
  waited: string;
  ratingSum: string;
  rated: string;
}

/**
 * Waits count only attendances accepted after they arrived (one an agent started is not a wait);
 * support runs from acceptance, or from arrival when finished straight from the queue.
 */
export function cycleTotalsByUser(db: Database, companyId: number, w: CycleWindow): Promise<CycleTotals[]> {
  const supportStart = sql`coalesce(c.accepted_at, c.started_at)`;
  const supported = sql`c.finished_at > ${supportStart}`;
  const waited = sql`c.accepted_at > c.started_at`;
  // Intervals are summed first and turned into seconds once: half the work of a per-row extract.
  const seconds = (interval: ReturnType<typeof sql>, when: ReturnType<typeof sql>) =>
    sql<string>`coalesce(extract(epoch from sum(${interval}) filter (where ${when})), 0)`;
  return cyclesIn(db, companyId, w)
    .select([
      'c.userId',
      sql<string>`count(*)`.as('cycles'),
      sql<string>`count(c.finished_at)`.as('finished'),
      seconds(sql`c.finished_at - ${supportStart}`, supported).as('supportSeconds'),
      sql<string>`count(*) filter (where ${supported})`.as('supported'),
      seconds(sql`c.accepted_at - c.started_at`, waited).as('waitSeconds'),
      sql<string>`count(*) filter (where ${waited})`.as('waited'),
      sql<string>`coalesce(sum(c.rating), 0)`.as('ratingSum'),
      sql<string>`count(c.rating)`.as('rated'),
    ])
    .groupBy('c.userId')
    .execute();
}

/**
 * Attendances of the window still live, by the ticket's status now. Read from the tickets side:
 * open and pending tickets are few, each joined to its current cycle by primary key.
 */
export async function liveCounts(db: Database, companyId: number, w: CycleWindow): Promise<{ open: number; pending: number }> {
  let query = db
    .selectFrom('tickets as t')
    // Lateral with a limit: one primary-key lookup per live ticket, never a pass over every cycle.
    .innerJoinLateral(
      (eb) => eb.selectFrom('ticketCycles as cc').select(['cc.startedAt', 'cc.userId']).whereRef('cc.id', '=', 't.currentCycleId').limit(1).as('c'),
      (join) => join.onTrue(),
    )
    .select(['t.status', countAll()])
    .where('t.companyId', '=', companyId)
    .where('t.status', 'in', ['open', 'pending'])
    .where('c.startedAt', '>=', startOfDay(w.from, w.timeZone))
    .where('c.startedAt', '<', endOfDay(w.to, w.timeZone));
  if (w.userId !== undefined) query = query.where('c.userId', '=', w.userId);
  const rows = await query.groupBy('t.status').execute();
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.count ?? 0);
  return { open: of('open'), pending: of('pending') };
}

/** Contacts (not groups) created in the window; for one attendant, those they attended in it. */
export async function newContacts(db: Database, companyId: number, w: CycleWindow): Promise<number> {
  let query = db
    .selectFrom('contacts as ct')
    .select(countAll())
    .where('ct.companyId', '=', companyId)
    .where('ct.isGroup', '=', false)
    .where('ct.createdAt', '>=', startOfDay(w.from, w.timeZone))
    .where('ct.createdAt', '<', endOfDay(w.to, w.timeZone));
  if (w.userId !== undefined) {
    query = query.where('ct.id', 'in', cyclesIn(db, companyId, w).select('c.contactId'));
  }
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/** The company's users (or the one asked for) by name, online only with a heartbeat since `seenSince`. */
export function attendants(db: Database, companyId: number, seenSince: Date, userId?: number) {
  let query = db
    .selectFrom('users as u')
    .select(['u.id', 'u.name', sql<boolean>`(u.online and u.last_seen_at is not null and u.last_seen_at > ${seenSince})`.as('online')])
    .where('u.companyId', '=', companyId);
  if (userId !== undefined) query = query.where('u.id', '=', userId);
  return query.orderBy(sql`lower(u.name)`).orderBy('u.id').execute();
}

export function companyUserExists(db: Database, companyId: number, userId: number) {
  return db.selectFrom('users').select('id').where('companyId', '=', companyId).where('id', '=', userId).executeTakeFirst();
}

/** Attendances begun per local day ('YYYY-MM-DD') or hour ('00'-'23'). */
export async function cyclesPerBucket(db: Database, companyId: number, w: CycleWindow, unit: 'day' | 'hour') {
  const local = sql`c.started_at at time zone ${w.timeZone}`;
  // A cast and an extract cost far less per row than to_char; the label is written here instead.
  const bucket = unit === 'day' ? sql<string>`(${local})::date::text` : sql<string>`extract(hour from ${local})::int::text`;
  // By position: the same expression written twice would carry different parameters.
  const rows = await cyclesIn(db, companyId, w).select([bucket.as('label'), countAll()]).groupBy(sql`1`).execute();
  return rows.map((row) => ({ label: unit === 'hour' ? row.label.padStart(2, '0') : row.label, count: row.count }));
}
