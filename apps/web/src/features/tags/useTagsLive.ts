import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../live';
import { tagsKeys } from './api';

/** Keeps the tags list and their ticket counts in step with changes made elsewhere. */
export function useTagsLive(): void {
  const queryClient = useQueryClient();
  useLiveEvent('tag', () => {
    void queryClient.invalidateQueries({ queryKey: tagsKeys.all });
  });
}
