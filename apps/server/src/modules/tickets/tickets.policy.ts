import { can } from '@atende/contract';
import type { Actor } from '../../platform/actor.js';
import { forbidden } from '../../platform/errors.js';

/** The parts of a ticket that decide who may see it. */
export interface TicketScope {
  userId: number | null;
  queueId: number | null;
}

export const seesEveryTicket = (viewer: Pick<Actor, 'profile'>) => can(viewer, 'tickets-manager:showall');

/**
 * Who may open, read and act on a ticket (spec core §5, §6): admins every ticket of the company;
 * anyone else their own tickets, the tickets of their queues, and queue-less tickets when their
 * allTicket is 'enabled'. The same rule picks who hears the ticket's live events (tickets.audience).
 */
export function mayReach(viewer: Actor, ticket: TicketScope): boolean {
  if (seesEveryTicket(viewer)) return true;
  if (ticket.userId === viewer.userId) return true;
  if (ticket.queueId === null) return viewer.allTicket === 'enabled';
  return viewer.queueIds.includes(ticket.queueId);
}

/** 'Acesso não permitido': a user opening another queue's ticket (spec core §5). */
export function assertMayReach(viewer: Actor, ticket: TicketScope): void {
  if (!mayReach(viewer, ticket)) throw forbidden('ERR_NO_PERMISSION');
}

/** Transfer to a chosen user: admins and supervisors pick anyone, others only members of the target queue. */
export function mayChooseAnyUser(viewer: Actor): boolean {
  return can(viewer, 'ticket-options:transferToUser');
}

/** Returning a ticket to the queue is for its owner (or an admin): nobody else's attendance is dropped. */
export function assertMayReturn(viewer: Actor, ticket: TicketScope): void {
  if (ticket.userId !== viewer.userId && !seesEveryTicket(viewer)) throw forbidden('ERR_NO_PERMISSION');
}

/**
 * Messages an agent sent (or the phone sent for the business) may be deleted or edited by that
 * agent, and by admins; a customer's message never.
 */
export function assertMayChangeMessage(viewer: Actor, message: { fromMe: boolean; userId: number | null }): void {
  if (!message.fromMe) throw forbidden('ERR_NO_PERMISSION');
  if (message.userId !== null && message.userId !== viewer.userId && !seesEveryTicket(viewer)) throw forbidden('ERR_NO_PERMISSION');
}
