import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../live';
import { announcementsKeys } from './api';

/**
 * An announcement changed somewhere on the platform: the event names only its id, so the lists
 * refetch and show what the server lets this user see (inactive ones only to the super user).
 */
export function useAnnouncementsLive(): void {
  const queryClient = useQueryClient();
  useLiveEvent('announcement', () => {
    void queryClient.invalidateQueries({ queryKey: announcementsKeys.all });
  });
}
