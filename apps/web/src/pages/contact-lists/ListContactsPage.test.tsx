import type { ContactListImportReport, ListContact } from '@atende/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../app/SocketProvider';
import { i18n } from '../../app/i18n';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { fakeSocket, serveApi } from '../../test/serve';
import ListContactsPage from './ListContactsPage';

const contact = (id: number, name: string, isWhatsappValid: boolean | null): ListContact => ({
  id, name, number: `55119876500${id}`, email: '', isWhatsappValid, companyId: 3, contactListId: 5,
});

function renderPage(user = sessionUser(), socket: ReturnType<typeof fakeSocket>['socket'] | null = null) {
  return renderWithApp(
    <SocketContext.Provider value={{ socket, companyId: 3 }}>
      <Routes>
        <Route path="/contact-lists/:contactListId/contacts" element={<ListContactsPage />} />
      </Routes>
    </SocketContext.Provider>,
    { user, route: '/contact-lists/5/contacts' },
  );
}

function serveList(contacts: ListContact[], extra: Parameters<typeof serveApi>[0] = {}) {
  return serveApi({
    'GET /api/contact-lists/5': () => jsonResponse(200, { id: 5, name: 'Clientes VIP', contactsCount: contacts.length }),
    'GET /api/contact-list-items': () => jsonResponse(200, { contacts, count: contacts.length, hasMore: false }),
    ...extra,
  });
}

beforeEach(async () => {
  await i18n.changeLanguage('pt');
});
afterEach(() => vi.unstubAllGlobals());

describe('<ListContactsPage>', { timeout: 20_000 }, () => {
  it('shows each number’s WhatsApp check and turns the icon when the check is announced', async () => {
    const sent = serveList([contact(1, 'Ana Lima', true), contact(2, 'Bruno Reis', false), contact(3, 'Caio Dias', null)]);
    const live = fakeSocket();
    renderPage(sessionUser(), live.socket);
    expect(await screen.findByRole('heading', { name: 'Clientes VIP' })).toBeTruthy();
    expect((await screen.findByTestId('list-contact-valid-1')).getAttribute('data-state')).toBe('valid');
    expect(screen.getByTestId('list-contact-valid-2').getAttribute('data-state')).toBe('invalid');
    expect(screen.getByTestId('list-contact-valid-3').getAttribute('data-state')).toBe('pending');
    const reads = sent.length;
    act(() => live.emit('company-3-contactList', { action: 'contacts', contactListId: 5, contacts: [contact(3, 'Caio Dias', false)] }));
    await waitFor(() => expect(screen.getByTestId('list-contact-valid-3').getAttribute('data-state')).toBe('invalid'));
    // Patched in place: no refetch for a check.
    expect(sent.length).toBe(reads);
  });

  it('offers delete only to those allowed contacts-page:deleteContact', async () => {
    serveList([contact(1, 'Ana Lima', true)]);
    renderPage(sessionUser({ profile: 'user' }));
    expect(await screen.findByTestId('list-contact-edit-1')).toBeTruthy();
    expect(screen.queryByTestId('list-contact-delete-1')).toBeNull();
  });

  it('imports only after the confirmation, then shows the report with each refused row’s reason', async () => {
    const report: ContactListImportReport = { rows: 3, imported: 1, merged: 1, refusedCount: 1, refused: [{ row: 4, reason: 'numberInvalid', value: 'abc' }], tooManyRows: false };
    const sent = serveList([], { 'POST /api/contact-lists/5/upload': () => jsonResponse(200, report) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('list-contacts-import'));
    const confirm = screen.getByTestId('confirm-dialog');
    expect(within(confirm).getByTestId('import-example-link')).toBeTruthy();
    expect((within(confirm).getByTestId('confirm-ok') as HTMLButtonElement).disabled).toBe(true);
    await user.upload(within(confirm).getByTestId('import-file'), new File(['name,number\n'], 'lista.csv', { type: 'text/csv' }));
    expect(sent.some((s) => s.method === 'POST')).toBe(false);
    await user.click(within(confirm).getByTestId('confirm-ok'));
    const shown = await screen.findByTestId('import-report');
    expect(within(shown).getByTestId('import-report-summary').textContent).toBe('3 linhas lidas: 1 contatos novos, 1 unidos a contatos existentes, 1 recusadas.');
    expect(within(shown).getByTestId('import-refused-4').textContent).toContain('Número inválido');
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.url)).toEqual(['/api/contact-lists/5/upload']);
  });
});
