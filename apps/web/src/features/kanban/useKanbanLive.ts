import type { KanbanBoard, TicketEvent } from '@atende/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../live';
import { kanbanKeys } from './api';
import { applyTicketEvent } from './board';

/**
 * Keeps the board in step with every other user's moves and the tickets' life: a ticket's event
 * carries its tags, so a move elsewhere moves the card here, and a closed ticket leaves the board.
 * A tag's change (a new lane, a renamed or deleted one) reloads lanes and cards. Events missed
 * while the socket was down are covered by the refetch SocketProvider runs on reconnect.
 */
export function useKanbanLive(queueIds: readonly number[]): void {
  const queryClient = useQueryClient();

  function apply(event: TicketEvent) {
    queryClient.setQueryData<KanbanBoard>(kanbanKeys.board(queueIds), (board) => applyTicketEvent(board, event, queueIds));
  }

  useLiveEvent('ticket', (event) => {
    if (event?.action) apply(event);
  });
  // A message carries its ticket as it is now: its last message and unread count.
  useLiveEvent('appMessage', (event) => {
    if (event?.ticket) apply({ action: 'update', ticket: event.ticket });
  });
  useLiveEvent('tag', () => {
    void queryClient.invalidateQueries({ queryKey: kanbanKeys.all });
  });
}
