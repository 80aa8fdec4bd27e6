import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionUser } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { serveApi } from '../../../test/serve';
import { TopBar } from './TopBar';

/** jsdom has no layout: `narrow` makes the phone media query (max-width) match. */
function screenWidth(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow && query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

afterEach(() => vi.unstubAllGlobals());

function renderBar(narrow: boolean) {
  screenWidth(narrow);
  serveApi({});
  renderWithApp(<TopBar drawerOpen={false} onToggleDrawer={() => {}} />, { user: sessionUser({ profile: 'user' }) });
}

describe('<TopBar>', () => {
  it('on a phone greets by first name and folds theme, reload and volume into one menu', async () => {
    renderBar(true);
    expect(screen.getByTestId('topbar-greeting').textContent).toBe('Olá Ana!');
    expect(screen.queryByTestId('theme-toggle')).toBeNull();
    expect(screen.queryByTestId('reload')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('topbar-more'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByTestId('volume-slider')).toBeTruthy();
    await user.click(within(menu).getByTestId('theme-toggle'));
    await user.click(screen.getByTestId('topbar-more'));
    expect((await screen.findByTestId('theme-toggle')).getAttribute('data-mode')).toBe('dark');
  });

  it('on a wide screen shows every icon and the whole greeting', () => {
    renderBar(false);
    expect(screen.getByTestId('topbar-greeting').textContent).toBe('Olá Ana Souza, Bem-vindo a Acme!');
    expect(screen.getByTestId('theme-toggle')).toBeTruthy();
    expect(screen.queryByTestId('topbar-more')).toBeNull();
  });
});
