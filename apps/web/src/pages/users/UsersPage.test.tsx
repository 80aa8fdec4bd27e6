import type { User } from '@atende/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../app/SocketProvider';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import UsersPage from './UsersPage';

const person = (id: number, name = `Pessoa ${id}`): User => ({
  ...sessionUser({ id, name, email: `p${id}@acme.test`, profile: id === 7 ? 'admin' : 'user' }),
});

function serveUsers(pages: Record<string, { users: User[]; hasMore: boolean }>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (method === 'DELETE') return new Response(null, { status: 204 });
      const match = url.match(/^\/api\/users\?searchParam=([^&]*)&pageNumber=(\d+)$/);
      const page = match && pages[`${decodeURIComponent(match[1])}#${match[2]}`];
      return page ? jsonResponse(200, { ...page, count: page.users.length }) : jsonResponse(404, { error: 'ERR_NOT_FOUND' });
    }),
  );
  return calls;
}

const userListCalls = (calls: string[]) => calls.filter((c) => c.startsWith('GET /api/users?'));

function renderPage(socket: Socket | null = null) {
  return renderWithApp(
    <SocketContext.Provider value={{ socket, companyId: 3 }}>
      <UsersPage />
    </SocketContext.Provider>,
    { user: sessionUser(), route: '/users' },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('<UsersPage>', () => {
  it('lists users and offers no delete on the own row', async () => {
    serveUsers({ '#1': { users: [person(7, 'Ana Souza'), person(9, 'Bruno')], hasMore: false } });
    renderPage();
    const own = await screen.findByTestId('user-row-7');
    expect(own.textContent).toContain('Ana Souza');
    expect(within(own).getByTestId('user-edit-7')).toBeTruthy();
    expect(within(own).queryByTestId('user-delete-7')).toBeNull();
    expect(screen.getByTestId('user-delete-9')).toBeTruthy();
    expect(screen.getByTestId('user-row-9').textContent).toContain('User');
  });

  it('loads the next page when scrolled within 100 px of the bottom while hasMore', async () => {
    const first = Array.from({ length: 20 }, (_, i) => person(100 + i));
    const calls = serveUsers({ '#1': { users: first, hasMore: true }, '#2': { users: [person(200)], hasMore: false } });
    renderPage();
    await screen.findByTestId('user-row-100');
    const pane = screen.getByTestId('users-table').closest('.MuiPaper-root') as HTMLElement;
    Object.defineProperties(pane, {
      scrollHeight: { configurable: true, value: 2000 },
      clientHeight: { configurable: true, value: 500 },
      scrollTop: { configurable: true, writable: true, value: 1300 },
    });
    fireEvent.scroll(pane);
    expect(userListCalls(calls)).toHaveLength(1);

    pane.scrollTop = 1420;
    fireEvent.scroll(pane);
    expect(await screen.findByTestId('user-row-200')).toBeTruthy();
    expect(userListCalls(calls)).toEqual(['GET /api/users?searchParam=&pageNumber=1', 'GET /api/users?searchParam=&pageNumber=2']);

    fireEvent.scroll(pane);
    expect(userListCalls(calls)).toHaveLength(2);
  });

  it('searches once the typing pauses for 500 ms', async () => {
    const calls = serveUsers({
      '#1': { users: [person(7), person(9, 'Bruno')], hasMore: false },
      'car#1': { users: [person(11, 'Carla')], hasMore: false },
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('user-row-9');
    await user.type(screen.getByTestId('users-search'), 'Car');
    expect(await screen.findByTestId('user-row-11', undefined, { timeout: 2_000 })).toBeTruthy();
    expect(userListCalls(calls)).toEqual(['GET /api/users?searchParam=&pageNumber=1', 'GET /api/users?searchParam=car&pageNumber=1']);
  });

  it('asks before deleting, then deletes and refreshes the list', async () => {
    const calls = serveUsers({ '#1': { users: [person(7), person(9, 'Bruno')], hasMore: false } });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('user-delete-9'));
    expect(screen.getByText('Deseja realmente excluir esse registro?')).toBeTruthy();
    expect(calls.some((c) => c.startsWith('DELETE'))).toBe(false);
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(calls).toContain('DELETE /api/users/9'));
    await waitFor(() => expect(userListCalls(calls)).toHaveLength(2));
    expect(await screen.findByText('Usuário excluído com sucesso!')).toBeTruthy();
  });

  it('refetches when another tab changes a user of the company', async () => {
    const handlers = new Map<string, (payload: unknown) => void>();
    const socket = { on: (e: string, fn: (p: unknown) => void) => handlers.set(e, fn), off: (e: string) => handlers.delete(e) };
    const calls = serveUsers({ '#1': { users: [person(7)], hasMore: false } });
    renderPage(socket as unknown as Socket);
    await screen.findByTestId('user-row-7');
    handlers.get('company-3-user')?.({ action: 'create', userId: 30 });
    await waitFor(() => expect(userListCalls(calls)).toHaveLength(2));
  });
});
