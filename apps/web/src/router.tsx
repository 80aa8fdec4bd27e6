import { can } from '@atende/contract';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { checkStoredSessionEarly, useAuth } from './app/auth';
import { PublicOnly, RequireAuth } from './app/guards';
import { ErrorBoundary } from './components/ErrorBoundary';
import { lazyPreloaded } from './components/lazyPreloaded';
import { PageLoader } from './components/PageLoader';
import { ACCESS, type AccessRule } from './features/shell/access';
import { AccessGate } from './features/shell/components/AccessGate';
import { prefetchStartingLists } from './features/tickets/api';

// Every page is its own chunk, so the login screen downloads only what it shows.
const LoginPage = lazy(() => import('./pages/login/LoginPage'));
const SignupPage = lazy(() => import('./pages/signup/SignupPage'));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password/ForgotPasswordPage'));
const shell = lazyPreloaded(() => import('./features/shell/components/AppShell'));
const ticketsPage = lazyPreloaded(() => import('./pages/tickets/TicketsPage'));
const AppShell = shell.Component;
const DashboardPage = lazy(() => import('./pages/dashboard/DashboardPage'));
const TicketsPage = ticketsPage.Component;
const UsersPage = lazy(() => import('./pages/users/UsersPage'));
const ConnectionsPage = lazy(() => import('./pages/connections/ConnectionsPage'));
const SimulatorPage = lazy(() => import('./pages/simulator/SimulatorPage'));
const TodoListPage = lazy(() => import('./pages/todolist/TodoListPage'));
const ContactsPage = lazy(() => import('./pages/contacts/ContactsPage'));
const TagsPage = lazy(() => import('./pages/tags/TagsPage'));
const QuickMessagesPage = lazy(() => import('./pages/quick-messages/QuickMessagesPage'));
const SchedulesPage = lazy(() => import('./pages/schedules/SchedulesPage'));
const QueuesPage = lazy(() => import('./pages/queues/QueuesPage'));
const SettingsPage = lazy(() => import('./pages/settings/SettingsPage'));
const ComingSoonPage = lazy(() => import('./pages/coming-soon/ComingSoonPage'));

const isTicketsAddress = (pathname: string) => /^\/tickets(\/|$)/.test(pathname);

/**
 * Opening the app with a stored session: the session check, the shell's and the first page's code
 * and (for the ticket manager) its first lists all start at once, instead of one after the other
 * once the app has drawn itself and the session is known.
 */
export function startFirstScreen(queryClient: QueryClient, pathname: string): void {
  const session = checkStoredSessionEarly();
  if (!session) return;
  void shell.preload();
  if (!isTicketsAddress(pathname)) return;
  void ticketsPage.preload();
  if (/^\/tickets\/[^/]+/.test(pathname)) void import('./features/ticket-screen/components/TicketScreen');
  session.then((user) => prefetchStartingLists(queryClient, user), () => {});
}

interface PrivateRoute {
  path: string;
  access?: AccessRule;
  page: LazyExoticComponent<ComponentType> | { comingSoon: string };
}

/** Private routes of spec core §2 and admin §2; `comingSoon` names the title of a page not built yet. */
const PRIVATE_ROUTES: PrivateRoute[] = [
  { path: 'tickets/:ticketId?', page: TicketsPage },
  { path: 'todolist', page: TodoListPage },
  { path: 'users', access: ACCESS.admin, page: UsersPage },
  { path: 'connections', access: ACCESS.admin, page: ConnectionsPage },
  // The page itself waits for GET /simulator/status and leaves when the server runs no simulator.
  { path: 'simulator', page: SimulatorPage },
  { path: 'quick-messages', page: QuickMessagesPage },
  { path: 'schedules', access: ACCESS.schedules, page: SchedulesPage },
  { path: 'tags', page: TagsPage },
  { path: 'contacts', page: ContactsPage },
  { path: 'helps', page: { comingSoon: 'helps' } },
  { path: 'files', access: ACCESS.admin, page: { comingSoon: 'files' } },
  { path: 'prompts', access: ACCESS.prompts, page: { comingSoon: 'prompts' } },
  { path: 'queue-integration', access: ACCESS.queueIntegration, page: { comingSoon: 'queueIntegration' } },
  { path: 'messages-api', access: ACCESS.messagesApi, page: { comingSoon: 'messagesApi' } },
  { path: 'settings', access: ACCESS.admin, page: SettingsPage },
  { path: 'kanban', access: ACCESS.kanban, page: { comingSoon: 'kanban' } },
  { path: 'financeiro', access: ACCESS.admin, page: { comingSoon: 'financeiro' } },
  { path: 'queues', access: ACCESS.admin, page: QueuesPage },
  { path: 'announcements', access: ACCESS.announcements, page: { comingSoon: 'announcements' } },
  { path: 'subscription', page: { comingSoon: 'subscription' } },
  { path: 'chats/:id?', access: ACCESS.chats, page: { comingSoon: 'chats' } },
  { path: 'contact-lists', access: ACCESS.campaigns, page: { comingSoon: 'contactLists' } },
  { path: 'contact-lists/:contactListId/contacts', access: ACCESS.campaigns, page: { comingSoon: 'contactLists' } },
  { path: 'campaigns', access: ACCESS.campaigns, page: { comingSoon: 'campaigns' } },
  { path: 'campaign/:campaignId/report', access: ACCESS.campaigns, page: { comingSoon: 'campaignReport' } },
  { path: 'campaigns-config', access: ACCESS.campaigns, page: { comingSoon: 'campaignsConfig' } },
];

function Page({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

function renderPrivate({ access, page }: PrivateRoute) {
  const content = 'comingSoon' in page ? <ComingSoonPage titleKey={page.comingSoon} /> : <LazyPage page={page} />;
  return <Page>{access ? <AccessGate rule={access}>{content}</AccessGate> : content}</Page>;
}

function LazyPage({ page: Component }: { page: LazyExoticComponent<ComponentType> }) {
  return <Component />;
}

/** The dashboard is the admins' home; everyone else lands on their tickets instead of a refusal. */
function Home() {
  const { user } = useAuth();
  if (!can(user, 'dashboard:view')) return <Navigate to="/tickets" replace />;
  return (
    <Page>
      <DashboardPage />
    </Page>
  );
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
          <Route element={<AppShell />}>
            <Route index element={<Home />} />
            {PRIVATE_ROUTES.map((route) => (
              <Route key={route.path} path={route.path} element={renderPrivate(route)} />
            ))}
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
