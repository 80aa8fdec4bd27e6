import type { QueueRef } from '@atende/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The company's queues, for the selects of other features' dialogs (users, connections). */
export function useQueueOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['queues', 'options'],
    queryFn: ({ signal }) => api.get<QueueRef[]>('/queue', undefined, { signal }),
    enabled,
  });
}
