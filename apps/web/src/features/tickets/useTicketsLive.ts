import type { Ticket, TicketEvent } from '@atende/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../app/auth';
import { useLiveEvent } from '../live';
import { ticketsKeys, type TicketListFilters, type TicketPages } from './api';
import { applyTicketEvent } from './ticketsCache';

/**
 * Keeps every cached ticket list (and a cached ticket) in step with `company-{id}-ticket` and
 * `company-{id}-appMessage`, without refetching. Events missed while the socket was down are
 * covered by the refetch SocketProvider runs on reconnect. Safe to mount more than
 * once: applying an event twice changes nothing more.
 */
export function useTicketsLive(): void {
  const queryClient = useQueryClient();
  const { user } = useAuth();

  function apply(event: TicketEvent) {
    if (!user) return;
    for (const [key] of queryClient.getQueriesData<TicketPages>({ queryKey: ticketsKeys.lists })) {
      const filters = (key[2] ?? {}) as TicketListFilters;
      queryClient.setQueryData<TicketPages>(key, (data) => applyTicketEvent(data, event, filters, user));
    }
    if (event.action === 'update') updateDetail(event.ticket);
  }

  function updateDetail(ticket: Ticket) {
    const key = ticketsKeys.detail(ticket.uuid);
    if (queryClient.getQueryData(key)) queryClient.setQueryData(key, ticket);
  }

  useLiveEvent('ticket', (event) => {
    if (event?.action) apply(event);
  });

  // A message carries its ticket as it is now: last message, time and unread count.
  useLiveEvent('appMessage', (event) => {
    if (event?.ticket) apply({ action: 'update', ticket: event.ticket });
  });
}
