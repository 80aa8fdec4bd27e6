import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { serveApi } from '../../test/serve';
import SettingsPage from './SettingsPage';

afterEach(() => vi.unstubAllGlobals());

describe('the settings page', { timeout: 20_000 }, () => {
  it('is a Settings tab for admins whose plan has the external API only', async () => {
    serveApi({ 'GET /api/settings': () => jsonResponse(200, []) });
    const { unmount } = renderWithApp(<SettingsPage />, { user: sessionUser(), route: '/settings' });
    expect((await screen.findByTestId('settings-tab-webhooks')).textContent).toBe('Webhooks');
    unmount();
    renderWithApp(<SettingsPage />, { user: sessionUser({}, { useExternalApi: false }), route: '/settings' });
    await screen.findByTestId('settings-tab-options');
    expect(screen.queryByTestId('settings-tab-webhooks')).toBeNull();
  });
});
