import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connection } from '../../../test/connections';
import { jsonResponse, sessionUser } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { serveApi, type RouteHandler, type SentRequest } from '../../../test/serve';
import ConnectionDialog from './ConnectionDialog';

const QUEUES = [{ id: 1, name: 'Vendas', color: '#f00' }];

function openDialog(connectionId: number | null, routes: Record<string, RouteHandler> = {}) {
  const sent = serveApi({ 'GET /api/queue': () => jsonResponse(200, QUEUES), ...routes });
  const onClose = vi.fn();
  renderWithApp(<ConnectionDialog connectionId={connectionId} onClose={onClose} />, { user: sessionUser() });
  return { sent, onClose, user: userEvent.setup() };
}

const writes = (sent: SentRequest[]) => sent.filter((s) => s.method !== 'GET');

async function chooseProvider(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('combobox', { name: 'Tipo de conexão' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

afterEach(() => vi.unstubAllGlobals());

describe('<ConnectionDialog>', { timeout: 20_000 }, () => {
  it("shows 'Required' and 'Too Short!' under the name and sends nothing", async () => {
    const { sent, user } = openDialog(null);
    await user.click(screen.getByTestId('connection-save'));
    expect(await screen.findByText('Required')).toBeTruthy();
    await user.type(screen.getByTestId('connection-name'), 'A');
    await user.click(screen.getByTestId('connection-save'));
    expect(await screen.findByText('Too Short!')).toBeTruthy();
    expect(writes(sent)).toEqual([]);
  });

  it('starts from the connection defaults and creates the connection with them', async () => {
    const { sent, onClose, user } = openDialog(null, { 'POST /api/whatsapp': (body) => jsonResponse(200, connection({ id: 12, ...(body as object) })) });
    expect((screen.getByTestId('connection-expiresTicket') as HTMLInputElement).value).toBe('0');
    expect((screen.getByTestId('connection-timeUseBotQueues') as HTMLInputElement).value).toBe('0');
    expect((screen.getByTestId('connection-maxUseBotQueues') as HTMLInputElement).value).toBe('3');
    expect(screen.getByRole('combobox', { name: 'Tipo de conexão' }).textContent).toBe('WhatsApp Web');

    await user.type(screen.getByTestId('connection-name'), 'Comercial');
    await user.click(screen.getByTestId('connection-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(sent)).toEqual([
      {
        method: 'POST',
        url: '/api/whatsapp',
        body: {
          name: 'Comercial',
          isDefault: false,
          provider: 'beta',
          greetingMessage: '',
          complationMessage: '',
          outOfHoursMessage: '',
          ratingMessage: '',
          queueIds: [],
          transferQueueId: null,
          promptId: null,
          integrationId: null,
          timeToTransfer: 0,
          expiresTicket: 0,
          expiresInactiveMessage: '',
          timeUseBotQueues: 0,
          maxUseBotQueues: 3,
        },
      },
    ]);
    expect(await screen.findByText('Conexão salva com sucesso!')).toBeTruthy();
  });

  it("refuses a negative number of minutes with 'Valor inválido'", async () => {
    const { sent, user } = openDialog(null);
    await user.type(screen.getByTestId('connection-name'), 'Comercial');
    const expires = screen.getByTestId('connection-expiresTicket');
    await user.clear(expires);
    await user.type(expires, '-5');
    await user.click(screen.getByTestId('connection-save'));
    expect(await screen.findByText('Valor inválido')).toBeTruthy();
    expect(writes(sent)).toEqual([]);
  });

  it('offers the simulator only when the server runs it', async () => {
    const { user } = openDialog(null);
    await user.click(screen.getByRole('combobox', { name: 'Tipo de conexão' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['WhatsApp Web', 'WhatsApp Cloud API']);
  });

  it('lists the simulator when GET /simulator/status says enabled', async () => {
    const { user, sent } = openDialog(null, {
      'GET /api/simulator/status': () => jsonResponse(200, { enabled: true }),
      'POST /api/whatsapp': (body) => jsonResponse(200, connection({ id: 12, ...(body as object) })),
    });
    await waitFor(() => expect(sent.some((s) => s.url === '/api/simulator/status')).toBe(true));
    await user.type(screen.getByTestId('connection-name'), 'Demo');
    await chooseProvider(user, 'Simulador');
    await user.click(screen.getByTestId('connection-save'));
    await waitFor(() => expect(writes(sent)[0]?.body).toMatchObject({ name: 'Demo', provider: 'simulator' }));
  });

  it('asks the Cloud API credentials and sends them only for a Cloud connection', async () => {
    const { sent, user } = openDialog(null, { 'POST /api/whatsapp': (body) => jsonResponse(200, connection({ id: 12, ...(body as object) })) });
    await user.type(screen.getByTestId('connection-name'), 'Oficial');
    expect(screen.queryByTestId('connection-cloud-phoneNumberId')).toBeNull();
    await chooseProvider(user, 'WhatsApp Cloud API');
    await user.click(screen.getByTestId('connection-save'));
    const dialog = screen.getByTestId('connection-dialog');
    await waitFor(() => expect(within(dialog).getAllByText('Required')).toHaveLength(3));
    expect(writes(sent)).toEqual([]);
    expect(screen.getByTestId('connection-webhook-later')).toBeTruthy();

    await user.type(screen.getByTestId('connection-cloud-phoneNumberId'), '1098765');
    await user.type(screen.getByTestId('connection-cloud-accessToken'), 'EAAG-token');
    await user.type(screen.getByTestId('connection-cloud-appSecret'), 'app-secret');
    await user.click(screen.getByTestId('connection-save'));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0].body).toMatchObject({
      provider: 'cloud',
      cloud: { phoneNumberId: '1098765', accessToken: 'EAAG-token', appSecret: 'app-secret' },
    });
    expect((writes(sent)[0].body as { cloud: object }).cloud).not.toHaveProperty('verifyToken');
  });

  it('edits a Cloud connection: secrets stay write-only, the webhook URL and API token can be copied', async () => {
    const stored = connection({
      id: 4,
      provider: 'cloud',
      name: 'Oficial',
      queues: [{ id: 1, name: 'Vendas', color: '#f00' }],
      cloud: { phoneNumberId: '1098765', webhookPath: '/api/webhooks/whatsapp-cloud/4', hasAccessToken: true, hasAppSecret: true, verifyToken: 'verify-me' },
    });
    const { sent, user } = openDialog(4, {
      'GET /api/whatsapp/4': () => jsonResponse(200, stored),
      'PUT /api/whatsapp/4': (body) => jsonResponse(200, { ...stored, ...(body as object) }),
    });
    const name = (await screen.findByTestId('connection-name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Oficial'));
    expect(screen.getByText('Editar WhatsApp')).toBeTruthy();
    expect(screen.getAllByText('Configurado. Deixe em branco para manter o atual.')).toHaveLength(2);
    expect((screen.getByTestId('connection-cloud-accessToken') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('connection-cloud-verifyToken') as HTMLInputElement).value).toBe('verify-me');
    expect((screen.getByTestId('connection-webhook-url') as HTMLInputElement).value).toBe(`${window.location.origin}/api/webhooks/whatsapp-cloud/4`);
    expect((screen.getByTestId('connection-token') as HTMLInputElement).value).toBe('api-token-4');
    expect((screen.getByTestId('connection-token') as HTMLInputElement).readOnly).toBe(true);

    await user.type(screen.getByTestId('connection-greetingMessage'), 'Olá!');
    await user.click(screen.getByTestId('connection-save'));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    const put = writes(sent)[0];
    expect(put.url).toBe('/api/whatsapp/4');
    expect(put.body).toMatchObject({ name: 'Oficial', greetingMessage: 'Olá!', queueIds: [1], cloud: { phoneNumberId: '1098765', verifyToken: 'verify-me' } });
    expect((put.body as { cloud: object }).cloud).not.toHaveProperty('accessToken');
    expect(put.body).toMatchObject({ promptId: null });
  });

  it('tells a server refusal in words', async () => {
    const { user } = openDialog(null, { 'POST /api/whatsapp': () => jsonResponse(400, { error: 'ERR_WAPP_GREETING_REQUIRED' }) });
    await user.type(screen.getByTestId('connection-name'), 'Comercial');
    await user.click(screen.getByTestId('connection-save'));
    expect(await screen.findByText('A mensagem de saudação é obrigatória quando há mais de uma fila.')).toBeTruthy();
  });

  it('puts the field errors of the server under the Cloud fields', async () => {
    const { user } = openDialog(null, {
      'POST /api/whatsapp': () => jsonResponse(400, { error: 'ERR_VALIDATION', fields: { 'cloud.phoneNumberId': 'invalid' } }),
    });
    await user.type(screen.getByTestId('connection-name'), 'Oficial');
    await chooseProvider(user, 'WhatsApp Cloud API');
    await user.type(screen.getByTestId('connection-cloud-phoneNumberId'), 'x');
    await user.type(screen.getByTestId('connection-cloud-accessToken'), 't');
    await user.type(screen.getByTestId('connection-cloud-appSecret'), 's');
    await user.click(screen.getByTestId('connection-save'));
    expect(await screen.findByText('Valor inválido')).toBeTruthy();
  });
});
