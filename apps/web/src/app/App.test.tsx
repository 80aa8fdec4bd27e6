import { screen, waitFor } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, format } from 'date-fns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, jsonResponse, sessionUser } from '../test/fixtures';
import { testQueryClient } from '../test/render';
import { App } from './App';

// The shell opens a live socket; here it only needs to exist.
vi.mock('socket.io-client', () => {
  const socket = { on: () => socket, off: () => socket, emit: () => socket, removeAllListeners: () => socket, disconnect: () => socket, io: { on: () => {}, opts: {} }, active: true };
  return { io: () => socket };
});

const validToken = () => fakeJwt({ id: 7, companyId: 3, sid: 's1', exp: Math.floor(Date.now() / 1000) + 900 });

type Handler = (init: RequestInit | undefined) => Response;

function serve(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input).split('?')[0]}`;
    const handler = routes[key];
    return handler ? handler(init) : jsonResponse(404, { error: 'ERR_NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function openApp(path: string) {
  window.history.pushState({}, '', path);
  return render(<App queryClient={testQueryClient()} />);
}

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByTestId('login-email'), 'ana@acme.test');
  await user.type(screen.getByTestId('login-password'), 'senha123');
  await user.click(screen.getByTestId('login-submit'));
}

beforeEach(() => {
  window.history.pushState({}, '', '/');
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.innerWidth = 1024;
});

describe('<App> sessions and routes', () => {
  it('sends a signed-out visitor of a private route to /login', async () => {
    serve({});
    openApp('/users');
    expect(await screen.findByTestId('login-email')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
  });

  it('signs in, stores the session and lands on /tickets with the greeting', async () => {
    const me = sessionUser({}, {});
    me.company.settings = [{ key: 'campaignsEnabled', value: 'true' }];
    const token = validToken();
    const fetchMock = serve({
      'POST /api/auth/login': () => jsonResponse(200, { token, user: me }),
      'GET /api/version': () => jsonResponse(200, { version: '6.0.0' }),
      'GET /api/companies/listPlan/3': () => jsonResponse(200, { plan: me.company.plan }),
    });
    const user = userEvent.setup();
    // Wider than 1200 px: the drawer starts open and shows the version.
    window.innerWidth = 1300;
    openApp('/login');
    await signIn(user);

    expect((await screen.findByTestId('topbar-greeting', undefined, { timeout: 5000 })).textContent).toBe('Olá Ana Souza, Bem-vindo a Acme! (Ativo até 31/12/2030)');
    await waitFor(() => expect(window.location.pathname).toBe('/tickets'));
    expect(screen.getByTestId('drawer')).toBeTruthy();
    expect((await screen.findByTestId('version')).textContent).toContain('6.0.0');
    expect(localStorage.getItem('token')).toBe(token);
    expect(localStorage.getItem('companyId')).toBe('3');
    expect(localStorage.getItem('userId')).toBe('7');
    expect(localStorage.getItem('companyDueDate')).toBe('2030-12-31');
    expect(localStorage.getItem('cshow')).not.toBeNull();
    const loginCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/login');
    expect(loginCall?.[1]?.credentials).toBe('include');
  });

  it('warns when the subscription ends in fewer than 5 days', async () => {
    const me = sessionUser();
    me.company.dueDate = format(addDays(new Date(), 2), 'yyyy-MM-dd');
    serve({ 'POST /api/auth/login': () => jsonResponse(200, { token: validToken(), user: me }) });
    const user = userEvent.setup();
    openApp('/login');
    await signIn(user);
    expect(await screen.findByText('Sua assinatura vence em 2 dias.')).toBeTruthy();
  });

  it('tells an expired company its due date and stays on /login', async () => {
    serve({ 'POST /api/auth/login': () => jsonResponse(402, { error: 'ERR_SUBSCRIPTION_EXPIRED', details: { dueDate: '2024-03-15' } }) });
    const user = userEvent.setup();
    openApp('/login');
    await signIn(user);
    expect(await screen.findByText(/15\/03\/2024/)).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('tells on the login page that another login took the session, until the next attempt', async () => {
    sessionStorage.setItem('atende.sessionTaken', '1');
    serve({ 'POST /api/auth/login': () => jsonResponse(401, { error: 'ERR_INVALID_CREDENTIALS' }) });
    const user = userEvent.setup();
    openApp('/tickets');
    expect((await screen.findByTestId('login-session-taken')).textContent).toBe('Sua conta foi acessada em outro computador.');
    await signIn(user);
    expect(sessionStorage.getItem('atende.sessionTaken')).toBeNull();
  });

  it('shows the translated error of wrong credentials', async () => {
    serve({ 'POST /api/auth/login': () => jsonResponse(401, { error: 'ERR_INVALID_CREDENTIALS' }) });
    const user = userEvent.setup();
    openApp('/login');
    await signIn(user);
    expect(await screen.findByText('Falha na autenticação. Por favor, tente novamente.')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
  });

  it('sends a signed-in user away from the public pages, and a non-admin from / to /tickets', async () => {
    localStorage.setItem('token', validToken());
    serve({ 'GET /api/auth/me': () => jsonResponse(200, sessionUser({ profile: 'user' })) });
    openApp('/login');
    expect(await screen.findByTestId('drawer')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/tickets'));
    expect(screen.queryByTestId('menu-item-dashboard')).toBeNull();
  });

  it('logs out through the account menu', async () => {
    localStorage.setItem('token', validToken());
    localStorage.setItem('companyId', '3');
    const fetchMock = serve({
      'GET /api/auth/me': () => jsonResponse(200, sessionUser()),
      'DELETE /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    openApp('/todolist');
    await user.click(await screen.findByTestId('account-menu'));
    await user.click(await screen.findByTestId('menu-logout'));
    expect(await screen.findByTestId('login-email')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('companyId')).toBeNull();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/auth/logout' && init?.method === 'DELETE')).toBe(true);
  });

  it('switches the language from the account menu and keeps it', async () => {
    localStorage.setItem('token', validToken());
    serve({ 'GET /api/auth/me': () => jsonResponse(200, sessionUser()) });
    const user = userEvent.setup();
    openApp('/todolist');
    await user.click(await screen.findByTestId('account-menu'));
    await user.click(await screen.findByTestId('language-en'));
    await waitFor(() => expect(screen.getByTestId('menu-item-todolist').textContent).toContain('To-Do'));
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('toggles the theme and keeps it under preferredTheme', async () => {
    localStorage.setItem('token', validToken());
    serve({ 'GET /api/auth/me': () => jsonResponse(200, sessionUser()) });
    const user = userEvent.setup();
    openApp('/todolist');
    const toggle = await screen.findByTestId('theme-toggle');
    expect(toggle.getAttribute('data-mode')).toBe('light');
    await user.click(toggle);
    expect(screen.getByTestId('theme-toggle').getAttribute('data-mode')).toBe('dark');
    expect(localStorage.getItem('preferredTheme')).toBe('dark');
  });
});
