/**
 * The schedule sender's SQL: the due schedules, locking one that is still pending, the ticket a
 * schedule goes to, and marking it sent or failed. The sender (schedule-sender.ts) composes them.
 */
import type { Database } from '../../db/database.js';
import type { ScheduleRow } from '../../db/schema-schedules.js';
import { isoDay } from '../../platform/clock.js';
import { companyWorks } from '../../platform/company-standing.js';

/** Pending schedules whose time has come, of companies that work today (inactive or expired ones wait). */
function due(db: Database, now: Date) {
  return db
    .selectFrom('schedules')
    .where('status', '=', 'PENDENTE')
    .where('sendAt', '<=', now)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('companies as c')
          .select('c.id')
          .whereRef('c.id', '=', 'schedules.companyId')
          .where(companyWorks('c', isoDay(now))),
      ),
    );
}

export function dueSchedules(db: Database, now: Date, limit: number): Promise<ScheduleRow[]> {
  return due(db, now).selectAll().orderBy('sendAt').orderBy('id').limit(limit).execute();
}

/** The schedule, locked, while it is still due; undefined when it is not (sent, changed, deleted) or another sweep holds it. */
export function lockIfDue(trx: Database, id: number, now: Date): Promise<ScheduleRow | undefined> {
  return due(trx, now).selectAll().where('id', '=', id).forUpdate().skipLocked().executeTakeFirst();
}

/** The contact's most recent ticket on a connection: where a schedule without a ticket goes. */
export function latestTicketOf(db: Database, companyId: number, contactId: number) {
  return db
    .selectFrom('tickets')
    .where('companyId', '=', companyId)
    .where('contactId', '=', contactId)
    .where('whatsappId', 'is not', null)
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
}

/** The contact's most recent ticket on a connection, locked. */
export function lockLatestTicketOf(trx: Database, companyId: number, contactId: number) {
  return latestTicketOf(trx, companyId, contactId)
    .selectAll()
    .forUpdate()
    .executeTakeFirst();
}

export async function contactIsGroup(trx: Database, companyId: number, contactId: number): Promise<boolean> {
  const contact = await trx.selectFrom('contacts').select('isGroup').where('companyId', '=', companyId).where('id', '=', contactId).executeTakeFirstOrThrow();
  return contact.isGroup;
}

export async function markSent(trx: Database, id: number, ticketId: number, now: Date): Promise<void> {
  await trx.updateTable('schedules').set({ status: 'ENVIADA', sentAt: now, ticketId, updatedAt: now }).where('id', '=', id).execute();
}

/** ERRO, unless it changed since it was read (an edit makes it pending again, with its new facts). */
export async function markFailed(db: Database, schedule: ScheduleRow, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('schedules')
    .set({ status: 'ERRO', updatedAt: now })
    .where('id', '=', schedule.id)
    .where('status', '=', 'PENDENTE')
    .where('updatedAt', '=', schedule.updatedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
