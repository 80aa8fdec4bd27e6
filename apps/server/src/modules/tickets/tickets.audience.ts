/**
 * Who hears a ticket's live events (lessons 10-11): the company's admins (their room) and, by
 * their own user rooms, exactly the other users who may reach the ticket (tickets.policy): its
 * owner, the members of its queue, or the allTicket users when it has no queue. Computed from
 * the database at each change, so a user removed from a queue stops hearing it at once. Company
 * status rooms (joinTickets) and the notification room are never used for tickets: every member
 * of the company may join those.
 */
import { sql, type RawBuilder } from 'kysely';
import { rooms, type Ticket, type TicketEvent } from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { AppContext } from '../../platform/context.js';
import { presentTicket } from './tickets.presenter.js';
import { ticketViews } from './tickets.repository.js';
import type { TicketScope } from './tickets.policy.js';

export interface AudienceScope extends TicketScope {
  companyId: number;
}

/**
 * The users other than admins who may reach a ticket with this company, owner and queue (the
 * rule of tickets.policy), as a subquery over plain values or over a joined ticket row's columns,
 * so a ticket's view and its audience come back in one statement.
 */
function audienceUserIds(companyId: RawBuilder<unknown>, userId: RawBuilder<unknown>, queueId: RawBuilder<unknown>) {
  // Admins hear it through their room (joined at connect), never twice.
  return sql<number>`select u.id from users u where u.company_id = ${companyId} and u.profile <> 'admin'
    and (u.id = coalesce(${userId}, 0)
      or (${queueId} is null and u.all_ticket = 'enabled')
      or u.id in (select uq.user_id from user_queues uq where uq.queue_id = ${queueId}))`;
}

const roomsOf = (companyId: number, userIds: number[]) => [rooms.admins(companyId), ...userIds.map((id) => rooms.user(id))];

/** Rooms of everyone allowed to see the ticket; each socket is in at most one of them for this emit. */
export async function ticketAudience(db: Database, ticket: AudienceScope): Promise<string[]> {
  const value = (v: number | null) => sql`${v}::int`;
  const { rows } = await sql<{ id: number }>`${audienceUserIds(value(ticket.companyId), value(ticket.userId), value(ticket.queueId))}`.execute(db);
  return roomsOf(ticket.companyId, rows.map((r) => r.id));
}

function emit(ctx: AppContext, companyId: number, audience: Iterable<string>, payload: TicketEvent) {
  for (const room of audience) ctx.live.toRoom(room, companyId, 'ticket', payload);
}

/** Tickets as presented, each with the rooms of its audience, in one statement. */
export async function presentedWithAudience(db: Database, companyId: number, ticketIds: number[]): Promise<Map<number, { ticket: Ticket; audience: string[] }>> {
  const column = (name: string) => sql.raw(`tickets.${name}`);
  const views = ticketIds.length
    ? await ticketViews(db, companyId)
        .select(sql<number[]>`array(${audienceUserIds(column('company_id'), column('user_id'), column('queue_id'))})`.as('audienceUserIds'))
        .where('tickets.id', 'in', ticketIds)
        .execute()
    : [];
  return new Map(views.map((view) => [view.id, { ticket: presentTicket(view), audience: roomsOf(companyId, view.audienceUserIds) }]));
}

/** The ticket's update event to its audience, and `removed` to the rooms of `before` that lost it. */
export function emitTicketUpdate(ctx: AppContext, companyId: number, presented: { ticket: Ticket; audience: string[] }, before: string[] = []): void {
  const { ticket, audience } = presented;
  emit(ctx, companyId, audience, { action: 'update', ticket });
  const now = new Set(audience);
  const gone = before.filter((room) => !now.has(room));
  if (gone.length) emit(ctx, companyId, gone, { action: 'removed', ticketId: ticket.id });
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
  const presented = (await presentedWithAudience(ctx.db, companyId, [ticketId])).get(ticketId);
  if (!presented) return null;
  emitTicketUpdate(ctx, companyId, presented, before);
  return presented;
}

export function announceTicketDeleted(ctx: AppContext, companyId: number, ticketId: number, audience: string[]): void {
  emit(ctx, companyId, audience, { action: 'delete', ticketId });
}

export function announceUnread(ctx: AppContext, companyId: number, ticketId: number, unreadMessages: number, audience: string[]): void {
  emit(ctx, companyId, audience, { action: 'updateUnread', ticketId, unreadMessages });
}
