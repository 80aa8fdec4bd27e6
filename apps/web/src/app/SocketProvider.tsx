import { CLIENT_EVENTS, LIVE, SERVER_EVENTS } from '@atende/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Socket } from 'socket.io-client';
import { refreshAccessToken } from '../lib/api';
import { isTokenExpired } from '../lib/jwt';
import { openLiveSocket } from '../lib/socket';
import { getToken } from '../lib/storage';
import { useAuth } from './auth';

interface SocketValue {
  socket: Socket | null;
  companyId: number | null;
}

const SocketContext = createContext<SocketValue>({ socket: null, companyId: null });

/** Renews the token when it is about to expire; null when the session is gone. */
async function freshToken(): Promise<string | null> {
  const token = getToken();
  if (!isTokenExpired(token, 30)) return token;
  try {
    return (await refreshAccessToken()).token;
  } catch {
    return null;
  }
}

/**
 * One socket per signed-in user and company; rebuilt when either changes.
 * Joins go out only after the server's `ready`, and a reconnection refetches every list,
 * because events sent while disconnected are never replayed.
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const companyId = user?.companyId ?? null;
  const userId = user?.id ?? null;
  const [socket, setSocket] = useState<Socket | null>(null);

  useEffect(() => {
    if (!companyId || !userId) return;
    let disposed = false;
    let live: Socket | null = null;
    let statusTimer: number | undefined;

    void freshToken().then((token) => {
      if (disposed || !token) return;
      const s = openLiveSocket(token);
      live = s;
      let lostConnection = false;
      let authRetried = false;

      s.on(SERVER_EVENTS.ready, () => {
        s.emit(CLIENT_EVENTS.joinNotification);
        s.emit(CLIENT_EVENTS.userStatus);
        window.clearInterval(statusTimer);
        statusTimer = window.setInterval(() => s.emit(CLIENT_EVENTS.userStatus), LIVE.userStatusIntervalMs);
      });
      s.on('connect', () => {
        authRetried = false;
        if (lostConnection) {
          lostConnection = false;
          void queryClient.invalidateQueries();
        }
      });
      s.on('disconnect', () => {
        lostConnection = true;
        window.clearInterval(statusTimer);
      });
      // Each reconnection handshakes again: send the newest token, not the one of the first connect.
      s.io.on('reconnect_attempt', () => {
        s.io.opts.query = { token: getToken() ?? '' };
      });
      s.on('connect_error', () => {
        // `active` means the manager retries by itself; otherwise the server refused the
        // handshake (usually an expired token): renew once and try again.
        if (s.active || authRetried) return;
        authRetried = true;
        void freshToken().then((next) => {
          if (disposed || !next) return;
          s.io.opts.query = { token: next };
          s.connect();
        });
      });
      setSocket(s);
    });

    return () => {
      disposed = true;
      window.clearInterval(statusTimer);
      live?.removeAllListeners();
      live?.disconnect();
      setSocket(null);
    };
  }, [companyId, userId, queryClient]);

  const value = useMemo(() => ({ socket, companyId }), [socket, companyId]);
  return <SocketContext.Provider value={value}>{children}</SocketContext.Provider>;
}

/** Exported for tests that drive live events through a fake socket. */
export { SocketContext };

export function useSocket(): SocketValue {
  return useContext(SocketContext);
}
