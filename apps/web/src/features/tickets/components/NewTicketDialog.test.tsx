import type { SessionUser } from '@atende/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sessionUser } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { serveApi, type RouteHandler } from '../../../test/serve';
import { ticket } from '../../../test/tickets';
import { NewTicketDialog } from './NewTicketDialog';

const queues = [
  { id: 1, name: 'Suporte', color: '#16a34a' },
  { id: 2, name: 'Vendas', color: '#2563eb' },
];
const agent = sessionUser({ profile: 'user', queues });
const maria = { id: 40, name: 'Maria', number: '5511999990001' };

function OpenedTicket() {
  return <div data-testid="opened">{useParams().ticketId}</div>;
}

function renderDialog(user: SessionUser, createAnswer: RouteHandler) {
  const sent = serveApi({
    'GET /api/contacts/list': () => jsonResponse(200, [maria]),
    'GET /api/whatsapp': () => jsonResponse(200, [{ id: 4, name: 'WhatsApp Demo' }]),
    'GET /api/queue': () => jsonResponse(200, queues),
    'POST /api/tickets': createAnswer,
  });
  const onClose = vi.fn();
  renderWithApp(
    <Routes>
      <Route path="/tickets" element={<NewTicketDialog open onClose={onClose} />} />
      <Route path="/tickets/:ticketId" element={<OpenedTicket />} />
    </Routes>,
    { user, route: '/tickets' },
  );
  return { sent, onClose };
}

async function pickMaria(user: ReturnType<typeof userEvent.setup>, sent: { url: string }[]) {
  const input = screen.getByTestId('new-ticket-contact');
  await user.type(input, 'Ma');
  expect(await screen.findByText('Digite ao menos 3 caracteres')).toBeTruthy();
  await user.type(input, 'r');
  await user.click(await screen.findByTestId('new-ticket-contact-40', undefined, { timeout: 2_000 }));
  // The search went out once, for the three characters, never for fewer.
  expect(sent.filter((r) => r.url.startsWith('/api/contacts/list')).map((r) => r.url)).toEqual(['/api/contacts/list?searchParam=Mar']);
}

async function chooseQueue(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: 'Fila' }));
  await user.click(await screen.findByRole('option', { name }));
}

const otherOpenTicket = (holder: object) => () => jsonResponse(409, { error: 'ERR_OTHER_OPEN_TICKET', details: holder });

afterEach(() => vi.unstubAllGlobals());

describe('<NewTicketDialog>', { timeout: 30_000 }, () => {
  it('asks an agent for a queue, then opens the new ticket', async () => {
    const created = ticket(12);
    const { sent } = renderDialog(agent, () => jsonResponse(200, created));
    const user = userEvent.setup();
    await pickMaria(user, sent);

    await user.click(screen.getByTestId('new-ticket-save'));
    expect(screen.getByText('Selecione uma fila')).toBeTruthy();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);

    await chooseQueue(user, 'Vendas');
    expect(screen.queryByText('Selecione uma fila')).toBeNull();
    await user.click(screen.getByTestId('new-ticket-save'));
    expect((await screen.findByTestId('opened')).textContent).toBe(created.uuid);
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ contactId: 40, queueId: 2, whatsappId: null, status: 'open' });
  });

  it('lets an admin open a ticket without a queue', async () => {
    const { sent } = renderDialog(sessionUser({ queues }), () => jsonResponse(200, ticket(13)));
    const user = userEvent.setup();
    await pickMaria(user, sent);
    await user.click(screen.getByTestId('new-ticket-save'));
    expect(await screen.findByTestId('opened')).toBeTruthy();
    expect(sent.find((r) => r.method === 'POST')?.body).toMatchObject({ contactId: 40, queueId: null });
  });

  it('says who holds the contact and in which queue when another agent has it open', async () => {
    const { sent } = renderDialog(agent, otherOpenTicket({ ticketId: 3, uuid: ticket(3).uuid, userId: 9, userName: 'Carla', queueName: 'Suporte' }));
    const user = userEvent.setup();
    await pickMaria(user, sent);
    await chooseQueue(user, 'Suporte');
    await user.click(screen.getByTestId('new-ticket-save'));
    expect((await screen.findByTestId('new-ticket-holder')).textContent).toBe(
      'Já existe um atendimento aberto para este contato com Carla na fila Suporte.',
    );
    expect(screen.queryByTestId('opened')).toBeNull();
  });

  it('opens the existing ticket when the user already holds it', async () => {
    const { sent, onClose } = renderDialog(agent, otherOpenTicket({ ticketId: 3, uuid: ticket(3).uuid, userId: agent.id, userName: agent.name, queueName: 'Suporte' }));
    const user = userEvent.setup();
    await pickMaria(user, sent);
    await chooseQueue(user, 'Suporte');
    await user.click(screen.getByTestId('new-ticket-save'));
    expect((await screen.findByTestId('opened')).textContent).toBe(ticket(3).uuid);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
