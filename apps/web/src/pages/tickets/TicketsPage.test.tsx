import type { SessionUser, Ticket } from '@atende/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdUntilConversationDrawn } from '../../app/firstScreen';
import { SocketContext } from '../../app/SocketProvider';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { fakeSocket, serveApi, type RouteHandler } from '../../test/serve';
import { ticket, ticketPage } from '../../test/tickets';
import TicketsPage from './TicketsPage';

// The ticket screen has its own tests; here it only has to show which ticket is open.
vi.mock('../../features/ticket-screen/components/TicketScreen', () => ({
  TicketScreen: ({ uuid, onDrawn }: { uuid: string; onDrawn?: () => void }) => (
    <div data-testid="ticket-screen" data-uuid={uuid}>
      <button type="button" data-testid="conversation-drawn" onClick={onDrawn} />
    </div>
  ),
}));

const agent = (overrides: Partial<SessionUser> = {}) =>
  sessionUser({ profile: 'user', queues: [{ id: 1, name: 'Suporte', color: '#16a34a' }], ...overrides });

/** GET /tickets answered per status (no status: the search and notification lists). */
function ticketsByStatus(lists: Partial<Record<'open' | 'pending' | 'closed' | 'none', Ticket[]>>): RouteHandler {
  return (_body, url) => {
    const status = (new URL(url, 'http://x').searchParams.get('status') ?? 'none') as keyof typeof lists;
    return jsonResponse(200, ticketPage(lists[status] ?? []));
  };
}

/** jsdom has no layout: `narrow` makes the 600 px media query match. */
function screenWidth(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow && query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

function renderPage(user: SessionUser, route = '/tickets') {
  const live = fakeSocket();
  const view = renderWithApp(
    <SocketContext.Provider value={{ socket: live.socket, companyId: 3 }}>
      <VirtuosoMockContext.Provider value={{ viewportHeight: 4000, itemHeight: 80 }}>
        <Routes>
          <Route path="/tickets/:ticketId?" element={<TicketsPage />} />
        </Routes>
      </VirtuosoMockContext.Provider>
    </SocketContext.Provider>,
    { user, route },
  );
  return { ...view, live };
}

const names = (listTestId: string) =>
  within(screen.getByTestId(listTestId))
    .queryAllByTestId(/^ticket-name-/)
    .map((el) => el.textContent);

afterEach(() => vi.unstubAllGlobals());

// Full-page renders with MUI and a virtual list are slow on a shared machine, not in the product.
describe('<TicketsPage> ticket manager', { timeout: 20_000 }, () => {
  it('shows the assigned and waiting sub-tabs with their counts; a waiting ticket opens only by Accept', async () => {
    screenWidth(false);
    const sent = serveApi({
      'GET /api/tickets': ticketsByStatus({ open: [ticket(1), ticket(2)], pending: [ticket(3, { status: 'pending', userId: null, user: null })] }),
      'PUT /api/tickets/3': (body) => jsonResponse(200, ticket(3, { status: 'open', ...(body as object) })),
    });
    const user = userEvent.setup();
    renderPage(agent());

    expect(await screen.findByTestId('ticket-item-1')).toBeTruthy();
    expect(screen.getByTestId('ticket-empty')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('tickets-count-open').dataset.count).toBe('2'));
    expect(screen.getByTestId('tickets-count-pending').dataset.count).toBe('1');
    expect(screen.getByTestId('ticket-finish-1')).toBeTruthy();
    expect(screen.queryByTestId('ticket-accept-1')).toBeNull();

    await user.click(screen.getByTestId('tickets-subtab-pending'));
    const waiting = await screen.findByTestId('ticket-item-3');
    await user.click(waiting);
    expect(screen.getByTestId('ticket-empty')).toBeTruthy();

    await user.click(screen.getByTestId('ticket-accept-3'));
    const opened = await screen.findByTestId('ticket-screen');
    expect(opened.dataset.uuid).toBe(ticket(3).uuid);
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ action: 'accept' });
    expect(screen.getByTestId('tickets-subtab-open').getAttribute('aria-selected')).toBe('true');
  });

  it('opens a ticket by click, and offers Reopen on the closed tab', async () => {
    screenWidth(false);
    serveApi({ 'GET /api/tickets': ticketsByStatus({ open: [ticket(1)], closed: [ticket(5, { status: 'closed' })] }) });
    const user = userEvent.setup();
    renderPage(agent());
    await user.click(await screen.findByTestId('ticket-item-1'));
    expect((await screen.findByTestId('ticket-screen')).dataset.uuid).toBe(ticket(1).uuid);

    await user.click(screen.getByTestId('tickets-tab-closed'));
    expect(await screen.findByTestId('ticket-reopen-5')).toBeTruthy();
    expect(screen.queryByTestId('ticket-finish-5')).toBeNull();
  });

  it('asks for the newest messages of a ticket as soon as it is clicked', async () => {
    screenWidth(false);
    const sent = serveApi({
      'GET /api/tickets': ticketsByStatus({ open: [ticket(1), ticket(2)] }),
      'GET /api/messages/1': () => jsonResponse(200, { messages: [], ticket: ticket(1), count: 0, hasMore: false }),
    });
    const user = userEvent.setup();
    renderPage(agent());
    await user.click(await screen.findByTestId('ticket-item-1'));
    // The ticket screen here is a stand-in that asks for nothing: the list itself sent the request.
    await waitFor(() => expect(sent.filter((r) => r.url.startsWith('/api/messages/1?')).map((r) => r.url)).toEqual(['/api/messages/1?pageNumber=1']));
    await user.click(screen.getByTestId('ticket-item-2'));
    await waitFor(() => expect(sent.some((r) => r.url.startsWith('/api/messages/2?'))).toBe(true));
  });

  it('moves a ticket from waiting to assigned when the live update says it was accepted', async () => {
    screenWidth(false);
    const waiting = ticket(3, { status: 'pending', userId: null, user: null });
    serveApi({ 'GET /api/tickets': ticketsByStatus({ open: [ticket(1)], pending: [waiting] }) });
    const { live } = renderPage(agent());
    await waitFor(() => expect(screen.getByTestId('tickets-count-pending').dataset.count).toBe('1'));

    act(() => live.emit('company-3-ticket', { action: 'update', ticket: { ...waiting, status: 'open', userId: 7, user: { id: 7, name: 'Ana Souza' } } }));
    await waitFor(() => expect(screen.getByTestId('tickets-count-pending').dataset.count).toBe('0'));
    expect(screen.getByTestId('tickets-count-open').dataset.count).toBe('2');
    expect(names('tickets-list-open')).toContain('Cliente 3');

    // Another queue's ticket is not this agent's business.
    act(() => live.emit('company-3-ticket', { action: 'update', ticket: ticket(9, { status: 'pending', userId: null, user: null, queueId: 2 }) }));
    act(() => live.emit('company-3-ticket', { action: 'delete', ticketId: 1 }));
    await waitFor(() => expect(screen.getByTestId('tickets-count-open').dataset.count).toBe('1'));
    expect(screen.getByTestId('tickets-count-pending').dataset.count).toBe('0');
  });

  it('puts a ticket with a new unread message on top, with its last message and badge', async () => {
    screenWidth(false);
    const older = ticket(2, { lastMessageAt: '2026-03-05T08:00:00.000Z' });
    serveApi({ 'GET /api/tickets': ticketsByStatus({ open: [ticket(1), older] }) });
    const { live } = renderPage(agent());
    await screen.findByTestId('ticket-item-2');
    expect(names('tickets-list-open')).toEqual(['Cliente 1', 'Cliente 2']);

    const message = { id: 50, ticketId: 2, body: 'Ainda estou esperando', fromMe: false };
    act(() => live.emit('company-3-appMessage', { action: 'create', message, ticket: { ...older, lastMessage: 'Ainda estou esperando', unreadMessages: 2 } }));
    await waitFor(() => expect(names('tickets-list-open')).toEqual(['Cliente 2', 'Cliente 1']));
    expect(screen.getByTestId('ticket-last-message-2').textContent).toBe('Ainda estou esperando');
    expect(screen.getByTestId('ticket-item-2').dataset.unread).toBe('2');

    act(() => live.emit('company-3-ticket', { action: 'updateUnread', ticketId: 2, unreadMessages: 0 }));
    await waitFor(() => expect(names('tickets-list-open')).toEqual(['Cliente 1', 'Cliente 2']));
  });

  it('under 600 px shows the Ticket and Atendimentos tabs and cuts long names to 10 characters', async () => {
    screenWidth(true);
    serveApi({ 'GET /api/tickets': ticketsByStatus({ open: [ticket(1, { contact: { ...ticket(1).contact, name: 'Maria Aparecida da Silva' } }), ticket(2)] }) });
    const user = userEvent.setup();
    renderPage(agent());
    expect(screen.getByTestId('tickets-page').dataset.layout).toBe('narrow');
    expect(screen.getByTestId('tickets-narrow-ticket').textContent).toBe('Ticket');
    expect(screen.getByTestId('tickets-narrow-list').textContent).toBe('Atendimentos');
    expect((await screen.findByTestId('ticket-name-1')).textContent).toBe('Maria Apar...');
    expect(screen.getByTestId('ticket-name-2').textContent).toBe('Cliente 2');

    await user.click(screen.getByTestId('ticket-item-2'));
    expect((await screen.findByTestId('ticket-screen')).dataset.uuid).toBe(ticket(2).uuid);
    expect(screen.getByTestId('tickets-narrow-ticket').getAttribute('aria-selected')).toBe('true');
  });

  it('shows full names on wide screens, and the admin gets the show-all switch and the user filter', async () => {
    screenWidth(false);
    const sent = serveApi({
      'GET /api/tickets': ticketsByStatus({ open: [ticket(1, { contact: { ...ticket(1).contact, name: 'Maria Aparecida da Silva' } })] }),
      'GET /api/users/list': () => jsonResponse(200, [{ id: 9, name: 'Carla' }]),
      'GET /api/tags/list': () => jsonResponse(200, []),
    });
    const user = userEvent.setup();
    renderPage(sessionUser({ queues: [{ id: 1, name: 'Suporte', color: '#16a34a' }] }));
    expect((await screen.findByTestId('ticket-name-1')).textContent).toBe('Maria Aparecida da Silva');
    await user.click(screen.getByTestId('tickets-show-all'));
    await waitFor(() => expect(sent.some((r) => r.url.includes('showAll=true'))).toBe(true));

    await user.click(screen.getByTestId('tickets-tab-search'));
    expect(screen.getByTestId('tickets-user-filter')).toBeTruthy();
    await user.type(screen.getByTestId('tickets-search'), 'maria');
    await waitFor(() => expect(sent.some((r) => r.url.includes('searchParam=maria'))).toBe(true), { timeout: 2_000 });
    // One request for the whole word: the search waits for typing to pause.
    expect(sent.filter((r) => r.url.includes('searchParam=')).map((r) => new URL(r.url, 'http://x').searchParams.get('searchParam'))).toEqual(['maria']);
  });

  it('after a reconnection shows what changed while the socket was down', async () => {
    screenWidth(false);
    let lists: Parameters<typeof ticketsByStatus>[0] = { open: [ticket(1)] };
    serveApi({ 'GET /api/tickets': (body, url) => ticketsByStatus(lists)(body, url) });
    const { queryClient } = renderPage(agent());
    await screen.findByTestId('ticket-item-1');

    lists = { open: [ticket(1), ticket(2)], pending: [ticket(3, { status: 'pending', userId: null, user: null })] };
    // What SocketProvider does on every reconnection (app/SocketProvider.test.tsx).
    await act(() => queryClient.invalidateQueries());
    expect(await screen.findByTestId('ticket-item-2')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('tickets-count-pending').dataset.count).toBe('1'));
  });

  it('loads the next page of 40 when the end of the list comes into view, and only while there is more', async () => {
    screenWidth(false);
    const first = Array.from({ length: 40 }, (_v, i) => ticket(i + 1));
    const sent = serveApi({
      'GET /api/tickets': (_body, url) => {
        const params = new URL(url, 'http://x').searchParams;
        if (params.get('status') !== 'open') return jsonResponse(200, ticketPage([]));
        return jsonResponse(200, params.get('pageNumber') === '1' ? { ...ticketPage(first, true), count: 41 } : { ...ticketPage([ticket(41)]), count: 41 });
      },
    });
    renderPage(agent());
    await screen.findByTestId('ticket-item-40');
    expect(await screen.findByTestId('ticket-item-41')).toBeTruthy();
    const openPages = sent.filter((r) => r.url.includes('status=open')).map((r) => new URL(r.url, 'http://x').searchParams.get('pageNumber'));
    expect(openPages).toEqual(['1', '2']);
  });

  it('gives agents neither the show-all switch nor the user filter', async () => {
    screenWidth(false);
    serveApi({ 'GET /api/tickets': ticketsByStatus({}), 'GET /api/tags/list': () => jsonResponse(200, []) });
    const user = userEvent.setup();
    renderPage(agent());
    expect(await screen.findByTestId('tickets-list-open-empty')).toBeTruthy();
    expect(screen.queryByTestId('tickets-show-all')).toBeNull();
    await user.click(screen.getByTestId('tickets-tab-search'));
    expect(screen.getByTestId('tickets-tag-filter')).toBeTruthy();
    expect(screen.queryByTestId('tickets-user-filter')).toBeNull();
  });

  it('opened on a ticket\'s address, draws the conversation first and the list once it has been drawn', async () => {
    screenWidth(false);
    serveApi({ 'GET /api/tickets': ticketsByStatus({ open: [ticket(1), ticket(2)] }) });
    const user = userEvent.setup();
    // What the app's start does when it opens on a ticket's address.
    holdUntilConversationDrawn();
    renderPage(agent(), `/tickets/${ticket(2).uuid}`);

    expect(await screen.findByTestId('ticket-screen')).toBeTruthy();
    // Well past the lists' answer, the list still waits for the conversation.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('ticket-item-1')).toBeNull();
    await user.click(screen.getByTestId('conversation-drawn'));
    expect(await screen.findByTestId('ticket-item-1')).toBeTruthy();
  });
});
