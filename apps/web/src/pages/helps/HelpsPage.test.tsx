import type { Help } from '@atende/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { serveApi } from '../../test/serve';
import HelpsPage from './HelpsPage';

const help = (id: number, video: string): Help => ({
  id,
  title: `Vídeo ${id}`,
  description: `Como fazer ${id}`,
  video,
  createdAt: '2026-03-02T12:00:00.000Z',
  updatedAt: '2026-03-02T12:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('<HelpsPage>', { timeout: 20_000 }, () => {
  it('shows the count, a card per video with its thumbnail, a placeholder when it cannot load, and a player Escape closes', async () => {
    serveApi({ 'GET /api/helps/list': () => jsonResponse(200, [help(1, 'aBcDeFgHiJk'), help(2, 'zzzzzzzzzzz')]) });
    const user = userEvent.setup();
    renderWithApp(<HelpsPage />, { user: sessionUser() });
    expect(await screen.findByText('Ajuda (2)')).toBeTruthy();
    const thumbnails = await screen.findAllByTestId('help-thumbnail');
    expect(thumbnails[0].getAttribute('src')).toBe('https://img.youtube.com/vi/aBcDeFgHiJk/mqdefault.jpg');
    fireEvent.error(thumbnails[1]);
    expect(await screen.findByTestId('help-thumbnail-placeholder')).toBeTruthy();
    expect(screen.getByText('Como fazer 2')).toBeTruthy();

    await user.click(screen.getByTestId('help-card-1').querySelector('button')!);
    const frame = await screen.findByTestId('help-player-frame');
    expect(frame.getAttribute('src')).toContain('https://www.youtube-nocookie.com/embed/aBcDeFgHiJk');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('help-player')).toBeNull());
  });

  it('says Nenhum registro without videos', async () => {
    serveApi({ 'GET /api/helps/list': () => jsonResponse(200, []) });
    renderWithApp(<HelpsPage />, { user: sessionUser() });
    expect((await screen.findByTestId('helps-empty')).textContent).toBe('Nenhum registro');
    expect(screen.getByText('Ajuda (0)')).toBeTruthy();
  });
});
