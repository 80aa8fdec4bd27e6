import { can, maySeeTicket, seesEveryTicket } from '@atende/contract';
import type { Actor } from '../../platform/actor.js';
import { forbidden } from '../../platform/errors.js';

export { seesEveryTicket };

/** The parts of a ticket that decide who may see it. */
export interface TicketScope {
  userId: number | null;
  queueId: number | null;
}

/**
 * Who may open, read and act on a ticket: the contract's one visibility rule (maySeeTicket:
 * admins every ticket of the company; anyone else their own tickets, the tickets of their queues,
 * and queue-less tickets when their allTicket is 'enabled'). Its SQL forms, for the lists and for
 * who hears a ticket's live events, are in tickets.queries.ts.
 */
export function mayReach(viewer: Actor, ticket: TicketScope): boolean {
  return maySeeTicket(viewer, ticket);
}

/** 'Acesso não permitido': a user opening another queue's ticket. */
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
