import { LIVE, type SessionUser } from '@atende/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, jsonResponse, sessionUser } from '../test/fixtures';
import { testQueryClient } from '../test/render';
import { AuthContext, type AuthValue } from './auth';
import { SocketProvider } from './SocketProvider';

/** A socket.io client stand-in that records what the app emits and lets the test play the server. */
const live = vi.hoisted(() => {
  type Handler = (...args: unknown[]) => void;
  class FakeSocket {
    handlers = new Map<string, Handler[]>();
    managerHandlers = new Map<string, Handler[]>();
    emitted: string[] = [];
    disconnected = false;
    active = true;
    io: { opts: { query?: Record<string, string> }; on: (event: string, fn: Handler) => void };
    constructor(public options: { query: Record<string, string>; transports: string[]; path: string }) {
      this.io = { opts: { query: options.query }, on: (event, fn) => this.managerHandlers.set(event, [...(this.managerHandlers.get(event) ?? []), fn]) };
    }
    on(event: string, fn: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
      return this;
    }
    emit(event: string) {
      this.emitted.push(event);
      return this;
    }
    serverSends(event: string, ...args: unknown[]) {
      this.handlers.get(event)?.forEach((fn) => fn(...args));
    }
    removeAllListeners() {
      this.handlers.clear();
      return this;
    }
    disconnect() {
      this.disconnected = true;
      return this;
    }
    connect() {
      return this;
    }
  }
  const sockets: FakeSocket[] = [];
  return { sockets, FakeSocket };
});

vi.mock('socket.io-client', () => ({
  io: (options: ConstructorParameters<typeof live.FakeSocket>[0]) => {
    const socket = new live.FakeSocket(options);
    live.sockets.push(socket);
    return socket;
  },
}));

const inFuture = () => fakeJwt({ id: 7, companyId: 3, sid: 's1', exp: Math.floor(Date.now() / 1000) + 900 });

function harness(user: SessionUser) {
  const queryClient = testQueryClient();
  const auth = (u: SessionUser): AuthValue => ({
    status: 'signedIn',
    user: u,
    landing: null,
    login: async () => u,
    logout: async () => {},
    updateUser: () => {},
    clearLanding: () => {},
  });
  const tree = (u: SessionUser) => (
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={auth(u)}>
        <SocketProvider>
          <p>app</p>
        </SocketProvider>
      </AuthContext.Provider>
    </QueryClientProvider>
  );
  const view = render(tree(user));
  return { queryClient, view, switchUser: (u: SessionUser) => view.rerender(tree(u)) };
}

const flush = () => act(async () => {});

beforeEach(() => {
  live.sockets.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('<SocketProvider>', () => {
  it('connects over websocket with the token and sends its joins only after ready', async () => {
    const token = inFuture();
    localStorage.setItem('token', token);
    harness(sessionUser());
    await flush();
    expect(live.sockets).toHaveLength(1);
    const [socket] = live.sockets;
    expect(socket.options).toMatchObject({ path: '/socket.io', transports: ['websocket'], query: { token } });
    expect(socket.emitted).toEqual([]);

    socket.serverSends('ready');
    expect(socket.emitted).toEqual(['joinNotification', 'userStatus']);
  });

  it('reports the user online every 5 minutes', async () => {
    vi.useFakeTimers();
    localStorage.setItem('token', inFuture());
    harness(sessionUser());
    await flush();
    live.sockets[0].serverSends('ready');
    await act(async () => {
      vi.advanceTimersByTime(LIVE.userStatusIntervalMs * 2);
    });
    expect(live.sockets[0].emitted.filter((e) => e === 'userStatus')).toHaveLength(3);
  });

  it('refetches every list after a reconnection, not on the first connection', async () => {
    localStorage.setItem('token', inFuture());
    const { queryClient } = harness(sessionUser());
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await flush();
    const [socket] = live.sockets;
    socket.serverSends('connect');
    expect(invalidate).not.toHaveBeenCalled();
    socket.serverSends('disconnect', 'transport close');
    socket.serverSends('connect');
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('hands the newest token to each reconnection attempt', async () => {
    localStorage.setItem('token', inFuture());
    harness(sessionUser());
    await flush();
    const [socket] = live.sockets;
    localStorage.setItem('token', 'renewed');
    socket.managerHandlers.get('reconnect_attempt')?.forEach((fn) => fn());
    expect(socket.io.opts.query).toEqual({ token: 'renewed' });
  });

  it('renews an expired token before connecting', async () => {
    localStorage.setItem('token', fakeJwt({ id: 7, sid: 's1', exp: Math.floor(Date.now() / 1000) - 60 }));
    const fresh = inFuture();
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { token: fresh, user: sessionUser() })));
    harness(sessionUser());
    await flush();
    await flush();
    expect(live.sockets).toHaveLength(1);
    expect(live.sockets[0].options.query).toEqual({ token: fresh });
  });

  it('rebuilds the socket when the user changes', async () => {
    localStorage.setItem('token', inFuture());
    const { switchUser } = harness(sessionUser());
    await flush();
    switchUser(sessionUser({ id: 8, name: 'Bruno' }));
    await flush();
    expect(live.sockets).toHaveLength(2);
    expect(live.sockets[0].disconnected).toBe(true);
    expect(live.sockets[1].disconnected).toBe(false);
  });
});
