import { lazyPreloaded } from '../components/lazyPreloaded';
import type { Menu } from '../features/shell/menu';
import { isTicketsAddress, ticketScreen, ticketsManager, ticketUuidOfAddress } from '../pages/tickets/parts';

/**
 * The code of the screens a visit may open on: the shell, the ticket manager (its page and its
 * lists) and the ticket screen. Their loaders live apart from the app's code, so the page starts
 * loading them beside it, and the app start and the pages share one loader each (see
 * pages/tickets/parts.ts for why that matters).
 */
export const shell = lazyPreloaded<{ menu: Menu }>(() => import('../features/shell/components/AppShell'));
export const ticketsPage = lazyPreloaded(() => import('../pages/tickets/TicketsPage'));

/** Loads what a signed-in visit to `pathname` draws first; settles when all of it is in or failed. */
export function loadFirstScreenCode(pathname: string): Promise<unknown> {
  const code: Promise<unknown>[] = [shell.preload()];
  if (isTicketsAddress(pathname)) code.push(ticketsPage.preload());
  if (ticketUuidOfAddress(pathname)) code.push(ticketScreen.preload());
  else if (isTicketsAddress(pathname)) code.push(ticketsManager.preload());
  return Promise.allSettled(code);
}
