import type { Announcement } from '@atende/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../../app/SocketProvider';
import { jsonResponse, sessionUser } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { fakeSocket, serveApi } from '../../../test/serve';
import { AnnouncementsPopover } from './AnnouncementsPopover';

const announcement = (id: number, priority: 1 | 2 | 3, extra: Partial<Announcement> = {}): Announcement => ({
  id,
  title: `Aviso ${id}`,
  text: `Texto do aviso ${id}`,
  priority,
  status: true,
  mediaPath: null,
  mediaName: null,
  createdAt: '2026-03-02T12:00:00.000Z',
  updatedAt: '2026-03-02T12:00:00.000Z',
  ...extra,
});

afterEach(() => vi.unstubAllGlobals());

describe('<AnnouncementsPopover>', { timeout: 20_000 }, () => {
  it('lists the active announcements with their priority edge and date, and opens one with its image', async () => {
    const records = [announcement(1, 1, { mediaPath: '/api/announcements/media/x.png', mediaName: 'x.png' }), announcement(2, 2), announcement(3, 3)];
    const sent = serveApi({ 'GET /api/announcements': () => jsonResponse(200, { records, count: 3, hasMore: false }) });
    const user = userEvent.setup();
    renderWithApp(<AnnouncementsPopover />, { user: sessionUser() });
    await user.click(await screen.findByTestId('announcements'));
    const first = await screen.findByTestId('announcement-item-1');
    expect(getComputedStyle(first).borderLeftColor).toBe('rgb(211, 47, 47)');
    expect(getComputedStyle(screen.getByTestId('announcement-item-2')).borderLeftColor).toBe('rgb(237, 108, 2)');
    expect(getComputedStyle(screen.getByTestId('announcement-item-3')).borderLeftColor).toBe('rgb(158, 158, 158)');
    expect(first.textContent).toContain('02/03/2026');
    expect(first.textContent).toContain('Texto do aviso 1');
    expect(sent[0].url).toContain('activeOnly=true');

    await user.click(first);
    const dialog = await screen.findByTestId('announcement-view');
    expect(within(dialog).getByText('Aviso 1')).toBeTruthy();
    expect(within(dialog).getByTestId('announcement-view-image').getAttribute('src')).toBe('/api/announcements/media/x.png');
    await user.click(within(dialog).getByText('Fechar'));
    await waitFor(() => expect(screen.queryByTestId('announcement-view')).toBeNull());
  });

  it('says Nenhum registro when there is none, and refetches when an announcement event arrives', async () => {
    let records: Announcement[] = [];
    serveApi({ 'GET /api/announcements': () => jsonResponse(200, { records, count: records.length, hasMore: false }) });
    const live = fakeSocket();
    renderWithApp(
      <SocketContext.Provider value={{ socket: live.socket, companyId: 3 }}>
        <AnnouncementsPopover />
      </SocketContext.Provider>,
      { user: sessionUser() },
    );
    fireEvent.click(await screen.findByTestId('announcements'));
    expect(await screen.findByText('Nenhum registro')).toBeTruthy();
    records = [announcement(7, 1)];
    live.emit('company-3-announcement', { action: 'create', announcementId: 7 });
    expect(await screen.findByTestId('announcement-item-7')).toBeTruthy();
  });
});
