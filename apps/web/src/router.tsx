import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import type { FirstRequests } from './app/firstRequests';
import { holdUntilConversationDrawn } from './app/firstScreen';
import { shell } from './app/firstScreenCode';
import { PublicOnly, RequireAuth } from './app/guards';
import { ErrorBoundary } from './components/ErrorBoundary';
import { PageLoader } from './components/PageLoader';
import { AccessGate } from './features/shell/components/AccessGate';
import type { AppPage } from './features/shell/menu';
import { useAllowed } from './features/shell/useAccess';
import { prefetchTicketScreen } from './features/ticket-screen/api';
import { prefetchStartingLists } from './features/tickets/api';
import { MENU, PAGES } from './pageTable';
import { isTicketsAddress } from './pages/tickets/parts';

// Every page is its own chunk, so the login screen downloads only what it shows.
const LoginPage = lazy(() => import('./pages/login/LoginPage'));
const SignupPage = lazy(() => import('./pages/signup/SignupPage'));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password/ForgotPasswordPage'));
const AppShell = shell.Component;
const ComingSoonPage = lazy(() => import('./pages/coming-soon/ComingSoonPage'));

/** How long the first drawing waits for the first screen's code before showing a loading frame. */
const FIRST_SCREEN_CODE_AWAITED_MS = 400;

/**
 * Opening the app with a stored session: what the first requests bring (sent before this code was
 * even evaluated) fills the cache: for a ticket's address the ticket and its messages, for the
 * ticket manager its first lists as soon as the session is known. Answers when the first screen's
 * code is in, could not be loaded, or is slow to come (then the loading frame is worth drawing):
 * drawn before that, the app would only draw a loading frame and then draw itself again.
 */
export function startFirstScreen(queryClient: QueryClient, pathname: string, first: FirstRequests): Promise<unknown> {
  if (!first.session) return Promise.resolve();
  if (first.ticket) {
    // The lists are drawn after the conversation: asked for then, they do not compete with it.
    holdUntilConversationDrawn();
    prefetchTicketScreen(queryClient, first.ticket.uuid, first.ticket.newestPage);
  } else if (isTicketsAddress(pathname)) {
    first.session.then((user) => prefetchStartingLists(queryClient, user), () => {});
  }
  return Promise.race([first.code, new Promise((resolve) => window.setTimeout(resolve, FIRST_SCREEN_CODE_AWAITED_MS))]);
}

function Page({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** Someone the rule refuses is sent on at once, without the refusal notice. */
function SendOnUnlessAllowed({ rule, to, children }: { rule: AppPage['access']; to: string; children: ReactNode }) {
  if (!useAllowed()(rule)) return <Navigate to={to} replace />;
  return <>{children}</>;
}

function renderPrivate({ access, page, deniedTo, pageDecides }: AppPage) {
  const content = 'comingSoon' in page ? <ComingSoonPage titleKey={page.comingSoon} /> : <LazyPage page={page} />;
  if (!access || pageDecides) return <Page>{content}</Page>;
  if (deniedTo) return <SendOnUnlessAllowed rule={access} to={deniedTo}><Page>{content}</Page></SendOnUnlessAllowed>;
  return <Page><AccessGate rule={access}>{content}</AccessGate></Page>;
}

function LazyPage({ page: Component }: { page: LazyExoticComponent<ComponentType> }) {
  return <Component />;
}

/** The route of a page of the table: '/' is the index route. */
function routeOf(page: AppPage) {
  const element = renderPrivate(page);
  if (page.path === '/') return <Route key="/" index element={element} />;
  const path = page.params ? `${page.path.slice(1)}/${page.params}` : page.path.slice(1);
  return <Route key={page.path} path={path} element={element} />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route element={<PublicOnly />}>
          <Route path="/login" element={<Page><LoginPage /></Page>} />
          <Route path="/signup" element={<Page><SignupPage /></Page>} />
          <Route path="/forgetpsw" element={<Page><ForgotPasswordPage /></Page>} />
        </Route>
        <Route element={<RequireAuth />}>
          <Route element={<AppShell menu={MENU} />}>{PAGES.map(routeOf)}</Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
