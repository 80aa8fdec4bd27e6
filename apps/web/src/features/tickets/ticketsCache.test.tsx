import { describe, expect, it } from 'vitest';
import { sessionUser } from '../../test/fixtures';
import { ticket, ticketPage } from '../../test/tickets';
import type { TicketPages } from './api';
import { applyTicketEvent, fitsList, ticketsOf } from './ticketsCache';

const agent = sessionUser({ id: 7, profile: 'user', queues: [{ id: 1, name: 'Suporte', color: '#16a34a' }] });
const admin = sessionUser({ id: 8, profile: 'admin', queues: [] });
const pages = (...lists: ReturnType<typeof ticket>[][]): TicketPages => ({
  pages: lists.map((tickets, i) => ({ ...ticketPage(tickets, i < lists.length - 1), count: lists.flat().length })),
  pageParams: lists.map((_l, i) => i + 1),
});

describe('ticket lists under live events', () => {
  it('follows the server: own tickets, waiting ones of the own queues, everything only for admins with show all', () => {
    const waitingElsewhere = ticket(1, { status: 'pending', userId: null, queueId: 2 });
    expect(fitsList(ticket(1, { status: 'pending', userId: null }), { status: 'pending' }, agent)).toBe(true);
    expect(fitsList(waitingElsewhere, { status: 'pending' }, agent)).toBe(false);
    expect(fitsList(ticket(1, { userId: 9 }), { status: 'open' }, agent)).toBe(false);
    expect(fitsList(ticket(1, { userId: 9 }), { status: 'open', showAll: true }, agent)).toBe(false);
    expect(fitsList(ticket(1, { userId: 9 }), { status: 'open', showAll: true }, admin)).toBe(true);
    expect(fitsList(ticket(1, { tags: [{ id: 3, name: 'VIP', color: '#000' }] }), { tags: [3, 4] }, agent)).toBe(false);
  });

  it('counts an arrival once however often it is announced', () => {
    const start = pages([ticket(1)]);
    const event = { action: 'update' as const, ticket: ticket(2, { unreadMessages: 1 }) };
    const once = applyTicketEvent(start, event, { status: 'open' }, agent);
    const twice = applyTicketEvent(once, event, { status: 'open' }, agent);
    expect(ticketsOf(twice).map((t) => t.id)).toEqual([2, 1]);
    expect(twice?.pages[0].count).toBe(2);
  });

  it('keeps later pages loaded and their page numbers when a ticket moves', () => {
    const start = pages([ticket(1), ticket(2)], [ticket(3)]);
    const next = applyTicketEvent(start, { action: 'update', ticket: ticket(3, { unreadMessages: 4 }) }, { status: 'open' }, agent);
    expect(ticketsOf(next).map((t) => t.id)).toEqual([3, 2, 1]);
    expect(next?.pages).toHaveLength(2);
    expect(next?.pageParams).toEqual([1, 2]);
  });

  it('never adds an unknown ticket to a text search, but updates or drops a listed one', () => {
    const start = pages([ticket(1)]);
    const search = { searchParam: 'maria' };
    expect(ticketsOf(applyTicketEvent(start, { action: 'update', ticket: ticket(2) }, search, agent)).map((t) => t.id)).toEqual([1]);
    const renamed = applyTicketEvent(start, { action: 'update', ticket: ticket(1, { lastMessage: 'novo' }) }, search, agent);
    expect(ticketsOf(renamed)[0].lastMessage).toBe('novo');
    expect(ticketsOf(applyTicketEvent(start, { action: 'delete', ticketId: 1 }, search, agent))).toEqual([]);
  });

  it('moves a ticket on delete then update: out of the list it left, into the one it fits now', async () => {
    const waiting = pages([ticket(1, { status: 'pending', userId: null }), ticket(2, { status: 'pending', userId: null })]);
    const mine = pages([ticket(3)]);
    const accepted = ticket(1, { status: 'open', userId: agent.id });
    const events = [{ action: 'delete' as const, ticketId: 1 }, { action: 'update' as const, ticket: accepted }];
    const after = (list: TicketPages, filters: { status: 'open' | 'pending' }) => events.reduce<TicketPages | undefined>((data, event) => applyTicketEvent(data, event, filters, agent), list);
    expect(ticketsOf(after(waiting, { status: 'pending' })).map((t) => t.id)).toEqual([2]);
    expect(after(waiting, { status: 'pending' })?.pages[0].count).toBe(1);
    expect(ticketsOf(after(mine, { status: 'open' })).map((t) => t.id)).toEqual([3, 1]);
    expect(after(mine, { status: 'open' })?.pages[0].count).toBe(2);
  });
});
