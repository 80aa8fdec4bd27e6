import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../app/SocketProvider';
import { contact } from '../../features/contacts/contactFixture';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { fakeSocket, serveApi, type RouteHandler } from '../../test/serve';
import ContactsPage from './ContactsPage';

const maria = contact();
const joao = contact({ id: 6, name: 'João Dias', number: '5511977776666', email: '' });
const listed: RouteHandler = () => jsonResponse(200, { contacts: [maria, joao], count: 2, hasMore: false });

function renderPage(user = sessionUser(), socket: ReturnType<typeof fakeSocket>['socket'] | null = null) {
  return renderWithApp(
    <SocketContext.Provider value={{ socket, companyId: 3 }}>
      <Routes>
        <Route path="/contacts" element={<ContactsPage />} />
        <Route path="/tickets/:uuid" element={<p data-testid="ticket-screen">ticket</p>} />
      </Routes>
    </SocketContext.Provider>,
    { user, route: '/contacts' },
  );
}

const listCalls = (sent: { method: string; url: string }[]) => sent.filter((s) => s.method === 'GET' && s.url.startsWith('/api/contacts?')).map((s) => s.url);

afterEach(() => vi.unstubAllGlobals());

function readText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

// Typing into MUI dialogs is slow on a busy machine; the default 5 s is too tight.
describe('<ContactsPage>', { timeout: 20_000 }, () => {
  it('lists avatar, name, number and email; a plain user gets no delete button', async () => {
    serveApi({ 'GET /api/contacts': listed });
    renderPage(sessionUser({ profile: 'user' }));
    const row = await screen.findByTestId('contact-row-5');
    expect(row.textContent).toContain('Maria Lima');
    expect(row.textContent).toContain('5511988887777');
    expect(row.textContent).toContain('maria@acme.test');
    expect(within(row).getByText('ML')).toBeTruthy();
    expect(within(row).getByTestId('contact-edit-5')).toBeTruthy();
    expect(within(row).queryByTestId('contact-delete-5')).toBeNull();
  });

  it('asks before an admin deletes a contact, then deletes it', async () => {
    const sent = serveApi({ 'GET /api/contacts': listed, 'DELETE /api/contacts/6': () => new Response(null, { status: 204 }) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('contact-delete-6'));
    expect(screen.getByTestId('confirm-dialog').textContent).toContain('Excluir João Dias?');
    expect(sent.some((s) => s.method === 'DELETE')).toBe(false);
    await user.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('Contato excluído com sucesso!')).toBeTruthy();
    expect(sent.some((s) => s.method === 'DELETE' && s.url === '/api/contacts/6')).toBe(true);
  });

  it('asks for the next page within 100 px of the bottom while hasMore', async () => {
    const sent = serveApi({
      'GET /api/contacts': (_b, url) =>
        jsonResponse(200, url.includes('pageNumber=2') ? { contacts: [joao], count: 31, hasMore: false } : { contacts: [maria], count: 31, hasMore: true }),
    });
    renderPage();
    await screen.findByTestId('contact-row-5');
    const pane = screen.getByTestId('contacts-table').closest('.MuiPaper-root') as HTMLElement;
    Object.defineProperties(pane, {
      scrollHeight: { configurable: true, value: 2000 },
      clientHeight: { configurable: true, value: 500 },
      scrollTop: { configurable: true, writable: true, value: 1300 },
    });
    fireEvent.scroll(pane);
    expect(listCalls(sent)).toHaveLength(1);
    pane.scrollTop = 1420;
    fireEvent.scroll(pane);
    expect(await screen.findByTestId('contact-row-6')).toBeTruthy();
    expect(listCalls(sent)).toEqual(['/api/contacts?searchParam=&pageNumber=1', '/api/contacts?searchParam=&pageNumber=2']);
  });

  it('searches once the typing pauses', async () => {
    const sent = serveApi({ 'GET /api/contacts': listed });
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('contact-row-5');
    await user.type(screen.getByTestId('contacts-search'), 'mar');
    await waitFor(() => expect(listCalls(sent)).toContain('/api/contacts?searchParam=mar&pageNumber=1'), { timeout: 2_000 });
    expect(listCalls(sent)).toHaveLength(2);
  });

  it('exports the contacts as a CSV file from GET /contacts/export', async () => {
    const sent = serveApi({
      'GET /api/contacts': listed,
      'GET /api/contacts/export': () => new Response('\uFEFFname;number;email\r\nMaria Lima;5511988887777;maria@acme.test\r\n', { status: 200 }),
    });
    const files: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (files.push(blob), 'blob:csv'), revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('contacts-export'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(sent.some((s) => s.url === '/api/contacts/export')).toBe(true);
    expect((await readText(files[0])).replace(/^\uFEFF/, '')).toBe('name;number;email\r\nMaria Lima;5511988887777;maria@acme.test\r\n');
    click.mockRestore();
  });

  it('imports the phone contacts after a confirmation and tells how many came', async () => {
    serveApi({ 'GET /api/contacts': listed, 'POST /api/contacts/import': () => jsonResponse(200, { imported: 4 }) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('contacts-import'));
    await user.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('4 contatos importados.')).toBeTruthy();
  });

  it('shows the translated error when the import cannot run', async () => {
    serveApi({ 'GET /api/contacts': listed, 'POST /api/contacts/import': () => jsonResponse(404, { error: 'ERR_NO_DEF_WAPP_FOUND' }) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('contacts-import'));
    await user.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('Nenhuma conexão de WhatsApp padrão encontrada. Verifique a página de conexões.')).toBeTruthy();
  });

  it('starts the contact’s ticket and goes to it', async () => {
    const sent = serveApi({ 'GET /api/contacts': listed, 'POST /api/tickets': () => jsonResponse(200, { id: 1, uuid: 'abc-1' }) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('contact-ticket-5'));
    expect(await screen.findByTestId('ticket-screen')).toBeTruthy();
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({ contactId: 5, status: 'open' });
  });

  it('names who holds the contact’s open ticket instead of opening it', async () => {
    serveApi({
      'GET /api/contacts': listed,
      'POST /api/tickets': () =>
        jsonResponse(409, { error: 'ERR_OTHER_OPEN_TICKET', details: { ticketId: 3, uuid: 'u-3', userId: 99, userName: 'Bruno', queueName: 'Vendas' } }),
    });
    const user = userEvent.setup();
    renderPage(sessionUser({ profile: 'user', queues: [{ id: 1, name: 'Vendas', color: '#f00' }] }));
    await user.click(await screen.findByTestId('contact-ticket-5'));
    expect(await screen.findByText('Já existe um atendimento aberto para este contato com Bruno na fila Vendas.')).toBeTruthy();
    expect(screen.queryByTestId('ticket-screen')).toBeNull();
  });

  it('goes to the ticket of a contact saved as new', async () => {
    const sent = serveApi({
      'GET /api/contacts': listed,
      'POST /api/contacts': (body) => jsonResponse(200, contact({ id: 40, ...(body as object) })),
      'POST /api/tickets': () => jsonResponse(200, { id: 2, uuid: 'new-2' }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('contacts-add'));
    await user.type(screen.getByTestId('contact-name'), 'Rita Nunes');
    await user.type(screen.getByTestId('contact-number'), '5511955554444');
    await user.click(screen.getByTestId('contact-save'));
    expect(await screen.findByTestId('ticket-screen')).toBeTruthy();
    expect(sent.find((s) => s.url === '/api/tickets')?.body).toMatchObject({ contactId: 40 });
  });

  it('refetches when a contact of the company changes elsewhere', async () => {
    const live = fakeSocket();
    const sent = serveApi({ 'GET /api/contacts': listed });
    renderPage(sessionUser(), live.socket);
    await screen.findByTestId('contact-row-5');
    live.emit('company-3-contact', { action: 'delete', contactId: 6 });
    await waitFor(() => expect(listCalls(sent)).toHaveLength(2));
  });
});
