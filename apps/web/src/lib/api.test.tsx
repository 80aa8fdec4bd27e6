import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sessionUser } from '../test/fixtures';
import { api, ApiError, configureSessionHooks } from './api';

type Call = { url: string; method: string; authorization: string | null };

function mockFetch(answer: (call: Call, index: number) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call = { url: String(input), method: init?.method ?? 'GET', authorization: headers.get('Authorization') };
    calls.push(call);
    return answer(call, calls.length - 1);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

describe('api client session rules', () => {
  const onSessionLost = vi.fn();
  const onTokenRefreshed = vi.fn();

  beforeEach(() => {
    onSessionLost.mockReset();
    onTokenRefreshed.mockReset();
    configureSessionHooks({ onSessionLost, onTokenRefreshed });
    localStorage.setItem('token', 'old-token');
    localStorage.setItem('companyId', '3');
    localStorage.setItem('userId', '7');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the bearer token and the cookie', async () => {
    const { calls, fetchMock } = mockFetch(() => jsonResponse(200, { ok: true }));
    await api.get('/users', { searchParam: '', pageNumber: 1 });
    expect(calls[0]).toEqual({ url: '/api/users?searchParam=&pageNumber=1', method: 'GET', authorization: 'Bearer old-token' });
    expect(fetchMock.mock.calls[0][1]?.credentials).toBe('include');
  });

  it('on 403 refreshes once, stores the new token and retries once with it', async () => {
    const user = sessionUser();
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/auth/refresh_token') return jsonResponse(200, { token: 'new-token', user });
      return call.authorization === 'Bearer new-token'
        ? jsonResponse(200, { users: [], count: 0, hasMore: false })
        : jsonResponse(403, { error: 'ERR_ACCESS_TOKEN_EXPIRED' });
    });
    await expect(api.get('/users')).resolves.toEqual({ users: [], count: 0, hasMore: false });
    expect(calls.map((c) => `${c.method} ${c.url} ${c.authorization}`)).toEqual([
      'GET /api/users Bearer old-token',
      'POST /api/auth/refresh_token null',
      'GET /api/users Bearer new-token',
    ]);
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(onTokenRefreshed).toHaveBeenCalledWith({ token: 'new-token', user });
  });

  it('retries only once: a second 403 is answered as an error', async () => {
    const { calls } = mockFetch((call) =>
      call.url === '/api/auth/refresh_token'
        ? jsonResponse(200, { token: 'new-token', user: sessionUser() })
        : jsonResponse(403, { error: 'ERR_NO_PERMISSION' }),
    );
    const err = await api.get('/settings').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('ERR_NO_PERMISSION');
    expect(calls.filter((c) => c.url === '/api/auth/refresh_token')).toHaveLength(1);
    expect(calls).toHaveLength(3);
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 403s', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = mockFetch(async (call) => {
      if (call.url === '/api/auth/refresh_token') {
        await gate;
        return jsonResponse(200, { token: 'new-token', user: sessionUser() });
      }
      return call.authorization === 'Bearer new-token' ? jsonResponse(200, { url: call.url }) : jsonResponse(403, {});
    });
    const pending = Promise.all([api.get('/users'), api.get('/queue'), api.get('/settings')]);
    await vi.waitFor(() => expect(calls.filter((c) => c.url.includes('refresh')).length).toBe(1));
    release();
    await expect(pending).resolves.toEqual([{ url: '/api/users' }, { url: '/api/queue' }, { url: '/api/settings' }]);
    expect(calls.filter((c) => c.url === '/api/auth/refresh_token')).toHaveLength(1);
  });

  it('on 401 clears the token and company id and logs out', async () => {
    mockFetch(() => jsonResponse(401, { error: 'ERR_SESSION_EXPIRED' }));
    const err = await api.get('/auth/me').catch((e: unknown) => e);
    expect((err as ApiError).status).toBe(401);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('companyId')).toBeNull();
    expect(onSessionLost).toHaveBeenCalledTimes(1);
  });

  it('logs out when the refresh itself is refused', async () => {
    mockFetch((call) => jsonResponse(call.url === '/api/auth/refresh_token' ? 401 : 403, { error: 'ERR_SESSION_EXPIRED' }));
    await expect(api.get('/users')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('token')).toBeNull();
    expect(onSessionLost).toHaveBeenCalledTimes(1);
  });

  it('leaves public calls alone: a failed login neither refreshes nor logs out', async () => {
    const { calls } = mockFetch(() => jsonResponse(401, { error: 'ERR_INVALID_CREDENTIALS' }));
    const err = await api.post('/auth/login', { email: 'a@b.c', password: 'x' }, { auth: false }).catch((e: unknown) => e);
    expect((err as ApiError).code).toBe('ERR_INVALID_CREDENTIALS');
    expect(calls).toHaveLength(1);
    expect(calls[0].authorization).toBeNull();
    expect(localStorage.getItem('token')).toBe('old-token');
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it('keeps the details of an error answer', async () => {
    mockFetch(() => jsonResponse(402, { error: 'ERR_SUBSCRIPTION_EXPIRED', details: { dueDate: '2024-03-15' } }));
    const err = (await api.post('/auth/login', {}, { auth: false }).catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(402);
    expect(err.details).toEqual({ dueDate: '2024-03-15' });
  });

  it('answers undefined for 204', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(api.delete('/users/9')).resolves.toBeUndefined();
  });
});
