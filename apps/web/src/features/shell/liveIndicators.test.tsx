import { UI, type Connection } from '@atende/contract';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../app/SocketProvider';
import { connection } from '../../test/connections';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp, testQueryClient } from '../../test/render';
import { fakeSocket, serveApi } from '../../test/serve';
import { connectionsKeys, ConnectionsLiveSync } from '../connections';
import { SideMenu } from './components/SideMenu';
import { menuOf } from './menu';

/** Just the entry under test: the app's own page table is the router's. */
const MENU = menuOf([{ path: '/connections', page: { comingSoon: 'connections' }, menu: { section: 'admin', label: 'connections', Icon: SyncAltIcon, badge: 'connectionProblems' } }]);

/** The menu of an admin whose company has these connections already loaded. */
function renderMenu(rows: Connection[]) {
  serveApi({ 'GET /api/whatsapp': () => jsonResponse(200, rows) });
  const queryClient = testQueryClient();
  queryClient.setQueryDefaults(connectionsKeys.all, { staleTime: Infinity });
  queryClient.setQueryData(connectionsKeys.list, rows);
  const live = fakeSocket();
  renderWithApp(
    <SocketContext.Provider value={{ socket: live.socket, companyId: 3 }}>
      <ConnectionsLiveSync />
      <SideMenu menu={MENU} expanded />
    </SocketContext.Provider>,
    { user: sessionUser(), queryClient },
  );
  const statusOf = (id: number, status: Connection['status'], at: string) => {
    act(() => live.emit('company-3-whatsappSession', { action: 'update', session: { id, status, qrcode: status === 'qrcode' ? 'qr' : '', retries: 0, updatedAt: at } }));
    // The query cache tells its observers on the next tick: let the list change reach the menu now.
    act(() => vi.advanceTimersByTime(0));
  };
  return { statusOf };
}

const badge = () => screen.queryByTestId('connections-problem-badge');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the connections badge of the menu', () => {
  it.each(['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const)('shows for a connection in %s, 2 s after the list loads', (status) => {
    renderMenu([connection({ id: 1, status: 'CONNECTED' }), connection({ id: 2, status })]);
    advance(UI.connectionBadgeCheckMs - 1);
    expect(badge()).toBeNull();
    advance(1);
    expect(badge()).not.toBeNull();
    expect(screen.getByTestId('menu-item-connections').contains(badge())).toBe(true);
  });

  it('stays away while every connection is connected', () => {
    renderMenu([connection({ id: 1, status: 'CONNECTED' }), connection({ id: 2, status: 'CONNECTED' })]);
    advance(10_000);
    expect(badge()).toBeNull();
  });

  it('follows live session updates, 2 s after the last change', () => {
    const { statusOf } = renderMenu([connection({ id: 1, status: 'CONNECTED' })]);
    advance(UI.connectionBadgeCheckMs);
    expect(badge()).toBeNull();

    statusOf(1, 'DISCONNECTED', '2026-03-05T15:00:00.000Z');
    advance(UI.connectionBadgeCheckMs - 1);
    expect(badge()).toBeNull();
    advance(1);
    expect(badge()).not.toBeNull();

    statusOf(1, 'CONNECTED', '2026-03-05T15:01:00.000Z');
    advance(UI.connectionBadgeCheckMs - 1);
    expect(badge()).not.toBeNull();
    advance(1);
    expect(badge()).toBeNull();
  });

  it('does not flash for a connection that passes through OPENING on its way to CONNECTED', () => {
    const { statusOf } = renderMenu([connection({ id: 1, status: 'CONNECTED' })]);
    advance(UI.connectionBadgeCheckMs);
    statusOf(1, 'OPENING', '2026-03-05T15:00:00.000Z');
    advance(500);
    statusOf(1, 'CONNECTED', '2026-03-05T15:00:01.000Z');
    for (let i = 0; i < 10; i++) {
      advance(500);
      expect(badge()).toBeNull();
    }
  });

  it('is not shown to a plain user, who has no connections entry', () => {
    serveApi({});
    renderWithApp(<SideMenu menu={MENU} expanded />, { user: sessionUser({ profile: 'user' }) });
    advance(5_000);
    expect(screen.queryByTestId('menu-item-connections')).toBeNull();
    expect(badge()).toBeNull();
  });
});
