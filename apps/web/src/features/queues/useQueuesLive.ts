import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../live';
import { queuesKeys } from './api';

/**
 * Keeps the queues list, an open dialog and its option tree in step with changes made in other
 * tabs. An option change arrives as a queue update carrying queueOptionId.
 */
export function useQueuesLive(): void {
  const queryClient = useQueryClient();
  useLiveEvent('queue', (payload) => {
    if (!payload?.action) return;
    if (payload.action === 'delete') queryClient.removeQueries({ queryKey: queuesKeys.detail(payload.queueId) });
    void queryClient.invalidateQueries({ queryKey: queuesKeys.all });
  });
}
