import type { ContactList } from '@atende/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { serveApi } from '../../test/serve';
import ContactListsPage from './ContactListsPage';

const vip: ContactList = { id: 5, name: 'Clientes VIP', contactsCount: 12 };

beforeEach(async () => {
  await i18n.changeLanguage('pt');
});
afterEach(() => vi.unstubAllGlobals());

describe('<ContactListsPage>', { timeout: 20_000 }, () => {
  it('lists name and contacts count, and adds a list once its name is long enough', async () => {
    const sent = serveApi({
      'GET /api/contact-lists': () => jsonResponse(200, { records: [vip], count: 1, hasMore: false }),
      'POST /api/contact-lists': (body) => jsonResponse(200, { id: 6, contactsCount: 0, ...(body as object) }),
    });
    const user = userEvent.setup();
    renderWithApp(<ContactListsPage />, { user: sessionUser(), route: '/contact-lists' });
    expect((await screen.findByTestId('contact-list-count-5')).textContent).toBe('12');
    await user.click(screen.getByTestId('contact-lists-add'));
    await user.type(screen.getByTestId('contact-list-name'), 'A');
    await user.click(screen.getByTestId('contact-list-save'));
    expect(await within(screen.getByTestId('contact-list-dialog')).findByText('Too Short!')).toBeTruthy();
    await user.type(screen.getByTestId('contact-list-name'), 'BC Outubro');
    await user.click(screen.getByTestId('contact-list-save'));
    await waitFor(() => expect(sent.filter((s) => s.method === 'POST').map((s) => s.body)).toEqual([{ name: 'ABC Outubro' }]));
  });

  it('deletes a list only after the confirmation', async () => {
    const sent = serveApi({
      'GET /api/contact-lists': () => jsonResponse(200, { records: [vip], count: 1, hasMore: false }),
      'DELETE /api/contact-lists/5': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderWithApp(<ContactListsPage />, { user: sessionUser(), route: '/contact-lists' });
    await user.click(await screen.findByTestId('contact-list-delete-5'));
    const confirm = screen.getByTestId('confirm-dialog');
    expect(within(confirm).getByText('Deseja realmente excluir esse registro?')).toBeTruthy();
    expect(sent.some((s) => s.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByTestId('confirm-ok'));
    await waitFor(() => expect(sent.filter((s) => s.method === 'DELETE').map((s) => s.url)).toEqual(['/api/contact-lists/5']));
  });
});
