import { render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeJwt, jsonResponse, sessionUser } from '../test/fixtures';
import { testQueryClient } from '../test/render';
import { ticketPage } from '../test/tickets';
import { startFirstScreen } from '../router';
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
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      if (url === '/api/auth/me') return jsonResponse(200, me);
      if (url.startsWith('/api/tickets?')) return jsonResponse(200, ticketPage([]));
      return jsonResponse(404, { error: 'ERR_NOT_FOUND' });
    }),
  );
  window.history.pushState({}, '', '/tickets');
  const queryClient = testQueryClient();
  startFirstScreen(queryClient, '/tickets');
  render(<App queryClient={queryClient} />);
  await vi.waitFor(() => {
    const lists = asked.filter((url) => url.startsWith('/api/tickets?')).map((url) => Object.fromEntries(new URL(url, 'http://x').searchParams));
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
