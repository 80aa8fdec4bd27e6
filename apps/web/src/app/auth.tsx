import type { AuthResponse, SessionUser } from '@atende/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api, configureSessionHooks } from '../lib/api';
import { isOverdue } from '../lib/dates';
import { clearSession, getToken, storeCampaignFlag, storeSession } from '../lib/storage';
import { earlySessionCheck, forgetEarlySessionCheck } from './earlySession';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
  /** Where a public route sends the user right after login (then '/' again). */
  landing: string | null;
}

export interface AuthValue extends AuthState {
  login: (email: string, password: string) => Promise<SessionUser>;
  logout: () => Promise<void>;
  updateUser: (patch: Partial<SessionUser>) => void;
  clearLanding: () => void;
}

const AuthContext = createContext<AuthValue | null>(null);

const signedOut: AuthState = { status: 'signedOut', user: null, landing: null };

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>(() => {
    if (!getToken()) return signedOut;
    // The session check sent as the page opened has answered: no loading frame to draw first.
    const answered = earlySessionCheck()?.user;
    return answered ? { status: 'signedIn', user: answered, landing: null } : { status: 'loading', user: null, landing: null };
  });

  useEffect(() => {
    configureSessionHooks({
      onSessionLost: () => {
        setState(signedOut);
        queryClient.clear();
      },
      onTokenRefreshed: ({ token, user }: AuthResponse) => {
        storeSession(token, user);
        setState((s) => (s.user ? { ...s, user } : s));
      },
    });
  }, [queryClient]);

  useEffect(() => {
    if (!getToken()) return;
    let cancelled = false;
    const check = earlySessionCheck()?.check ?? api.get<SessionUser>('/auth/me');
    check
      .finally(() => forgetEarlySessionCheck(check))
      .then((user) => {
        // Started signed in from this very answer: nothing changes, nothing is drawn again.
        if (!cancelled) setState((s) => (s.status === 'signedIn' && s.user === user ? s : { status: 'signedIn', user, landing: null }));
      })
      .catch(() => {
        // A 401 already cleared the session; a network failure leaves the user on /login too.
        if (!cancelled) setState(signedOut);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const login = useCallback(async (email: string, password: string) => {
    const { token, user } = await api.post<AuthResponse>('/auth/login', { email, password }, { auth: false });
    storeSession(token, user);
    storeCampaignFlag(user);
    // A company past its due date signs in only to pay.
    setState({ status: 'signedIn', user, landing: isOverdue(user.company?.dueDate) ? '/financeiro' : '/tickets' });
    return user;
  }, []);

  const logout = useCallback(async () => {
    try {
      await api.delete('/auth/logout');
    } catch {
      // Leaving must work even when the server is unreachable or the session already ended.
    }
    clearSession();
    setState(signedOut);
    queryClient.clear();
  }, [queryClient]);

  const updateUser = useCallback((patch: Partial<SessionUser>) => {
    setState((s) => (s.user ? { ...s, user: { ...s.user, ...patch } } : s));
  }, []);

  const clearLanding = useCallback(() => {
    setState((s) => (s.landing ? { ...s, landing: null } : s));
  }, []);

  const value = useMemo<AuthValue>(
    () => ({ ...state, login, logout, updateUser, clearLanding }),
    [state, login, logout, updateUser, clearLanding],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The signed-in user; only for components rendered behind the private routes. */
export function useSessionUser(): SessionUser {
  const { user } = useAuth();
  if (!user) throw new Error('useSessionUser needs a signed-in user');
  return user;
}

export { AuthContext };
