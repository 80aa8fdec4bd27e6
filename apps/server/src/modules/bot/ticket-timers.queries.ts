/**
 * The ticket timers' SQL: which tickets are due, and locking one that still is. What is due is
 * derived from the ticket's last message time plus its connection's minutes (ticket-timers.ts).
 */
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

export type TimerKind = 'transfer' | 'expire';

/** Tickets whose timer of this kind is due at `now`; the same test selects and, under lock, re-checks. */
export function due(db: Database, kind: TimerKind, now: Date) {
  const base = db
    .selectFrom('tickets')
    .innerJoin('whatsapps', (join) => join.onRef('whatsapps.id', '=', 'tickets.whatsappId').onRef('whatsapps.companyId', '=', 'tickets.companyId'))
    // Spelled as the timer index's predicate (migration 0006), so the planner uses it.
    .where('tickets.status', '<>', 'closed');
  if (kind === 'expire') {
    return base
      .where('whatsapps.expiresTicket', '>', 0)
      .where(sql<boolean>`tickets.last_message_at <= ${now}::timestamptz - whatsapps.expires_ticket * interval '1 minute'`);
  }
  return base
    .innerJoin('queues', (join) => join.onRef('queues.id', '=', 'whatsapps.transferQueueId').onRef('queues.companyId', '=', 'tickets.companyId'))
    .where('whatsapps.timeToTransfer', '>', 0)
    .where('tickets.status', '=', 'pending')
    .where('tickets.userId', 'is', null)
    .where((eb) => eb.or([eb('tickets.queueId', 'is', null), eb('tickets.chatbot', '=', true)]))
    .where(sql<boolean>`tickets.last_message_at <= ${now}::timestamptz - whatsapps.time_to_transfer * interval '1 minute'`);
}

/** Up to `limit` tickets whose timer of this kind is due, longest silent first. */
export function dueTickets(db: Database, kind: TimerKind, now: Date, limit: number) {
  return due(db, kind, now).selectAll('tickets').orderBy('tickets.lastMessageAt').limit(limit).execute();
}

/** The ticket, locked, with what its connection says to do, while its timer is still due; undefined when not (or another sweep holds it). */
export function lockIfDue(trx: Database, kind: TimerKind, ticketId: number, now: Date) {
  return due(trx, kind, now)
    .selectAll('tickets')
    .select(['whatsapps.transferQueueId', 'whatsapps.expiresInactiveMessage'])
    .where('tickets.id', '=', ticketId)
    .forUpdate('tickets')
    .skipLocked()
    .executeTakeFirst();
}
