import { can, UI } from '@atende/contract';
import { useEffect, useState } from 'react';
import { useAuth } from '../../app/auth';
import { useFirstScreenShown } from '../../app/firstScreen';
import { useConnections } from '../connections';
import { hasConnectionProblem } from '../connections';

/** Menu badges fed by live data. */

/** Dot on /chats when the user has unread internal chats (kept live by ChatsLiveSync). */
export { useUnreadChats } from '../chats';

/**
 * Red badge on /connections when a connection is in qrcode, PAIRING, DISCONNECTED,
 * TIMEOUT or OPENING state. Evaluated UI.connectionBadgeCheckMs after the list last changed, so a
 * connection that passes through OPENING on its way to CONNECTED does not flash the badge. The
 * list is the live-patched one (see useConnectionsLive).
 */
export function useConnectionProblems(): boolean {
  const { user } = useAuth();
  const firstScreenShown = useFirstScreenShown();
  const { data } = useConnections(can(user, 'drawer-admin-items:view') && firstScreenShown);
  const [problem, setProblem] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setProblem(hasConnectionProblem(data)), UI.connectionBadgeCheckMs);
    return () => window.clearTimeout(timer);
  }, [data]);

  return problem;
}
