import type { User } from '@atende/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../app/auth';
import { useLiveEvent } from '../live';
import { usersKeys } from './api';

/** Keeps the users list and the greeting in step with changes made elsewhere. */
export function useUsersLive(): void {
  const queryClient = useQueryClient();
  const { user: me, updateUser } = useAuth();

  useLiveEvent('user', (payload) => {
    if (!payload) return;
    // Refetching the list is simpler and safer than splicing pages that the search may filter.
    void queryClient.invalidateQueries({ queryKey: usersKeys.all });
    const changed = payload.user as Partial<User> | undefined;
    if (payload.action === 'update' && me && payload.userId === me.id && changed) {
      updateUser({
        ...(changed.name !== undefined && { name: changed.name }),
        ...(changed.email !== undefined && { email: changed.email }),
      });
    }
  });
}
