import type { z } from 'zod';
import type { Tag } from './tags.js';
import { ticketListQuery, type Ticket, type TicketStatus } from './tickets.js';

/** GET /ticket/kanban: queueIds read exactly as the tickets list reads them (JSON or comma list). */
export const kanbanQuery = ticketListQuery.pick({ queueIds: true });
export type KanbanQuery = z.input<typeof kanbanQuery>;

/**
 * The board answers at most this many cards (the most recently active first): a company's live
 * tickets are in the thousands, and a lane is drawn virtualised, so the cap only guards the server.
 */
export const KANBAN_MAX_TICKETS = 5000;

/** A card of the board (spec: id, uuid, tags, contact name and number, last message). */
export interface KanbanTicket {
  id: number;
  uuid: string;
  status: TicketStatus;
  queueId: number | null;
  userId: number | null;
  contact: { id: number; name: string; number: string };
  tags: Pick<Tag, 'id' | 'name' | 'color'>[];
  lastMessage: string;
  lastMessageAt: string;
  unreadMessages: number;
}

/** GET /ticket/kanban. */
export interface KanbanBoard {
  tickets: KanbanTicket[];
}

/** A ticket as its card shows it (the server's answer and the live `ticket` events both go through here). */
export function kanbanTicketOf(ticket: Ticket): KanbanTicket {
  const { id, uuid, status, queueId, userId, contact, tags, lastMessage, lastMessageAt, unreadMessages } = ticket;
  return { id, uuid, status, queueId, userId, contact: { id: contact.id, name: contact.name, number: contact.number }, tags, lastMessage, lastMessageAt, unreadMessages };
}

/**
 * Whether a ticket the user may see belongs on a board loaded with these queues: every ticket
 * that is not closed, of those queues (a queue filter keeps the tickets without a queue, as the
 * tickets list does). Who may see it is the server's rule (maySeeTicket), which also decides who
 * hears the ticket's events.
 */
export function onKanbanBoard(ticket: Pick<KanbanTicket, 'status' | 'queueId'>, queueIds: readonly number[]): boolean {
  if (ticket.status === 'closed') return false;
  return queueIds.length === 0 || ticket.queueId === null || queueIds.includes(ticket.queueId);
}
