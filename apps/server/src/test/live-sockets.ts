import { io, type Socket } from 'socket.io-client';
import { SERVER_EVENTS } from '@atende/contract';
import type { TestSession } from './harness.js';

/** Live-channel sockets for tests: connect as a session, record what arrives, close them all. */
export interface HeardEvent {
  event: string;
  payload: unknown;
}

export function liveSockets(url: () => string) {
  const open: Socket[] = [];
  return {
    /** A socket that authenticated and joined its rooms (the server said `ready`). */
    async connect(session: TestSession): Promise<Socket> {
      const socket = io(url(), { path: '/socket.io', transports: ['websocket'], query: { token: session.token }, reconnection: false, forceNew: true });
      open.push(socket);
      await new Promise((resolve, reject) => {
        socket.once(SERVER_EVENTS.ready, resolve);
        socket.once('connect_error', reject);
      });
      return socket;
    },
    /** Every event the socket receives from now on. */
    record(socket: Socket): HeardEvent[] {
      const heard: HeardEvent[] = [];
      socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
      return heard;
    },
    closeAll(): void {
      for (const socket of open.splice(0)) socket.disconnect();
    },
  };
}

/** Polls `check` until it passes (or throws its last failure after `ms`). For effects of async work; never a fixed sleep. */
export async function eventually<T>(check: () => Promise<T> | T, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
