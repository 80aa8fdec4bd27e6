import type { Queue, QueueOption, QueueOptionInput, QueueRef } from '@atende/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { QueuePayload } from './components/queueForm';

/** Everything under ['queues'] is refetched by one invalidation (live events, saves). */
export const queuesKeys = {
  all: ['queues'] as const,
  /** The small copy other features' selects read (users, connections). */
  options: ['queues', 'options'] as const,
  list: ['queues', 'list'] as const,
  detail: (id: number) => ['queues', 'detail', id] as const,
  tree: (queueId: number) => ['queues', 'tree', queueId] as const,
};

/** The company's queues, for the selects of other features' dialogs (users, connections). */
export function useQueueOptions(enabled: boolean) {
  return useQuery({
    queryKey: queuesKeys.options,
    queryFn: ({ signal }) => api.get<QueueRef[]>('/queue', undefined, { signal }),
    enabled,
  });
}

/** The queues page's rows, in the server's order (orderQueue, then name). */
export function useQueues() {
  return useQuery({
    queryKey: queuesKeys.list,
    queryFn: ({ signal }) => api.get<Queue[]>('/queue', undefined, { signal }),
  });
}

export function useQueue(id: number | null) {
  return useQuery({
    queryKey: queuesKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Queue>(`/queue/${id}`, undefined, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useSaveQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: QueuePayload }) =>
      id === null ? api.post<Queue>('/queue', input) : api.put<Queue>(`/queue/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queuesKeys.all }),
  });
}

export function useDeleteQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/queue/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queuesKeys.all }),
  });
}

/** A queue's whole option tree (root options, each with its subtree). */
export function useQueueOptionTree(queueId: number | null) {
  return useQuery({
    queryKey: queuesKeys.tree(queueId ?? 0),
    queryFn: ({ signal }) => api.get<QueueOption[]>('/queue-options', { queueId, parentId: -1 }, { signal }),
    enabled: queueId !== null,
  });
}

export type SaveOptionInput =
  | { id: null; input: QueueOptionInput }
  | { id: number; input: Pick<QueueOptionInput, 'title' | 'message'> };

export function useSaveQueueOption(queueId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: SaveOptionInput) =>
      id === null ? api.post<QueueOption>('/queue-options', input) : api.put<QueueOption>(`/queue-options/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queuesKeys.tree(queueId) }),
  });
}

export function useDeleteQueueOption(queueId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/queue-options/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queuesKeys.tree(queueId) }),
  });
}
