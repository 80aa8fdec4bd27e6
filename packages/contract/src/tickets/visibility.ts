/**
 * Who sees which ticket: the one rule the server's checks, its list and live-event SQL
 * (apps/server/src/modules/tickets/tickets.queries.ts, proven equal by a test) and the web's
 * cached lists all follow.
 */
import { can, type Profile } from '../permissions.js';
import type { Ticket, TicketListFilters, TicketStatus } from '../tickets.js';

/** What a user's view of the tickets depends on. */
export interface TicketViewer {
  userId: number;
  profile: Profile;
  /** 'enabled': the user also works the tickets that have no queue. */
  allTicket: string;
  queueIds: readonly number[];
}

/** The parts of a ticket that place it: whose it is, which queue's, and in which state. */
export interface TicketPlace {
  status: TicketStatus;
  queueId: number | null;
  userId: number | null;
}

export const seesEveryTicket = (viewer: Pick<TicketViewer, 'profile'>): boolean => can(viewer, 'tickets-manager:showall');

/** A queue the user works in; a ticket without a queue belongs to those whose allTicket is enabled. */
export function worksInQueue(viewer: Pick<TicketViewer, 'allTicket' | 'queueIds'>, queueId: number | null): boolean {
  return queueId === null ? viewer.allTicket === 'enabled' : viewer.queueIds.includes(queueId);
}

/**
 * Who may open, read and act on a ticket, and so hear its live events: admins every ticket of the
 * company; anyone else their own tickets and the tickets of the queues they work in.
 */
export function maySeeTicket(viewer: TicketViewer, ticket: Pick<TicketPlace, 'userId' | 'queueId'>): boolean {
  return seesEveryTicket(viewer) || ticket.userId === viewer.userId || worksInQueue(viewer, ticket.queueId);
}

/**
 * The user's share of GET /tickets before its other filters. With 'show all', admins list every
 * ticket. Otherwise the lists hold the user's own tickets and the waiting (pending) ones of the
 * queues they work in, and a text search reaches every ticket of those queues (admins included:
 * without 'show all' they search as the agents of their queues do).
 */
export function inTicketLists(viewer: TicketViewer, ticket: TicketPlace, list: { showAll: boolean; searching: boolean }): boolean {
  if (list.showAll && seesEveryTicket(viewer)) return true;
  if (ticket.userId === viewer.userId) return true;
  return (list.searching || ticket.status === 'pending') && worksInQueue(viewer, ticket.queueId);
}

/** The filters of one list, as a client keeps them (every one optional, no page). */
export type TicketListView = Partial<Omit<TicketListFilters, 'pageNumber'>>;

type ListedTicket = TicketPlace & Pick<Ticket, 'whatsappId' | 'unreadMessages' | 'tags'>;

/**
 * Whether a ticket belongs in a list with these filters, as GET /tickets would answer. A text
 * search or a day filter cannot be judged without the server (the ticket's words, the database's
 * day): null means "only update it where it already is".
 */
export function fitsTicketList(ticket: ListedTicket, filters: TicketListView, viewer: TicketViewer): boolean | null {
  if (filters.status && ticket.status !== filters.status) return false;
  if (filters.withUnreadMessages && ticket.unreadMessages <= 0) return false;
  // A queue filter keeps the tickets without a queue.
  if (filters.queueIds?.length && ticket.queueId !== null && !filters.queueIds.includes(ticket.queueId)) return false;
  if (filters.users?.length && (ticket.userId === null || !filters.users.includes(ticket.userId))) return false;
  if (filters.whatsappIds?.length && (ticket.whatsappId === null || !filters.whatsappIds.includes(ticket.whatsappId))) return false;
  if (filters.tags?.length && !filters.tags.every((id) => ticket.tags.some((tag) => tag.id === id))) return false;
  const searching = Boolean(filters.searchParam);
  if (!inTicketLists(viewer, ticket, { showAll: Boolean(filters.showAll), searching })) return false;
  return searching || filters.date || filters.updatedAt ? null : true;
}
