import type { KanbanTicket, Tag, Ticket } from '@atende/contract';
import { describe, expect, it } from 'vitest';
import { applyTicketEvent, lanesOf, OPEN_LANE, tagsAfterMove } from './board';

const tag = (id: number, name: string): Tag => ({ id, name, color: '#ff0000', kanban: 1, userId: null });
const NEW = tag(1, 'Novo');
const DOING = tag(2, 'Andamento');
const VIP = { id: 9, name: 'VIP', color: '#000000' };

function card(id: number, fields: Partial<KanbanTicket> = {}): KanbanTicket {
  return {
    id,
    uuid: `u-${id}`,
    status: 'open',
    queueId: 1,
    userId: null,
    contact: { id, name: `Cliente ${id}`, number: `55119${id}` },
    tags: [],
    lastMessage: '',
    lastMessageAt: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
    unreadMessages: 0,
    ...fields,
  };
}

const ticketOf = (c: KanbanTicket): Ticket =>
  ({ ...c, user: null, queue: null, contactId: c.contact.id, contact: { ...c.contact, email: '', profilePicUrl: '', isGroup: false }, whatsappId: null, whatsapp: null, chatbot: false, isGroup: false, useIntegration: false, promptId: null, integrationId: null, createdAt: c.lastMessageAt, updatedAt: c.lastMessageAt }) as Ticket;

const laneIds = (tickets: KanbanTicket[]) => Object.fromEntries(lanesOf(tickets, [NEW, DOING]).map((lane) => [lane.id, lane.tickets.map((t) => t.id)]));

describe('lanes', () => {
  it('puts tickets without a kanban tag in the open lane and the others in their tags’ lanes, in the tags’ order', () => {
    const tickets = [card(1), card(2, { tags: [VIP] }), card(3, { tags: [DOING, VIP] }), card(4, { tags: [NEW, DOING] })];
    expect(lanesOf(tickets, [NEW, DOING]).map((lane) => lane.id)).toEqual([OPEN_LANE, 'tag-1', 'tag-2']);
    expect(laneIds(tickets)).toEqual({ [OPEN_LANE]: [1, 2], 'tag-1': [4], 'tag-2': [3, 4] });
  });

  it('a move keeps the other tags and replaces every kanban tag with the target’s', () => {
    const ticket = card(1, { tags: [NEW, VIP] });
    const [open, , doing] = lanesOf([], [NEW, DOING]);
    expect(tagsAfterMove(ticket, doing, [NEW, DOING]).map((t) => t.id)).toEqual([9, 2]);
    expect(tagsAfterMove(ticket, open, [NEW, DOING]).map((t) => t.id)).toEqual([9]);
  });
});

describe('live events', () => {
  const board = { tickets: [card(2, { tags: [NEW] }), card(1)] };

  it('an update moves the card to the lane of its new tags, and a new ticket joins in the inbox’s order', () => {
    const moved = applyTicketEvent(board, { action: 'update', ticket: ticketOf(card(1, { tags: [DOING] })) }, []);
    expect(laneIds(moved!.tickets)).toEqual({ [OPEN_LANE]: [], 'tag-1': [2], 'tag-2': [1] });
    const added = applyTicketEvent(board, { action: 'update', ticket: ticketOf(card(3)) }, []);
    expect(added!.tickets.map((t) => t.id)).toEqual([3, 2, 1]);
  });

  it('a closed ticket, a deleted one or one out of the board’s queues leaves the board', () => {
    expect(applyTicketEvent(board, { action: 'update', ticket: ticketOf(card(1, { status: 'closed' })) }, [])!.tickets.map((t) => t.id)).toEqual([2]);
    expect(applyTicketEvent(board, { action: 'delete', ticketId: 2 }, [])!.tickets.map((t) => t.id)).toEqual([1]);
    expect(applyTicketEvent(board, { action: 'update', ticket: ticketOf(card(1, { queueId: 7 })) }, [1, 2])!.tickets.map((t) => t.id)).toEqual([2]);
    // Queue-less tickets stay under a queue filter, as in the tickets list.
    expect(applyTicketEvent(board, { action: 'update', ticket: ticketOf(card(1, { queueId: null })) }, [1])!.tickets.map((t) => t.id)).toEqual([2, 1]);
  });

  it('an unread count moves an unread card first', () => {
    expect(applyTicketEvent(board, { action: 'updateUnread', ticketId: 1, unreadMessages: 3 }, [])!.tickets.map((t) => t.id)).toEqual([1, 2]);
    expect(applyTicketEvent(board, { action: 'updateUnread', ticketId: 99, unreadMessages: 3 }, [])).toBe(board);
  });
});
