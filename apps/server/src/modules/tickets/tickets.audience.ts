/**
 * Who hears a ticket's live events (lessons 10-11): the company's admins (their room) and, by
 * their own user rooms, exactly the other users who may reach the ticket (tickets.policy): its
 * owner, the members of its queue, or the allTicket users when it has no queue. Computed from
 * the database at each change, so a user removed from a queue stops hearing it at once. Company
 * status rooms (joinTickets) and the notification room are never used for tickets: every member
 * of the company may join those.
 */
import { rooms, type Ticket, type TicketEvent } from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { AppContext } from '../../platform/context.js';
import { presentTicket } from './tickets.presenter.js';
import { findTicketView } from './tickets.repository.js';
import type { TicketScope } from './tickets.policy.js';

export interface AudienceScope extends TicketScope {
  companyId: number;
}

/** Rooms of everyone allowed to see the ticket; each socket is in at most one of them for this emit. */
export async function ticketAudience(db: Database, ticket: AudienceScope): Promise<string[]> {
  const users = await db
    .selectFrom('users')
    .select('id')
    .where('companyId', '=', ticket.companyId)
    // Admins hear it through their room (joined at connect), never twice.
    .where('profile', '!=', 'admin')
    .where((eb) => {
      const allowed = [eb('id', '=', ticket.userId ?? 0)];
      if (ticket.queueId === null) allowed.push(eb('allTicket', '=', 'enabled'));
      else allowed.push(eb('id', 'in', eb.selectFrom('userQueues').select('userId').where('queueId', '=', ticket.queueId)));
      return eb.or(allowed);
    })
    .execute();
  return [rooms.admins(ticket.companyId), ...users.map((u) => rooms.user(u.id))];
}

function emit(ctx: AppContext, companyId: number, audience: Iterable<string>, payload: TicketEvent) {
  for (const room of audience) ctx.live.toRoom(room, companyId, 'ticket', payload);
}

/**
 * After a change has committed: the ticket as it is now to everyone who may see it, and `removed`
 * to those who could see it before (`before`) and no longer can (a transfer to another queue).
 * Answers the ticket as presented, and its audience for further events of the same change.
 */
export async function announceTicket(
  ctx: AppContext,
  companyId: number,
  ticketId: number,
  before: string[] = [],
): Promise<{ ticket: Ticket; audience: string[] } | null> {
  const view = await findTicketView(ctx.db, companyId, ticketId);
  if (!view) return null;
  const ticket = presentTicket(view);
  const audience = await ticketAudience(ctx.db, view);
  emit(ctx, companyId, audience, { action: 'update', ticket });
  const now = new Set(audience);
  const gone = before.filter((room) => !now.has(room));
  if (gone.length) emit(ctx, companyId, gone, { action: 'removed', ticketId });
  return { ticket, audience };
}

export function announceTicketDeleted(ctx: AppContext, companyId: number, ticketId: number, audience: string[]): void {
  emit(ctx, companyId, audience, { action: 'delete', ticketId });
}

export function announceUnread(ctx: AppContext, companyId: number, ticketId: number, unreadMessages: number, audience: string[]): void {
  emit(ctx, companyId, audience, { action: 'updateUnread', ticketId, unreadMessages });
}
