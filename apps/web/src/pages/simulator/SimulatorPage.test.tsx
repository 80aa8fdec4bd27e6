import type { SimulatorConversationEntry } from '@atende/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connection } from '../../test/connections';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { serveApi, type RouteHandler } from '../../test/serve';
import SimulatorPage from './SimulatorPage';

const CUSTOMER = '5511999990001';
const CONVERSATION = `/api/simulator/conversations/4/${CUSTOMER}`;

const entry = (overrides: Partial<SimulatorConversationEntry>): SimulatorConversationEntry => ({
  id: 'x',
  direction: 'in',
  number: CUSTOMER,
  kind: 'text',
  body: '',
  timestamp: Date.parse('2026-03-05T14:07:00Z'),
  edited: false,
  deleted: false,
  ...overrides,
});

const HISTORY = [
  entry({ id: 'IN-1', body: 'Oi, tudo bem?', seenByBusiness: true }),
  entry({ id: 'OUT-1', direction: 'out', body: 'Enviada', ack: 1 }),
  entry({ id: 'OUT-2', direction: 'out', body: 'Entregue', ack: 2 }),
  entry({ id: 'OUT-3', direction: 'out', body: 'Lida', ack: 3, quotedId: 'IN-1' }),
  entry({ id: 'OUT-4', direction: 'out', kind: 'voice', ack: 4, media: { mimeType: 'audio/ogg', size: 2048 } }),
  entry({ id: 'OUT-5', direction: 'out', body: '*Bruno Agente:*\nOlá', ack: 1 }),
  entry({ id: 'IN-2', body: 'Certo', quotedId: 'OUT-5' }),
];

function openPage(routes: Record<string, RouteHandler> = {}, withCustomer = true, profile: 'admin' | 'user' = 'admin') {
  if (withCustomer) localStorage.setItem('atende.simulatorCustomers', JSON.stringify([{ number: CUSTOMER, name: 'Maria' }]));
  const sent = serveApi({
    'GET /api/simulator/status': () => jsonResponse(200, { enabled: true }),
    'GET /api/whatsapp': () =>
      jsonResponse(200, [
        connection({ id: 2, name: 'Real', provider: 'beta' }),
        connection({ id: 4, name: 'Simulada', provider: 'simulator', status: 'qrcode', qrcode: 'qr' }),
      ]),
    [`GET ${CONVERSATION}`]: () => jsonResponse(200, HISTORY),
    'POST /api/simulator/messages': () => jsonResponse(200, { id: 'IN-2' }),
    ...routes,
  });
  renderWithApp(
    <Routes>
      <Route path="/" element={<p>Início</p>} />
      <Route path="/simulator" element={<SimulatorPage />} />
    </Routes>,
    { user: sessionUser({ profile }), route: '/simulator' },
  );
  return { sent, user: userEvent.setup() };
}

const posted = (sent: { method: string; url: string; body: unknown }[], url: string) =>
  sent.filter((s) => s.method === 'POST' && s.url === url).map((s) => s.body);

afterEach(() => vi.unstubAllGlobals());

describe('<SimulatorPage>', { timeout: 20_000 }, () => {
  it('leaves for / when the server runs no simulator', async () => {
    openPage({ 'GET /api/simulator/status': () => jsonResponse(404, { error: 'ERR_NOT_FOUND' }) });
    expect(await screen.findByText('Início')).toBeTruthy();
  });

  it('refuses an agent, whom the server does not let play the network, and sends them on', async () => {
    openPage({}, true, 'user');
    expect(await screen.findByTestId('access-denied')).toBeTruthy();
    expect(screen.queryByTestId('simulator-scan')).toBeNull();
    expect(await screen.findByText('Início', undefined, { timeout: 3_000 })).toBeTruthy();
  });

  it('offers only the simulator connections, and scans the QR of one that shows it', async () => {
    const { sent, user } = openPage({ 'POST /api/simulator/connections/4/scan': () => new Response(null, { status: 204 }) });
    expect(await screen.findByTestId('simulator-scan')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Conexão simulada' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Simulada']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('simulator-scan'));
    await waitFor(() => expect(sent.some((s) => s.method === 'POST' && s.url === '/api/simulator/connections/4/scan')).toBe(true));
  });

  it('asks a disconnected line for a new QR itself, with a hint saying what to do', async () => {
    const { sent, user } = openPage({
      'GET /api/whatsapp': () => jsonResponse(200, [connection({ id: 4, name: 'Simulada', provider: 'simulator', status: 'DISCONNECTED' })]),
      'POST /api/simulator/connections/4/new-qr': () => jsonResponse(200, connection({ id: 4, name: 'Simulada', provider: 'simulator', status: 'DISCONNECTED' })),
    });
    expect((await screen.findByTestId('simulator-disconnected-hint')).textContent).toContain('Clique em Novo QR CODE');
    expect(screen.queryByTestId('simulator-scan')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Novo QR CODE' }));
    await waitFor(() => expect(posted(sent, '/api/simulator/connections/4/new-qr')).toHaveLength(1));
  });

  it('offers no new QR while the line shows one', async () => {
    openPage();
    expect(await screen.findByTestId('simulator-scan')).toBeTruthy();
    expect(screen.queryByTestId('simulator-new-qr')).toBeNull();
    expect(screen.queryByTestId('simulator-disconnected-hint')).toBeNull();
  });

  it('says how to create a simulator connection when the company has none', async () => {
    openPage({ 'GET /api/whatsapp': () => jsonResponse(200, [connection({ id: 2, provider: 'beta' })]) });
    expect((await screen.findByTestId('simulator-no-connection')).textContent).toContain('Simulador');
  });

  it("shows both directions of the customer's chat, with WhatsApp's ticks on the business's messages", async () => {
    openPage();
    const out3 = await screen.findByTestId('simulator-entry-OUT-3');
    expect(screen.getByTestId('simulator-entry-IN-1').dataset.direction).toBe('in');
    expect(out3.dataset.direction).toBe('out');
    const ackOf = (id: string) => within(screen.getByTestId(`simulator-entry-${id}`)).getByTestId('simulator-ack').dataset.ack;
    expect(['OUT-1', 'OUT-2', 'OUT-3', 'OUT-4'].map(ackOf)).toEqual(['1', '2', '3', '4']);
    expect(within(screen.getByTestId('simulator-entry-OUT-4')).getByTestId('simulator-ack').getAttribute('aria-label')).toBe('Reproduzida');
    expect(within(screen.getByTestId('simulator-entry-IN-1')).getByTestId('simulator-seen')).toBeTruthy();
    expect(within(out3).getByTestId('simulator-entry-quote').textContent).toBe('Oi, tudo bem?');
  });

  it('shows WhatsApp formatting as the phone would, and quotes it without the markers', async () => {
    openPage();
    const signed = await screen.findByTestId('simulator-entry-OUT-5');
    expect(signed.querySelector('strong')?.textContent).toBe('Bruno Agente:');
    expect(signed.textContent).not.toContain('*');
    expect(within(screen.getByTestId('simulator-entry-IN-2')).getByTestId('simulator-entry-quote').textContent).toBe('Bruno Agente:\nOlá');
  });

  it('polls the open chat every second', async () => {
    const { sent } = openPage();
    await screen.findByTestId('simulator-entry-IN-1');
    await waitFor(() => expect(sent.filter((s) => s.url === CONVERSATION).length).toBeGreaterThanOrEqual(3), { timeout: 3_500 });
  });

  it('adds a customer by phone number with country code and chats as them', async () => {
    const { sent, user } = openPage({}, false);
    await user.type(await screen.findByTestId('simulator-customer-number'), '1234');
    await user.click(screen.getByTestId('simulator-customer-add'));
    expect(screen.getByText('Informe de 8 a 15 dígitos, com o código do país.')).toBeTruthy();
    await user.clear(screen.getByTestId('simulator-customer-number'));
    await user.type(screen.getByTestId('simulator-customer-number'), '+55 (21) 98888-7777');
    await user.type(screen.getByTestId('simulator-customer-name'), 'João');
    await user.click(screen.getByTestId('simulator-customer-add'));
    expect(screen.getByTestId('simulator-customer-5521988887777').textContent).toContain('João');
    await user.type(screen.getByTestId('simulator-text'), 'Quero um orçamento{Enter}');
    await waitFor(() =>
      expect(posted(sent, '/api/simulator/messages')).toEqual([{ whatsappId: 4, from: '5521988887777', name: 'João', body: 'Quero um orçamento' }]),
    );
    expect(JSON.parse(localStorage.getItem('atende.simulatorCustomers') ?? '[]')).toEqual([{ number: '5521988887777', name: 'João' }]);
  });

  it('replies to an entry with its id as quotedId', async () => {
    const { sent, user } = openPage();
    await user.click(await screen.findByTestId('simulator-reply-OUT-2'));
    expect(screen.getByTestId('simulator-replying').textContent).toContain('Entregue');
    await user.type(screen.getByTestId('simulator-text'), 'Recebi');
    await user.click(screen.getByTestId('simulator-send'));
    await waitFor(() => expect(posted(sent, '/api/simulator/messages')[0]).toMatchObject({ body: 'Recebi', quotedId: 'OUT-2' }));
    await waitFor(() => expect(screen.queryByTestId('simulator-replying')).toBeNull());
  });

  it('sends a file as base64 with its type, a location and a contact card', async () => {
    const { sent, user } = openPage();
    await screen.findByTestId('simulator-entry-IN-1');
    await user.upload(screen.getByTestId('simulator-file'), new File(['hello'], 'foto.png', { type: 'image/png' }));
    expect(screen.getByRole('combobox', { name: 'Enviar como' }).textContent).toBe('Imagem');
    await user.type(screen.getByTestId('simulator-attachment-caption'), 'Olha');
    await user.click(screen.getByTestId('simulator-attachment-send'));
    await waitFor(() =>
      expect(posted(sent, '/api/simulator/messages')[0]).toEqual({
        whatsappId: 4, from: CUSTOMER, name: 'Maria', mediaType: 'image', dataBase64: 'aGVsbG8=', mimeType: 'image/png', fileName: 'foto.png', body: 'Olha',
      }),
    );

    await user.click(screen.getByTestId('simulator-location'));
    await user.click(screen.getByTestId('simulator-location-dialog-send'));
    await waitFor(() => expect(posted(sent, '/api/simulator/messages')[1]).toMatchObject({ latitude: -23.5505, longitude: -46.6333 }));

    await user.click(screen.getByTestId('simulator-contact'));
    await user.type(screen.getByTestId('simulator-contact-name'), 'Pedro');
    await user.type(screen.getByTestId('simulator-contact-number'), '5511977776666');
    await user.click(screen.getByTestId('simulator-contact-dialog-send'));
    await waitFor(() => expect(posted(sent, '/api/simulator/messages')[2]).toMatchObject({ body: 'Pedro' }));
    const vcard = (posted(sent, '/api/simulator/messages')[2] as { vcard: string }).vcard;
    expect(vcard).toContain('FN:Pedro');
    expect(vcard).toContain('waid=5511977776666');
  });

  it('calls the business and injects a fault', async () => {
    const { sent, user } = openPage({
      'POST /api/simulator/calls': () => jsonResponse(200, { id: 'CL-1' }),
      'POST /api/simulator/faults': () => new Response(null, { status: 204 }),
    });
    await user.click(await screen.findByTestId('simulator-call'));
    await waitFor(() => expect(posted(sent, '/api/simulator/calls')).toEqual([{ whatsappId: 4, from: CUSTOMER }]));
    await user.click(screen.getByTestId('simulator-faults'));
    await user.click(await screen.findByTestId('simulator-fault-delay-acks'));
    await waitFor(() => expect(posted(sent, '/api/simulator/faults')).toEqual([{ whatsappId: 4, kind: 'delay-acks' }]));
    expect(await screen.findByText('Falha aplicada: Atrasar as confirmações')).toBeTruthy();
  });
});
