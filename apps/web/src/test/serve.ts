import type { Socket } from 'socket.io-client';
import { vi } from 'vitest';
import { jsonResponse } from './fixtures';

export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
}

export type RouteHandler = (body: unknown, url: string) => Response | Promise<Response>;

/**
 * Stubs fetch with a table of `METHOD /api/path` answers (the query string is ignored); anything
 * else answers 404 ERR_NOT_FOUND. Returns every request sent, in order.
 */
export function serveApi(routes: Record<string, RouteHandler>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, url, body });
      const route = routes[`${method} ${url.split('?')[0]}`];
      return route ? route(body, url) : jsonResponse(404, { error: 'ERR_NOT_FOUND' });
    }),
  );
  return sent;
}

/** A socket that only records listeners, so a test can play server events. */
export function fakeSocket() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    on: (event: string, fn: (payload: unknown) => void) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)?.add(fn);
      return socket;
    },
    off: (event: string, fn: (payload: unknown) => void) => {
      handlers.get(event)?.delete(fn);
      return socket;
    },
  };
  return {
    socket: socket as unknown as Socket,
    emit: (event: string, payload: unknown) => handlers.get(event)?.forEach((fn) => fn(payload)),
    listeners: (event: string) => handlers.get(event)?.size ?? 0,
  };
}
