import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../live';
import { connectionsKeys } from './api';
import { applyConnectionEvent, applySessionUpdate, type ConnectionRow } from './connectionsCache';

/**
 * Patches the one cached list of connections from both live events, without refetching.
 * Mounted once by the shell, so the menu badge, the connections page and the simulator page
 * all see the same rows. After a lost socket the SocketProvider refetches every list, because
 * events sent meanwhile are never replayed.
 */
export function useConnectionsLive(): void {
  const queryClient = useQueryClient();

  useLiveEvent('whatsappSession', (payload) => {
    if (payload?.action !== 'update' || !payload.session) return;
    queryClient.setQueryData<ConnectionRow[]>(connectionsKeys.list, (list) => applySessionUpdate(list, payload.session));
  });

  useLiveEvent('whatsapp', (payload) => {
    if (!payload?.action) return;
    queryClient.setQueryData<ConnectionRow[]>(connectionsKeys.list, (list) => applyConnectionEvent(list, payload));
    // The users dialog's select only needs names: let it read them again when next opened.
    void queryClient.invalidateQueries({ queryKey: connectionsKeys.options, refetchType: 'none' });
    if (payload.action === 'delete') queryClient.removeQueries({ queryKey: connectionsKeys.detail(payload.whatsappId) });
  });
}

/** The shell mounts this once for the whole signed-in session. */
export function ConnectionsLiveSync(): null {
  useConnectionsLive();
  return null;
}
