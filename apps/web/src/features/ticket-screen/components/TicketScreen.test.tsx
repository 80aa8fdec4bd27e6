import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../../app/SocketProvider';
import { jsonResponse, sessionUser } from '../../../test/fixtures';
import { renderWithApp, testQueryClient } from '../../../test/render';
import { fakeSocket, serveApi, type RouteHandler } from '../../../test/serve';
import { aMessage, aPage, ticket, ticketPage } from '../../../test/tickets';
import { ticketsKeys } from '../../tickets';
import { TicketScreen } from './TicketScreen';

const uuid = ticket(41).uuid;

function openScreen(routes: Record<string, RouteHandler>, queryClient = testQueryClient()) {
  serveApi({
    'POST /api/auth/refresh_token': () => jsonResponse(200, { token: 'fresh', user: sessionUser({ profile: 'user' }) }),
    'GET /api/ticket-notes/list': () => jsonResponse(200, []),
    ...routes,
  });
  const live = fakeSocket();
  renderWithApp(
    <SocketContext.Provider value={{ socket: live.socket, companyId: 3 }}>
      <VirtuosoMockContext.Provider value={{ viewportHeight: 20_000, itemHeight: 40 }}>
        <Routes>
          <Route path="/tickets" element={<div data-testid="tickets-home" />} />
          <Route path="/tickets/:ticketId" element={<TicketScreen uuid={uuid} />} />
        </Routes>
      </VirtuosoMockContext.Provider>
    </SocketContext.Provider>,
    { user: sessionUser({ profile: 'user' }), route: `/tickets/${uuid}`, queryClient },
  );
  return live;
}

afterEach(() => vi.unstubAllGlobals());

describe('<TicketScreen>', () => {
  it.each([
    ['another queue (ERR_NO_PERMISSION)', 403, 'ERR_NO_PERMISSION'],
    ['an unknown ticket (404)', 404, 'ERR_NO_TICKET_FOUND'],
  ])('sends a user opening %s back to /tickets with "Acesso não permitido"', async (_label, status, error) => {
    openScreen({ [`GET /api/tickets/u/${uuid}`]: () => jsonResponse(status, { error }) });
    expect(await screen.findByTestId('tickets-home')).toBeTruthy();
    expect(await screen.findByText('Acesso não permitido')).toBeTruthy();
  });

  it('shows messages arriving live for this ticket only', async () => {
    const live = openScreen({
      [`GET /api/tickets/u/${uuid}`]: () => jsonResponse(200, ticket(41)),
      'GET /api/messages/41': () => jsonResponse(200, aPage([aMessage(1, { body: 'Oi, tudo bem?' })])),
    });
    expect(await screen.findByText('Oi, tudo bem?', undefined, { timeout: 5000 })).toBeTruthy();
    act(() => {
      live.emit('company-3-appMessage', { action: 'create', message: aMessage(2, { body: 'Quero um orçamento', createdAt: '2026-11-20T13:00:00.000Z' }), ticket: ticket(41) });
      live.emit('company-3-appMessage', { action: 'create', message: aMessage(3, { ticketId: 99, body: 'De outro ticket' }), ticket: ticket(41, { id: 99 }) });
    });
    expect(await screen.findByText('Quero um orçamento')).toBeTruthy();
    expect(screen.queryByText('De outro ticket')).toBeNull();
    act(() => live.emit('company-3-appMessage', { action: 'update', message: aMessage(2, { body: 'Quero um orçamento', isEdited: true, createdAt: '2026-11-20T13:00:00.000Z' }), ticket: ticket(41) }));
    expect(await screen.findByTestId('message-edited')).toBeTruthy();
  });

  it('shows the messages of a ticket opened from the list without waiting for the ticket to be fetched again', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(ticketsKeys.list({ status: 'open' }), { pages: [ticketPage([ticket(40), ticket(41)])], pageParams: [1] });
    openScreen(
      {
        // The ticket's own request does not answer: the list already said which ticket this is.
        [`GET /api/tickets/u/${uuid}`]: () => new Promise<Response>(() => {}),
        'GET /api/messages/41': () => jsonResponse(200, aPage([aMessage(1, { body: 'Oi, tudo bem?' })])),
      },
      queryClient,
    );
    expect(await screen.findByText('Oi, tudo bem?')).toBeTruthy();
    expect(screen.getByTestId('ticket-header').textContent).toContain('Cliente 41');
  });

  it('keeps room for the contact name: queue and connection sit on the second row, with the tags', async () => {
    const long = ticket(41, { contact: { ...ticket(41).contact, name: 'Maria Aparecida dos Santos Oliveira' } });
    openScreen({
      [`GET /api/tickets/u/${uuid}`]: () => jsonResponse(200, long),
      'GET /api/messages/41': () => jsonResponse(200, aPage([])),
    });
    const header = await screen.findByTestId('ticket-header');
    const details = within(header).getByTestId('ticket-header-details');
    expect(within(details).getByTestId('ticket-queue').textContent).toBe('Suporte');
    expect(within(details).getByText('WhatsApp Demo')).toBeTruthy();
    // A basis of its own: when the row is short, the actions wrap below rather than squeeze the name.
    expect(getComputedStyle(within(header).getByTestId('ticket-contact')).flexBasis).toBe('240px');
    expect(within(header).getByTestId('ticket-contact-name').getAttribute('title')).toBe('Maria Aparecida dos Santos Oliveira');
  });

  it('tells the agent when the open ticket is deleted and leaves it', async () => {
    let deleted = false;
    const live = openScreen({
      [`GET /api/tickets/u/${uuid}`]: () => (deleted ? jsonResponse(404, { error: 'ERR_NO_TICKET_FOUND' }) : jsonResponse(200, ticket(41))),
      'GET /api/messages/41': () => jsonResponse(200, aPage([])),
    });
    expect(await screen.findByTestId('ticket-header')).toBeTruthy();
    deleted = true;
    act(() => live.emit('company-3-ticket', { action: 'delete', ticketId: 41 }));
    expect(await screen.findByTestId('tickets-home')).toBeTruthy();
    expect(await screen.findByText('O ticket que você estava foi excluído.')).toBeTruthy();
  });

  it('stays on a ticket that only moved: the user still sees it where it is now', async () => {
    let asked = 0;
    const live = openScreen({
      [`GET /api/tickets/u/${uuid}`]: () => (++asked, jsonResponse(200, ticket(41, { status: asked > 1 ? 'open' : 'pending' }))),
      'GET /api/messages/41': () => jsonResponse(200, aPage([])),
    });
    expect(await screen.findByTestId('ticket-header')).toBeTruthy();
    act(() => live.emit('company-3-ticket', { action: 'delete', ticketId: 41 }));
    await waitFor(() => expect(asked).toBe(2));
    expect(await screen.findByTestId('ticket-finish')).toBeTruthy();
    expect(screen.queryByTestId('tickets-home')).toBeNull();
  });

  it('shows the actions of the ticket state', async () => {
    openScreen({
      [`GET /api/tickets/u/${uuid}`]: () => jsonResponse(200, ticket(41, { status: 'pending', userId: null, user: null })),
      'GET /api/messages/41': () => jsonResponse(200, aPage([])),
    });
    expect(await screen.findByTestId('ticket-accept')).toBeTruthy();
    expect(screen.queryByTestId('ticket-finish')).toBeNull();
    expect(screen.queryByTestId('ticket-reopen')).toBeNull();
  });
});
