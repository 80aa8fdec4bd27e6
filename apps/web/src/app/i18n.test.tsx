import { STORAGE_KEYS } from '@atende/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import LoginPage from '../pages/login/LoginPage';
import { renderWithApp } from '../test/render';
import { browserLanguage, i18n, storedLanguage } from './i18n';

afterEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('pt');
});

describe('the first language', () => {
  it('follows the browser until the user chooses one, Portuguese when the browser speaks none of ours', () => {
    expect(browserLanguage(['fr-FR', 'en-GB', 'pt-BR'])).toBe('en');
    expect(browserLanguage(['es-AR'])).toBe('es');
    expect(browserLanguage(['pt-PT'])).toBe('pt');
    expect(browserLanguage(['de-DE', 'fr'])).toBe('pt');
    expect(browserLanguage([])).toBe('pt');
    localStorage.setItem(STORAGE_KEYS.language, 'es');
    expect(storedLanguage()).toBe('es');
  });
});

describe('<LoginPage> language', () => {
  it('offers the language switch before login and keeps the choice', async () => {
    const user = userEvent.setup();
    renderWithApp(<LoginPage />);
    expect(screen.getByTestId('login-submit').textContent).toBe('Entrar');
    await user.click(screen.getByRole('combobox', { name: 'Idioma' }));
    await user.click(within(await screen.findByRole('listbox')).getByText('English'));
    expect(screen.getByTestId('login-submit').textContent).toBe('Log in');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
  });
});
