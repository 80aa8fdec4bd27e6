import type { Announcement } from '@atende/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { serveApi } from '../../test/serve';
import AnnouncementsPage from './AnnouncementsPage';

const saved: Announcement = {
  id: 4,
  title: 'Manutenção',
  text: 'Sábado às 22h',
  priority: 3,
  status: true,
  mediaPath: null,
  mediaName: null,
  createdAt: '2026-03-02T12:00:00.000Z',
  updatedAt: '2026-03-02T12:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('<AnnouncementsPage>', { timeout: 20_000 }, () => {
  it('requires title and text, refuses an image that is not png or jpeg, and saves with the defaults', async () => {
    const sent = serveApi({
      'GET /api/announcements': () => jsonResponse(200, { records: [], count: 0, hasMore: false }),
      'POST /api/announcements': () => jsonResponse(200, saved),
    });
    const user = userEvent.setup();
    renderWithApp(<AnnouncementsPage />, { user: sessionUser({ super: true }), route: '/announcements' });
    await user.click(await screen.findByTestId('announcements-add'));
    const dialog = screen.getByTestId('announcement-dialog');
    await user.click(within(dialog).getByTestId('announcement-save'));
    expect(await within(dialog).findAllByText('Obrigatório')).toHaveLength(2);

    fireEvent.change(within(dialog).getByTestId('announcement-file'), { target: { files: [new File(['GIF89a'], 'anim.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('A imagem deve ser um arquivo .png, .jpg ou .jpeg.')).toBeTruthy();
    expect(within(dialog).queryByTestId('announcement-image-name')).toBeNull();

    await user.type(within(dialog).getByTestId('announcement-title'), 'Manutenção');
    await user.type(within(dialog).getByTestId('announcement-text'), 'Sábado às 22h');
    await user.click(within(dialog).getByTestId('announcement-save'));
    await waitFor(() => expect(sent.filter((s) => s.method === 'POST')).toHaveLength(1));
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({ title: 'Manutenção', text: 'Sábado às 22h', priority: 3, status: true });
  });
});
