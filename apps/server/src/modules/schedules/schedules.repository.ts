import { sql, type Insertable, type Updateable } from 'kysely';
import { countAll, type Database } from '../../db/database.js';
import type { SchedulesTable } from '../../db/schema-schedules.js';
import { latestTicketOf } from './schedule-sender.queries.js';

/** A schedule with the name and number of its contact, as every answer shows it. */
function withContact(db: Database, companyId: number) {
  return db
    .selectFrom('schedules')
    .innerJoin('contacts', (join) => join.onRef('contacts.id', '=', 'schedules.contactId').onRef('contacts.companyId', '=', 'schedules.companyId'))
    .selectAll('schedules')
    .select(['contacts.name as contactName', 'contacts.number as contactNumber'])
    .where('schedules.companyId', '=', companyId);
}

export type ScheduleView = Awaited<ReturnType<typeof findSchedule>> & object;

export interface ScheduleFilter {
  search: string;
  contactId?: number;
  /** The calendar's range: sendAt at or after `from`, before `to`. */
  from?: Date;
  to?: Date;
}

function filtered(db: Database, companyId: number, filter: ScheduleFilter) {
  let query = withContact(db, companyId);
  if (filter.contactId) query = query.where('schedules.contactId', '=', filter.contactId);
  if (filter.from) query = query.where('schedules.sendAt', '>=', filter.from);
  if (filter.to) query = query.where('schedules.sendAt', '<', filter.to);
  if (filter.search) {
    // The text, the contact's name or number, taken literally (strpos): % and _ are just characters.
    const term = filter.search.toLowerCase();
    query = query.where(
      sql<boolean>`(strpos(lower(schedules.body), ${term}) > 0 or strpos(lower(contacts.name), ${term}) > 0 or strpos(contacts.number, ${term}) > 0)`,
    );
  }
  return query;
}

export async function pageOfSchedules(db: Database, companyId: number, page: ScheduleFilter & { limit: number; offset: number }) {
  const query = filtered(db, companyId, page);
  const [rows, total] = await Promise.all([
    query.orderBy('schedules.sendAt').orderBy('schedules.id').limit(page.limit).offset(page.offset).execute(),
    query.clearSelect().select(countAll()).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

/** Who may see each matching schedule: its author and its ticket's owner and queue, in list order. */
export function scopesOfSchedules(db: Database, companyId: number, filter: ScheduleFilter) {
  return filtered(db, companyId, filter)
    .leftJoin('tickets', (join) => join.onRef('tickets.id', '=', 'schedules.ticketId').onRef('tickets.companyId', '=', 'schedules.companyId'))
    .clearSelect()
    .select(['schedules.id', 'schedules.userId', 'schedules.ticketId', 'tickets.userId as ticketUserId', 'tickets.queueId as ticketQueueId'])
    .orderBy('schedules.sendAt')
    .orderBy('schedules.id')
    .execute();
}

export async function schedulesByIds(db: Database, companyId: number, ids: number[]) {
  if (!ids.length) return [];
  return withContact(db, companyId).where('schedules.id', 'in', ids).orderBy('schedules.sendAt').orderBy('schedules.id').execute();
}

/** The ticket a schedule without one would go into when sent now: the contact's most recent. */
export function latestTicketOfContact(db: Database, companyId: number, contactId: number) {
  return latestTicketOf(db, companyId, contactId).select(['id', 'userId', 'queueId']).executeTakeFirst();
}

export function findSchedule(db: Database, companyId: number, id: number) {
  return withContact(db, companyId).where('schedules.id', '=', id).executeTakeFirst();
}

export function findContact(db: Database, companyId: number, contactId: number) {
  return db.selectFrom('contacts').select(['id', 'isGroup']).where('companyId', '=', companyId).where('id', '=', contactId).executeTakeFirst();
}

export async function insertSchedule(db: Database, values: Insertable<SchedulesTable>): Promise<number> {
  return (await db.insertInto('schedules').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Changes a schedule only while it is not sent: a sweep that sent it first wins, and the change answers false. */
export async function updateUnsent(db: Database, companyId: number, id: number, values: Updateable<SchedulesTable>): Promise<boolean> {
  const result = await db.updateTable('schedules').set(values).where('companyId', '=', companyId).where('id', '=', id).where('sentAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteScheduleRow(db: Database, companyId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('schedules').where('companyId', '=', companyId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
