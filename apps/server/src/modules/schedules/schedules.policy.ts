import type { Actor } from '../../platform/actor.js';
import { AppError, forbidden } from '../../platform/errors.js';
import { mayReach, seesEveryTicket, type TicketScope } from '../tickets/tickets.policy.js';

/** What decides who sees a schedule: its author and, when it has one, its ticket. */
export interface ScheduleScope {
  userId: number | null;
  ticketId: number | null;
  ticketUserId: number | null;
  ticketQueueId: number | null;
}

/**
 * A schedule is a way into its ticket, so it follows the ticket's visibility (tickets.policy):
 * admins see every schedule of the company; anyone else those whose ticket they may reach, and
 * those without a ticket that they wrote themselves. The plan's useSchedules flag gates the routes.
 */
export function mayView(viewer: Actor, schedule: ScheduleScope): boolean {
  if (seesEveryTicket(viewer)) return true;
  if (schedule.ticketId === null) return schedule.userId === viewer.userId;
  const ticket: TicketScope = { userId: schedule.ticketUserId, queueId: schedule.ticketQueueId };
  return mayReach(viewer, ticket);
}

/** A schedule without a ticket is seen by its author (and admins) only. */
export function assertMayViewUnbound(viewer: Actor, schedule: { userId: number | null }): void {
  if (!seesEveryTicket(viewer) && schedule.userId !== viewer.userId) throw forbidden('ERR_NO_PERMISSION');
}

/** A schedule already sent is history: its text and time no longer change. */
export function assertNotSent(schedule: { sentAt: Date | null }): void {
  if (schedule.sentAt) throw new AppError('ERR_SCHEDULE_ALREADY_SENT', 409);
}
