import { render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeJwt, jsonResponse, sessionUser } from '../test/fixtures';
import { testQueryClient } from '../test/render';
import { serveApi } from '../test/serve';
import { aMessage, aPage, ticket, ticketPage } from '../test/tickets';
import { startFirstScreen } from '../router';
import { sendFirstRequests } from './firstRequests';
import { App } from './App';

vi.mock('socket.io-client', () => {
  const socket = { on: () => socket, off: () => socket, emit: () => socket, removeAllListeners: () => socket, disconnect: () => socket, io: { on: () => {}, opts: {} }, active: true };
  return { io: () => socket };
});

// The ticket manager's code never finishes loading here: whatever it would ask for itself cannot be asked.
vi.mock('../pages/tickets/TicketsPage', () => new Promise(() => {}));

afterEach(() => vi.unstubAllGlobals());

it('opening /tickets with a stored session asks for the first lists while the page is still loading', async () => {
  localStorage.setItem('token', fakeJwt({ id: 7, companyId: 3, sid: 's1', exp: Math.floor(Date.now() / 1000) + 900 }));
  const me = sessionUser({ profile: 'user', queues: [{ id: 2, name: 'Vendas', color: '#000' }] });
  const sent = serveApi({ 'GET /api/auth/me': () => jsonResponse(200, me), 'GET /api/tickets': () => jsonResponse(200, ticketPage([])) });
  const asked = () => sent.map((request) => request.url);
  window.history.pushState({}, '', '/tickets');
  const queryClient = testQueryClient();
  startFirstScreen(queryClient, '/tickets', sendFirstRequests('/tickets'));
  render(<App queryClient={queryClient} />);
  await vi.waitFor(() => {
    const lists = asked().filter((url) => url.startsWith('/api/tickets?')).map((url) => Object.fromEntries(new URL(url, 'http://x').searchParams));
    expect(lists).toEqual(
      expect.arrayContaining([
        { pageNumber: '1', status: 'open', queueIds: '2' },
        { pageNumber: '1', status: 'pending', queueIds: '2' },
      ]),
    );
  }, { timeout: 10_000 });
  // The shell is drawn around the page still loading.
  expect(await screen.findByTestId('topbar-greeting', undefined, { timeout: 10_000 })).toBeTruthy();
});

it('opening a ticket\'s address asks for its messages (with the ticket) first, and what surrounds them once the conversation is shown', async () => {
  localStorage.setItem('token', fakeJwt({ id: 7, companyId: 3, sid: 's1', exp: Math.floor(Date.now() / 1000) + 900 }));
  const me = sessionUser({ profile: 'admin', queues: [{ id: 2, name: 'Vendas', color: '#000' }] });
  const opened = ticket(5);
  const sent = serveApi({
    'GET /api/auth/me': () => jsonResponse(200, me),
    [`GET /api/messages/u/${opened.uuid}`]: () => jsonResponse(200, { ...aPage([aMessage(1, { ticketId: 5 })]), ticket: opened }),
    'GET /api/tickets': () => jsonResponse(200, ticketPage([])),
  });
  const asked = () => sent.map((request) => request.url);
  window.history.pushState({}, '', `/tickets/${opened.uuid}`);
  const queryClient = testQueryClient();
  const started = Date.now();
  void startFirstScreen(queryClient, `/tickets/${opened.uuid}`, sendFirstRequests(`/tickets/${opened.uuid}`));
  render(<App queryClient={queryClient} />);
  // One round trip by the address brings the ticket and its newest messages.
  await vi.waitFor(() => expect(asked()).toContain(`/api/messages/u/${opened.uuid}?pageNumber=1`), { timeout: 10_000 });
  await vi.waitFor(() => expect(queryClient.getQueryData(['messages', 5])).toMatchObject({ pages: [{ messages: [{ id: 1 }] }] }));
  expect(queryClient.getQueryData(['tickets', 'detail', opened.uuid])).toMatchObject({ id: 5, uuid: opened.uuid });
  expect(asked().filter((url) => url.startsWith('/api/tickets/u/') || url.startsWith('/api/messages/5'))).toEqual([]);
  expect(await screen.findByTestId('topbar-greeting', undefined, { timeout: 10_000 })).toBeTruthy();
  // The ticket manager never draws the conversation here: until the time limit nothing else is asked for.
  const surrounding = (url: string) => /^\/api\/(tickets\?|announcements|chats|whatsapp|companies\/listPlan|simulator|version)/.test(url);
  if (Date.now() - started < 1_500) {
    expect(asked().filter(surrounding)).toEqual([]);
    // Nor drawn: the side menu's entries and the top bar's tools follow the conversation.
    expect(screen.queryByTestId('menu-item-tickets')).toBeNull();
    expect(screen.queryByTestId('theme-toggle')).toBeNull();
  }
  await vi.waitFor(() => expect(asked().some((url) => url.startsWith('/api/announcements'))).toBe(true), { timeout: 10_000 });
  expect(await screen.findByTestId('menu-item-tickets')).toBeTruthy();
  expect(screen.getByTestId('theme-toggle')).toBeTruthy();
  expect(asked().some((url) => url.startsWith('/api/companies/listPlan/3'))).toBe(true);
});
