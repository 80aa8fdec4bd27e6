import type { Connection } from '@atende/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../app/SocketProvider';
import { ConnectionsLiveSync } from '../../features/connections/useConnectionsLive';
import { connection } from '../../test/connections';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { fakeSocket, serveApi, type RouteHandler } from '../../test/serve';
import ConnectionsPage from './ConnectionsPage';

const ROWS: Connection[] = [
  connection({ id: 1, name: 'Aguardando', status: 'qrcode', qrcode: 'qr-1' }),
  connection({ id: 2, name: 'Caída', status: 'DISCONNECTED' }),
  connection({ id: 3, name: 'Principal', status: 'CONNECTED', isDefault: true }),
  connection({ id: 4, name: 'Pareando', status: 'PAIRING', pairingCode: 'ABCD1234' }),
  connection({ id: 5, name: 'Sem sinal', status: 'TIMEOUT' }),
  connection({ id: 6, name: 'Abrindo', status: 'OPENING' }),
];

function renderPage(options: { user?: ReturnType<typeof sessionUser>; routes?: Record<string, RouteHandler>; rows?: Connection[] } = {}) {
  const sent = serveApi({ 'GET /api/whatsapp': () => jsonResponse(200, options.rows ?? ROWS), ...options.routes });
  const live = fakeSocket();
  const view = renderWithApp(
    <SocketContext.Provider value={{ socket: live.socket, companyId: 3 }}>
      <ConnectionsLiveSync />
      <ConnectionsPage />
    </SocketContext.Provider>,
    { user: options.user ?? sessionUser(), route: '/connections' },
  );
  return { sent, live, ...view };
}

const listCalls = (sent: { method: string; url: string }[]) => sent.filter((s) => s.method === 'GET' && s.url === '/api/whatsapp');

afterEach(() => vi.unstubAllGlobals());

describe('<ConnectionsPage>', () => {
  it('shows name, translated status, last update as dd/MM/yy HH:mm and the default check', async () => {
    renderPage();
    const row = await screen.findByTestId('connection-row-3');
    expect(row.textContent).toContain('Principal');
    expect(within(row).getByTestId('connection-status-3').textContent).toBe('Conectado');
    expect(within(row).getByTestId('connection-updated-3').textContent).toMatch(/^05\/03\/26 \d{2}:07$/);
    expect(within(row).getByTestId('connection-default-3')).toBeTruthy();
    expect(screen.queryByTestId('connection-default-2')).toBeNull();
    expect(screen.getByTestId('connection-status-1').textContent).toBe('Aguardando leitura do QR Code');
  });

  it('shows when a lost connection tries again, and nothing of it once connected', async () => {
    renderPage({
      rows: [
        connection({ id: 2, name: 'Caída', status: 'DISCONNECTED', retries: 7, nextRetryAt: '2026-03-05T14:37:00.000Z' }),
        connection({ id: 3, name: 'Principal', status: 'CONNECTED' }),
      ],
    });
    const retry = await screen.findByTestId('connection-next-retry-2');
    expect(retry.textContent).toMatch(/^Nova tentativa às \d{2}:37$/);
    expect(screen.queryByTestId('connection-next-retry-3')).toBeNull();
  });

  it('offers the session actions of each status', async () => {
    renderPage();
    await screen.findByTestId('connection-row-1');
    expect(screen.getByTestId('connection-qrcode-1').textContent).toBe('QR CODE');
    expect(screen.getByTestId('connection-try-again-2').textContent).toBe('Tentar novamente');
    expect(screen.getByTestId('connection-new-qr-2').textContent).toBe('Novo QR CODE');
    for (const id of [3, 4, 5]) expect(screen.getByTestId(`connection-disconnect-${id}`).textContent).toBe('Desconectar');
    expect(screen.getByTestId('connection-pairing-code-4').textContent).toContain('ABCD1234');
    const connecting = screen.getByTestId('connection-connecting-6') as HTMLButtonElement;
    expect(connecting.textContent).toContain('Conectando');
    expect(connecting.disabled).toBe(true);
    expect(connecting.querySelector('.MuiCircularProgress-root')).toBeTruthy();
    // One kind of action per status, nothing else.
    expect(screen.queryByTestId('connection-disconnect-2')).toBeNull();
    expect(screen.queryByTestId('connection-qrcode-3')).toBeNull();
    expect(screen.queryByTestId('connection-try-again-6')).toBeNull();
  });

  it('hides the add button, the session column and the row actions without the permissions', async () => {
    renderPage({ user: sessionUser({ profile: 'user' }) });
    await screen.findByTestId('connection-row-1');
    expect(screen.queryByTestId('connections-add')).toBeNull();
    expect(screen.queryByText('Sessão')).toBeNull();
    expect(screen.queryByText('Ações')).toBeNull();
    expect(screen.queryByTestId('connection-qrcode-1')).toBeNull();
    expect(screen.queryByTestId('connection-edit-1')).toBeNull();
    expect(screen.queryByTestId('connection-delete-1')).toBeNull();
    expect(screen.getByText('Última atualização')).toBeTruthy();
  });

  it('tries again with POST, asks a new QR with PUT and disconnects with DELETE after confirming', async () => {
    const answer: RouteHandler = (_body, url) => jsonResponse(200, connection({ id: Number(url.split('/').pop()), status: 'OPENING' }));
    const { sent } = renderPage({
      routes: { 'POST /api/whatsappsession/2': answer, 'PUT /api/whatsappsession/2': answer, 'DELETE /api/whatsappsession/3': answer },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('connection-try-again-2'));
    await waitFor(() => expect(sent.some((s) => s.method === 'POST' && s.url === '/api/whatsappsession/2')).toBe(true));
    // The answer lands in the row at once.
    await waitFor(() => expect(screen.getByTestId('connection-status-2').dataset.status).toBe('OPENING'));

    await user.click(screen.getByTestId('connection-disconnect-3'));
    expect(screen.getByTestId('confirm-dialog').textContent).toContain('Desconectar Principal?');
    expect(sent.some((s) => s.method === 'DELETE')).toBe(false);
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(sent.some((s) => s.method === 'DELETE' && s.url === '/api/whatsappsession/3')).toBe(true));
  });

  it('asks a new QR with PUT', async () => {
    const { sent } = renderPage({ routes: { 'PUT /api/whatsappsession/2': () => jsonResponse(200, connection({ id: 2, status: 'DISCONNECTED' })) } });
    await userEvent.setup().click(await screen.findByTestId('connection-new-qr-2'));
    await waitFor(() => expect(sent.some((s) => s.method === 'PUT' && s.url === '/api/whatsappsession/2')).toBe(true));
  });

  it("asks 'Deseja realmente excluir esse registro?' before deleting, then drops the row", async () => {
    const { sent } = renderPage({ routes: { 'DELETE /api/whatsapp/2': () => new Response(null, { status: 204 }) } });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('connection-delete-2'));
    expect(screen.getByText('Deseja realmente excluir esse registro?')).toBeTruthy();
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(screen.queryByTestId('connection-row-2')).toBeNull());
    expect(sent.filter((s) => s.method === 'DELETE').map((s) => s.url)).toEqual(['/api/whatsapp/2']);
    expect(await screen.findByText('Conexão excluída com sucesso!')).toBeTruthy();
  });

  it('shows a translated server error', async () => {
    renderPage({ routes: { 'POST /api/whatsappsession/2': () => jsonResponse(404, { error: 'ERR_NO_WAPP_FOUND' }) } });
    await userEvent.setup().click(await screen.findByTestId('connection-try-again-2'));
    expect(await screen.findByText('Nenhuma conexão de WhatsApp encontrada com este ID.')).toBeTruthy();
  });

  it('opens the QR dialog from the QR CODE button', async () => {
    renderPage({ routes: { 'GET /api/whatsapp/1': () => jsonResponse(200, ROWS[0]) } });
    await userEvent.setup().click(await screen.findByTestId('connection-qrcode-1'));
    expect((await screen.findByTestId('qrcode-image')).dataset.qrcode).toBe('qr-1');
  });

  it('reads the list again when every query is invalidated, as after a socket reconnection', async () => {
    const { sent, queryClient } = renderPage();
    await screen.findByTestId('connection-row-1');
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(listCalls(sent)).toHaveLength(2));
  });

  it('patches rows from both live events without refetching', async () => {
    const { sent, live } = renderPage();
    await screen.findByTestId('connection-row-1');
    act(() =>
      live.emit('company-3-whatsappSession', {
        action: 'update',
        session: { id: 1, status: 'CONNECTED', qrcode: '', retries: 0, updatedAt: '2026-03-05T15:30:00.000Z' },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('connection-status-1').dataset.status).toBe('CONNECTED'));
    expect(screen.getByTestId('connection-disconnect-1')).toBeTruthy();

    const created = connection({ id: 9, name: 'Nova', status: 'OPENING', updatedAt: '2026-03-05T15:31:00.000Z' });
    const { qrcode: _q, token: _t, ...summary } = created;
    act(() => live.emit('company-3-whatsapp', { action: 'create', whatsapp: summary, whatsappId: 9 }));
    expect((await screen.findByTestId('connection-row-9')).textContent).toContain('Nova');

    act(() => live.emit('company-3-whatsapp', { action: 'update', whatsapp: { ...summary, name: 'Renomeada', status: 'qrcode' }, whatsappId: 9 }));
    await waitFor(() => expect(screen.getByTestId('connection-row-9').textContent).toContain('Renomeada'));

    act(() => live.emit('company-3-whatsapp', { action: 'delete', whatsappId: 2 }));
    await waitFor(() => expect(screen.queryByTestId('connection-row-2')).toBeNull());
    expect(listCalls(sent)).toHaveLength(1);
  });

  it('ignores a live update older than the row', async () => {
    const { live } = renderPage();
    await screen.findByTestId('connection-row-3');
    act(() =>
      live.emit('company-3-whatsappSession', {
        action: 'update',
        session: { id: 3, status: 'DISCONNECTED', qrcode: '', retries: 1, updatedAt: '2026-03-05T10:00:00.000Z' },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('connection-status-3').dataset.status).toBe('CONNECTED');
  });
});
