import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../live';
import { contactsKeys } from './api';

/** Keeps the contacts list in step with changes made elsewhere (another tab, an import, a new ticket). */
export function useContactsLive(): void {
  const queryClient = useQueryClient();
  useLiveEvent('contact', () => {
    // Refetching is simpler and safer than splicing pages that the search may filter.
    void queryClient.invalidateQueries({ queryKey: contactsKeys.all });
  });
}
