import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../live';
import { filesKeys } from './api';

/** Keeps the file lists in step with changes made by other admins. */
export function useFileListsLive(): void {
  const queryClient = useQueryClient();
  useLiveEvent('fileList', () => {
    void queryClient.invalidateQueries({ queryKey: filesKeys.all });
  });
}
