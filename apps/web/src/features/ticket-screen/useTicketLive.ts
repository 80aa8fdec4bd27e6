import { CLIENT_EVENTS, SERVER_EVENTS, type Ticket } from '@atende/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useSocket } from '../../app/SocketProvider';
import { api, ApiError } from '../../lib/api';
import { ticketsKeys } from '../tickets';
import { useLiveEvent } from '../live';
import { useMergeMessages } from './api';

interface Handlers {
  /** The ticket was deleted while open. */
  onDeleted: () => void;
  /** The user can no longer see the ticket (transferred to another queue, taken by another agent). */
  onRemoved: () => void;
}

/**
 * Keeps the open ticket live: joins its room (joinChatBox) once the socket is ready, again after
 * every reconnection, and leaves on unmount; merges appMessage create/update of this ticket and
 * follows the ticket's own changes. What was missed while disconnected comes back through the
 * refetch the socket provider triggers on reconnection.
 */
export function useTicketLive(ticket: Pick<Ticket, 'id' | 'uuid'> | undefined, handlers: Handlers) {
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  const merge = useMergeMessages();
  const ticketId = ticket?.id;
  const onDeleted = useEffectEvent(() => handlers.onDeleted());
  const onRemoved = useEffectEvent(() => handlers.onRemoved());

  useEffect(() => {
    if (!socket || !ticketId) return;
    const join = () => socket.emit(CLIENT_EVENTS.joinChatBox, String(ticketId));
    // Already past `ready`: join now; every later `ready` (a reconnection) joins again.
    if (socket.connected) join();
    socket.on(SERVER_EVENTS.ready, join);
    return () => {
      socket.off(SERVER_EVENTS.ready, join);
      if (socket.connected) socket.emit(CLIENT_EVENTS.leaveChatBox, String(ticketId));
    };
  }, [socket, ticketId]);

  useLiveEvent('appMessage', (payload) => {
    if (!ticket || payload.message?.ticketId !== ticket.id) return;
    merge(ticket.id, [payload.message]);
    if (payload.ticket) queryClient.setQueryData(ticketsKeys.detail(ticket.uuid), payload.ticket);
  });

  // `delete` also reaches everyone who could see the ticket before it moved (status, queue or
  // owner): the server tells whether it is gone, out of reach, or still this user's to see.
  async function afterDelete(uuid: string) {
    try {
      queryClient.setQueryData(ticketsKeys.detail(uuid), await api.get<Ticket>(`/tickets/u/${uuid}`));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) onDeleted();
      else if (error instanceof ApiError && error.status === 403) onRemoved();
    }
  }

  useLiveEvent('ticket', (payload) => {
    if (!ticket) return;
    if (payload.action === 'update' && payload.ticket.id === ticket.id) queryClient.setQueryData(ticketsKeys.detail(ticket.uuid), payload.ticket);
    else if (payload.action === 'delete' && payload.ticketId === ticket.id) void afterDelete(ticket.uuid);
  });
}
