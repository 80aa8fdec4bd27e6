/**
 * Who hears a ticket's live events: the company's admins (their room) and, by their own user
 * rooms, exactly the other users who may see the ticket (the contract's maySeeTicket, in SQL in
 * tickets.queries.ts). Company status rooms (joinTickets) and the notification room are never used
 * for tickets: every member of the company may join those.
 *
 * A ticket leaves a list only on `delete`: when its status, queue or owner changes, everyone who
 * could see it where it was hears `delete`, then everyone who sees it where it is hears `update`,
 * and each client lists it again wherever it fits now.
 */
import { sql } from 'kysely';
import { rooms, type Ticket, type TicketEvent, type TicketPlace } from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { AppContext } from '../../platform/context.js';
import { presentTicket } from './tickets.presenter.js';
import type { TicketScope } from './tickets.policy.js';
import { ticketAudienceUserIds } from './tickets.queries.js';
import { ticketViews } from './tickets.repository.js';

export interface AudienceScope extends TicketScope {
  companyId: number;
  status?: TicketPlace['status'];
}

/**
 * The rooms of everyone who may see a ticket; each socket is in at most one of them for an emit.
 * Computed before a change, it also remembers where the ticket was (`place`), so the announcement
 * after the change can tell whether the ticket moved.
 */
export type TicketAudience = string[] & { readonly place?: TicketPlace; readonly created?: boolean };

/** The `before` of a ticket that did not exist: its first announcement is its creation (ticket.created). */
export const newTicketAudience = (): TicketAudience => Object.assign([], { created: true });

const roomsOf = (companyId: number, userIds: number[]) => [rooms.admins(companyId), ...userIds.map((id) => rooms.user(id))];

export async function ticketAudience(db: Database, ticket: AudienceScope): Promise<TicketAudience> {
  const value = (v: number | null) => sql`${v}::int`;
  const { rows } = await sql<{ id: number }>`${ticketAudienceUserIds(value(ticket.companyId), value(ticket.userId), value(ticket.queueId))}`.execute(db);
  const audience = roomsOf(ticket.companyId, rows.map((r) => r.id));
  return ticket.status ? Object.assign(audience, { place: { status: ticket.status, queueId: ticket.queueId, userId: ticket.userId } }) : audience;
}

function emit(ctx: AppContext, companyId: number, audience: Iterable<string>, payload: TicketEvent) {
  for (const room of audience) ctx.live.toRoom(room, companyId, 'ticket', payload);
}

/** Tickets as presented, each with the rooms of its audience, in one statement. */
export async function presentedWithAudience(db: Database, companyId: number, ticketIds: number[]): Promise<Map<number, { ticket: Ticket; audience: string[] }>> {
  const column = (name: string) => sql.raw(`tickets.${name}`);
  const views = ticketIds.length
    ? await ticketViews(db, companyId)
        .select(sql<number[]>`array(${ticketAudienceUserIds(column('company_id'), column('user_id'), column('queue_id'))})`.as('audienceUserIds'))
        .where('tickets.id', 'in', ticketIds)
        .execute()
    : [];
  return new Map(views.map((view) => [view.id, { ticket: presentTicket(view), audience: roomsOf(companyId, view.audienceUserIds) }]));
}

const moved = (was: TicketPlace, now: Ticket) => was.status !== now.status || was.queueId !== now.queueId || was.userId !== now.userId;

/** What the change was for the company's webhooks: a ticket closes when it moves into 'closed'. */
function webhookEventOf(ticket: Ticket, before: TicketAudience) {
  if (before.created) return 'ticket.created' as const;
  if (ticket.status === 'closed' && before.place && before.place.status !== 'closed') return 'ticket.closed' as const;
  return 'ticket.updated' as const;
}

/**
 * The ticket's update event to its audience. `before`, the audience from before the change: when
 * the ticket moved (status, queue or owner; or where it was is unknown) all of it hears `delete`
 * first; otherwise only the rooms that can no longer see it do.
 */
export function emitTicketUpdate(ctx: AppContext, companyId: number, presented: { ticket: Ticket; audience: string[] }, before: TicketAudience = []): void {
  const { ticket, audience } = presented;
  const now = new Set(audience);
  const left = !before.place || moved(before.place, ticket) ? before : before.filter((room) => !now.has(room));
  if (left.length) emit(ctx, companyId, left, { action: 'delete', ticketId: ticket.id });
  emit(ctx, companyId, audience, { action: 'update', ticket });
  ctx.webhooks.publish(companyId, webhookEventOf(ticket, before), ticket);
}

/**
 * After a change has committed: `delete` to those who could see the ticket where it was
 * (`before`, see emitTicketUpdate), then the ticket as it is now to everyone who may see it.
 * Answers the ticket as presented, and its audience for further events of the same change.
 */
export async function announceTicket(
  ctx: AppContext,
  companyId: number,
  ticketId: number,
  before: TicketAudience = [],
): Promise<{ ticket: Ticket; audience: string[] } | null> {
  const presented = (await presentedWithAudience(ctx.db, companyId, [ticketId])).get(ticketId);
  if (!presented) return null;
  emitTicketUpdate(ctx, companyId, presented, before);
  return presented;
}

export function announceTicketDeleted(ctx: AppContext, companyId: number, ticketId: number, audience: string[]): void {
  emit(ctx, companyId, audience, { action: 'delete', ticketId });
  ctx.webhooks.publish(companyId, 'ticket.deleted', { ticketId });
}

export function announceUnread(ctx: AppContext, companyId: number, ticketId: number, unreadMessages: number, audience: string[]): void {
  emit(ctx, companyId, audience, { action: 'updateUnread', ticketId, unreadMessages });
}
