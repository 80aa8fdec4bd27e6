import { lazyPreloaded } from '../../components/lazyPreloaded';
import type { TicketsManagerProps } from '../../features/tickets/components/TicketsManager';

/**
 * The ticket manager page's addresses and its two lazily loaded parts, one loader each for the page and the app's
 * start (app/firstScreenCode.ts): two `import()`s of one module resolve apart, the second only
 * after the tasks queued before it, so the page would find its part not yet loaded, draw a
 * loading pane, and React would hold the content back for the fallback's minimum showing time.
 */
export const ticketScreen = lazyPreloaded<{ uuid: string; onDrawn?: () => void }>(() =>
  import('../../features/ticket-screen/components/TicketScreen').then((module) => ({ default: module.TicketScreen })),
);

/** The lists: on a ticket's address they come after the conversation, code included. */
export const ticketsManager = lazyPreloaded<TicketsManagerProps>(() =>
  import('../../features/tickets/components/TicketsManager').then((module) => ({ default: module.TicketsManager })),
);

/** /tickets and /tickets/{uuid}. */
export const isTicketsAddress = (pathname: string) => /^\/tickets(\/|$)/.test(pathname);
/** The ticket a /tickets/{uuid} address opens. */
export const ticketUuidOfAddress = (pathname: string): string | null => /^\/tickets\/([^/]+)/.exec(pathname)?.[1] ?? null;
