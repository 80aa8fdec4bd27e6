import type { SessionUser } from '@atende/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { AuthContext, type AuthValue } from '../app/auth';
import { AppThemeProvider } from '../app/theme';

interface Options {
  user?: SessionUser | null;
  route?: string;
  auth?: Partial<AuthValue>;
  queryClient?: QueryClient;
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/** Renders with the app's providers and a fixed session instead of a real login. */
export function renderWithApp(ui: ReactElement, { user = null, route = '/', auth = {}, queryClient = testQueryClient() }: Options = {}) {
  const value: AuthValue = {
    status: user ? 'signedIn' : 'signedOut',
    user,
    landing: null,
    login: async () => {
      throw new Error('not used');
    },
    logout: async () => {},
    updateUser: () => {},
    clearLanding: () => {},
    ...auth,
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppThemeProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
        </MemoryRouter>
        <ToastContainer />
      </QueryClientProvider>
    </AppThemeProvider>
  );
  return { ...render(ui, { wrapper }), queryClient, auth: value };
}
