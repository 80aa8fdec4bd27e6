import type { KanbanBoard, Tag } from '@atende/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const kanbanKeys = {
  all: ['kanban'] as const,
  board: (queueIds: readonly number[]) => ['kanban', 'board', queueIds] as const,
  lanes: ['kanban', 'lanes'] as const,
};

/** GET /ticket/kanban: the cards of the user's queues (queueIds as JSON, as the tickets list sends them). */
export function useKanbanBoard(queueIds: readonly number[]) {
  return useQuery({
    queryKey: kanbanKeys.board(queueIds),
    queryFn: ({ signal }) => api.get<KanbanBoard>('/ticket/kanban', { queueIds: JSON.stringify(queueIds) }, { signal }),
  });
}

/** GET /tags/kanban: the company's kanban tags, one lane each. */
export function useKanbanLanes() {
  return useQuery({
    queryKey: kanbanKeys.lanes,
    queryFn: ({ signal }) => api.get<{ lista: Tag[] }>('/tags/kanban', undefined, { signal }).then((answer) => answer.lista),
  });
}

type TagRefs = Pick<Tag, 'id' | 'name' | 'color'>[];

/** A card to another lane: PUT into a tag's lane, DELETE back to the open lane; both in one transaction on the server. */
export function moveTicketToLane(ticketId: number, tagId: number | null): Promise<TagRefs> {
  return tagId === null ? api.delete<TagRefs>(`/ticket-tags/${ticketId}`) : api.put<TagRefs>(`/ticket-tags/${ticketId}/${tagId}`);
}
