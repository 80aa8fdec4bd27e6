import { lazyPreloaded } from '../components/lazyPreloaded';
import type { Menu } from '../features/shell/menu';
import type { TicketsManagerProps } from '../features/tickets/components/TicketsManager';

/**
 * The code of the screens a visit may open on: the shell, the ticket manager (its page and its
 * lists) and the ticket screen. Their loaders live here, apart from the app's code, so the page starts loading them
 * beside it, and so the app start and the pages share one loader each: a second import of the
 * same module resolves only after the tasks ahead of it (the first drawing among them), and the
 * page would then find its part not yet loaded, draw a loading pane, and React would hold the
 * content back for its fallback's minimum showing time.
 */
export const shell = lazyPreloaded<{ menu: Menu }>(() => import('../features/shell/components/AppShell'));
export const ticketsPage = lazyPreloaded(() => import('../pages/tickets/TicketsPage'));
/** The ticket manager's lists: on a ticket's address they come after the conversation, code included. */
export const ticketsManager = lazyPreloaded<TicketsManagerProps>(() =>
  import('../features/tickets/components/TicketsManager').then((module) => ({ default: module.TicketsManager })),
);
export const ticketScreen = lazyPreloaded<{ uuid: string; onDrawn?: () => void }>(() =>
  import('../features/ticket-screen/components/TicketScreen').then((module) => ({ default: module.TicketScreen })),
);

export const isTicketsAddress = (pathname: string) => /^\/tickets(\/|$)/.test(pathname);
export const ticketUuidOfAddress = (pathname: string): string | null => /^\/tickets\/([^/]+)/.exec(pathname)?.[1] ?? null;

/** Loads what a signed-in visit to `pathname` draws first; settles when all of it is in or failed. */
export function loadFirstScreenCode(pathname: string): Promise<unknown> {
  const code: Promise<unknown>[] = [shell.preload()];
  if (isTicketsAddress(pathname)) code.push(ticketsPage.preload());
  if (ticketUuidOfAddress(pathname)) code.push(ticketScreen.preload());
  else if (isTicketsAddress(pathname)) code.push(ticketsManager.preload());
  return Promise.allSettled(code);
}
