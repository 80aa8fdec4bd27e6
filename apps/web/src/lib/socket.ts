import { io, type Socket } from 'socket.io-client';
import { apiOrigin } from './api';

/**
 * Opens the live channel to the API's origin: the page's own (the dev server proxies /socket.io), or
 * the one a split deployment names.
 * The access token travels as the `token` query parameter of the handshake.
 */
export function openLiveSocket(token: string): Socket {
  const options = {
    path: '/socket.io',
    transports: ['websocket'],
    query: { token },
    reconnection: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 10_000,
  };
  const origin = apiOrigin();
  return origin ? io(origin, options) : io(options);
}
