import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../app/SocketProvider';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { queue } from '../../test/queues';
import { renderWithApp } from '../../test/render';
import { fakeSocket, serveApi } from '../../test/serve';
import QueuesPage from './QueuesPage';

afterEach(() => vi.unstubAllGlobals());

describe('<QueuesPage>', { timeout: 20_000 }, () => {
  it('lists id, name, colour, order and greeting, and refreshes on a queue event', async () => {
    let rows = [queue(), queue({ id: 6, name: 'Suporte', color: '#2e7d32', orderQueue: null, greetingMessage: '' })];
    serveApi({ 'GET /api/queue': () => jsonResponse(200, rows) });
    const live = fakeSocket();
    renderWithApp(
      <SocketContext.Provider value={{ socket: live.socket, companyId: 3 }}>
        <QueuesPage />
      </SocketContext.Provider>,
      { user: sessionUser(), route: '/queues' },
    );
    const row = await screen.findByTestId('queue-row-5');
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual(['5', 'Vendas', '', '1', 'Olá! Escolha uma opção.']);
    expect(screen.getByTestId('queue-color-5').getAttribute('aria-label')).toBe('#1976d2');
    expect(screen.getByRole('columnheader', { name: 'Ordem da fila (bot)' })).toBeTruthy();

    rows = [...rows, queue({ id: 7, name: 'Financeiro', color: '#f57c00' })];
    live.emit('company-3-queue', { action: 'create', queueId: 7 });
    expect(await screen.findByTestId('queue-row-7')).toBeTruthy();
  });

  it('deletes a queue only after the confirmation', async () => {
    const sent = serveApi({
      'GET /api/queue': () => jsonResponse(200, [queue()]),
      'DELETE /api/queue/5': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderWithApp(<QueuesPage />, { user: sessionUser(), route: '/queues' });
    await user.click(await screen.findByTestId('queue-delete-5'));
    const confirm = screen.getByTestId('confirm-dialog');
    expect(within(confirm).getByText('Deseja realmente excluir esse registro?')).toBeTruthy();
    expect(sent.some((s) => s.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByTestId('confirm-ok'));
    expect(await screen.findByText('Fila excluída com sucesso!')).toBeTruthy();
    await waitFor(() => expect(sent.filter((s) => s.method === 'DELETE').map((s) => s.url)).toEqual(['/api/queue/5']));
  });
});
