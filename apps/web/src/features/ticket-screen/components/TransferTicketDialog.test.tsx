import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sessionUser } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { serveApi } from '../../../test/serve';
import { ticket as ticketFixture } from '../../../test/tickets';
import { TransferTicketDialog } from './TransferTicketDialog';

function openDialog(profile: 'admin' | 'user', ticket = ticketFixture(41, { queueId: null, queue: null })) {
  const sent = serveApi({
    'GET /api/queue': () => jsonResponse(200, [{ id: 1, name: 'Vendas', color: '#2563eb' }, { id: 2, name: 'Suporte', color: '#16a34a' }]),
    'GET /api/users/list': () =>
      jsonResponse(200, [
        { id: 7, name: 'Ana Souza', queues: [{ id: 1 }] },
        { id: 8, name: 'Bruno Vendas', queues: [{ id: 1 }] },
        { id: 9, name: 'Carla Suporte', queues: [{ id: 2 }] },
      ]),
    'GET /api/whatsapp': () => jsonResponse(200, [{ id: 1, name: 'WhatsApp Demo' }]),
    [`PUT /api/tickets/${ticket.id}`]: (body) => jsonResponse(200, ticketFixture(41, { ...(body as object), status: 'pending', userId: null })),
  });
  const onClose = vi.fn();
  renderWithApp(<TransferTicketDialog ticket={ticket} open onClose={onClose} />, { user: sessionUser({ profile }) });
  return { puts: () => sent.filter((r) => r.method === 'PUT'), onClose };
}

async function choose(user: ReturnType<typeof userEvent.setup>, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: new RegExp(field) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => vi.unstubAllGlobals());

describe('<TransferTicketDialog>', () => {
  it('requires a queue before transferring', async () => {
    const user = userEvent.setup();
    const { puts } = openDialog('admin');
    await user.click(screen.getByTestId('transfer-submit'));
    expect(screen.getByText('Selecione uma fila')).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });

  it('transfers to a queue and a user the admin picks', async () => {
    const user = userEvent.setup();
    const { puts, onClose } = openDialog('admin');
    await choose(user, 'Fila', 'Suporte');
    await choose(user, 'Usuário', 'Bruno Vendas');
    await user.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({ action: 'transfer', queueId: 2, userId: 8, whatsappId: null });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('offers an agent only the members of the chosen queue', async () => {
    const user = userEvent.setup();
    openDialog('user');
    await choose(user, 'Fila', 'Suporte');
    await user.click(screen.getByRole('combobox', { name: /Usuário/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Nenhum (aguardando na fila)', 'Ana Souza', 'Carla Suporte']);
  });
});
