import { io, type Socket } from 'socket.io-client';

/**
 * Opens the live channel to the same origin (the dev server proxies /socket.io).
 * The access token travels as the `token` query parameter of the handshake.
 */
export function openLiveSocket(token: string): Socket {
  return io({
    path: '/socket.io',
    transports: ['websocket'],
    query: { token },
    reconnection: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 10_000,
  });
}
