import { fitsTicketList, type SessionUser, type Ticket, type TicketEvent } from '@atende/contract';
import type { TicketListFilters, TicketPages } from './api';

/** What list membership depends on, from the session user. */
export type TicketViewer = Pick<SessionUser, 'id' | 'profile' | 'allTicket' | 'queues'>;

/**
 * Whether a ticket belongs in a list with these filters: the contract's rule, the one GET /tickets
 * follows (outside 'show all' the lists hold the user's own tickets and the waiting ones of their
 * queues). A text search cannot be judged here: null means "only update it where it already is".
 */
export function fitsList(ticket: Ticket, filters: TicketListFilters, viewer: TicketViewer): boolean | null {
  return fitsTicketList(ticket, filters, { userId: viewer.id, profile: viewer.profile, allTicket: viewer.allTicket, queueIds: viewer.queues.map((q) => q.id) });
}

const time = (value: string) => Date.parse(value) || 0;

/** The server's order: tickets with unread messages first, then the newest conversation. */
export function byListOrder(a: Ticket, b: Ticket): number {
  const unread = Number(b.unreadMessages > 0) - Number(a.unreadMessages > 0);
  if (unread) return unread;
  return time(b.lastMessageAt) - time(a.lastMessageAt) || b.id - a.id;
}

/** The list's tickets once, in page order (a ticket can move between pages while scrolling). */
export function ticketsOf(data: TicketPages | undefined): Ticket[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((page) => page.tickets ?? []).filter((t) => !seen.has(t.id) && seen.add(t.id));
}

/**
 * Writes a changed list back: every loaded ticket sorted into the first page (later pages keep
 * their place so the next page number stays right), and the count moved by what was added or
 * removed, so the tab badges follow too.
 */
function rebuild(data: TicketPages, tickets: Ticket[], countDelta: number): TicketPages {
  const [first, ...rest] = data.pages;
  return {
    ...data,
    pages: [
      { ...first, tickets: [...tickets].sort(byListOrder), count: Math.max(0, first.count + countDelta) },
      ...rest.map((page) => ({ ...page, tickets: [] })),
    ],
  };
}

function upsert(data: TicketPages, ticket: Ticket, filters: TicketListFilters, viewer: TicketViewer): TicketPages {
  const tickets = ticketsOf(data);
  const present = tickets.some((t) => t.id === ticket.id);
  const fits = fitsList(ticket, filters, viewer);
  if (fits === false) return present ? rebuild(data, tickets.filter((t) => t.id !== ticket.id), -1) : data;
  if (present) return rebuild(data, tickets.map((t) => (t.id === ticket.id ? ticket : t)), 0);
  return fits ? rebuild(data, [ticket, ...tickets], 1) : data;
}

function patch(data: TicketPages, ticketId: number, change: (ticket: Ticket) => Ticket | null): TicketPages {
  const tickets = ticketsOf(data);
  const current = tickets.find((t) => t.id === ticketId);
  if (!current) return data;
  const next = change(current);
  if (next === null) return rebuild(data, tickets.filter((t) => t.id !== ticketId), -1);
  return rebuild(data, tickets.map((t) => (t.id === ticketId ? next : t)), 0);
}

/** One live ticket event applied to one cached list. Applying the same event twice changes nothing more. */
export function applyTicketEvent(
  data: TicketPages | undefined,
  event: TicketEvent,
  filters: TicketListFilters,
  viewer: TicketViewer,
): TicketPages | undefined {
  if (!data?.pages.length) return data;
  switch (event.action) {
    case 'update':
      return upsert(data, event.ticket, filters, viewer);
    // A ticket leaves a list only when deleted or when it moved (status, queue, owner): the
    // server then says `delete` to who could see it before, and `update` where it is now.
    case 'delete':
      return patch(data, event.ticketId, () => null);
    case 'updateUnread':
      return patch(data, event.ticketId, (ticket) => {
        const next = { ...ticket, unreadMessages: event.unreadMessages };
        return fitsList(next, filters, viewer) === false ? null : next;
      });
    default:
      return data;
  }
}
