import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExternalSendResult } from '@atende/contract';
import { pairedConnection, settle, startWorld, type World } from '../../test/conversation-world.js';
import { multipart } from '../../test/multipart.js';
import { unique } from '../../test/harness.js';

/**
 * POST /api/messages/send: a connection's token sends text and files to a number through the
 * outbox; the simulated phone receives them once, whatever the retries; a token reaches its own
 * company only.
 */
let w: World;
let whatsappId: number;
let token: string;

beforeAll(async () => {
  w = await startWorld();
  whatsappId = await pairedConnection(w);
  token = (await w.admin.get(`/api/whatsapp/${whatsappId}`)).json().token;
});
afterAll(async () => {
  await w.t.close();
});

let n = 0;
const newNumber = () => `55319${String(50000000 + ++n).padStart(8, '0')}`;
const send = (payload: unknown, headers: Record<string, string> = {}, bearer = token) =>
  w.t.request({ method: 'POST', url: '/api/messages/send', headers: { authorization: `Bearer ${bearer}`, ...headers }, payload: payload as string });
const received = (number: string, id = whatsappId) => w.network.conversation(id, number).filter((e) => e.direction === 'out');

describe('sending through the messages API', () => {
  it('sends a text to a new number: contact and pending ticket created, the phone receives it once', async () => {
    const number = newNumber();
    const res = await send({ number: `+${number.slice(0, 2)} (${number.slice(2, 4)}) ${number.slice(4)}`, body: 'Olá pela API' });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as ExternalSendResult;
    expect(result).toMatchObject({ number, messages: [{ body: 'Olá pela API', fromMe: true, delivery: 'pending' }] });
    await settle(w);
    expect(received(number).map((e) => e.body)).toEqual(['Olá pela API']);
    const ticket = await w.t.database.db.selectFrom('tickets').selectAll().where('id', '=', result.ticketId).executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({ companyId: w.company.companyId, whatsappId, status: 'pending', contactId: result.contactId });
    // A second message goes to the same contact and ticket.
    const again = (await send({ number, body: 'segunda' })).json() as ExternalSendResult;
    expect(again).toMatchObject({ ticketId: result.ticketId, contactId: result.contactId });
  });

  it('sends files as multipart (`medias`), the text as the first caption', async () => {
    const number = newNumber();
    const form = multipart([
      { name: 'number', value: number },
      { name: 'body', value: 'segue o arquivo' },
      { name: 'medias', file: Buffer.from('%PDF-1.4 relatório'), fileName: 'relatorio.pdf', type: 'application/pdf' },
      { name: 'medias', file: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), fileName: 'foto.jpg', type: 'image/jpeg' },
    ]);
    const res = await send(form.payload, form.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ExternalSendResult).messages).toMatchObject([
      { mediaType: 'application', body: 'segue o arquivo' },
      { mediaType: 'image', body: '' },
    ]);
    await settle(w);
    const phone = received(number);
    expect(phone.map((e) => e.media?.mimeType)).toEqual(['application/pdf', 'image/jpeg']);
    expect(phone[0]).toMatchObject({ body: 'segue o arquivo', media: { fileName: 'relatorio.pdf' } });
  });

  it('honours the Idempotency-Key: the same key answers the same message and the phone gets it once', async () => {
    const number = newNumber();
    const key = unique('pedido');
    const first = await send({ number, body: 'uma vez só' }, { 'idempotency-key': key });
    const second = await send({ number, body: 'uma vez só' }, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect((second.json() as ExternalSendResult).messages.map((m) => m.id)).toEqual((first.json() as ExternalSendResult).messages.map((m) => m.id));
    await settle(w);
    expect(received(number)).toHaveLength(1);
    const reused = await send({ number: newNumber(), body: 'outro' }, { 'idempotency-key': key });
    expect([reused.statusCode, reused.json()]).toEqual([409, { error: 'ERR_IDEMPOTENCY_KEY_REUSED' }]);
  });

  it('sends files once for a repeated Idempotency-Key', async () => {
    const number = newNumber();
    const form = () => multipart([
      { name: 'number', value: number },
      { name: 'medias', file: Buffer.from('linha 1\nlinha 2'), fileName: 'lista.txt', type: 'text/plain' },
    ]);
    const key = unique('arquivo');
    const answers = [];
    for (let i = 0; i < 2; i += 1) {
      const { payload, headers } = form();
      const res = await send(payload, { ...headers, 'idempotency-key': key });
      expect(res.statusCode, res.body).toBe(200);
      answers.push((res.json() as ExternalSendResult).messages.map((m) => m.id));
    }
    expect(answers[1]).toEqual(answers[0]);
    await settle(w);
    expect(received(number).map((e) => e.media?.size)).toEqual([15]);
  });

  it('closes the ticket when asked, and opens a new ticket for the given user and queue', async () => {
    const queue = (await w.admin.post('/api/queue', { name: unique('Fila').slice(0, 40), color: '#336699' })).json().id as number;
    const closed = (await send({ number: newNumber(), body: 'encerrado', closeTicket: true, queueId: queue, userId: w.company.adminId })).json() as ExternalSendResult;
    const row = await w.t.database.db.selectFrom('tickets').selectAll().where('id', '=', closed.ticketId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'closed', queueId: queue, userId: w.company.adminId });
    await settle(w);
    expect((await w.t.database.db.selectFrom('messages').select('delivery').where('id', '=', String(closed.messages[0].id)).executeTakeFirstOrThrow()).delivery).toBe('sent');
  });
});

describe('refusals', () => {
  it('answers a clear error for each failure', async () => {
    const cases: Array<[Parameters<typeof send>, number, string]> = [
      [[{ number: newNumber(), body: 'x' }, {}, 'not-a-token'], 401, 'ERR_INVALID_API_TOKEN'],
      [[{ number: '12', body: 'x' }], 400, 'ERR_VALIDATION'],
      [[{ number: newNumber(), body: '  ' }], 400, 'ERR_VALIDATION'],
      [[{ number: '5531990000404', body: 'x' }], 400, 'ERR_WAPP_INVALID_CONTACT'],
      [[{ number: newNumber(), body: 'x', userId: 999999 }], 400, 'ERR_VALIDATION'],
    ];
    for (const [args, status, error] of cases) {
      const res = await send(...args);
      expect([res.statusCode, res.json().error], JSON.stringify(args[0])).toEqual([status, error]);
    }
    const noBearer = await w.t.request({ method: 'POST', url: '/api/messages/send', payload: { number: newNumber(), body: 'x' } });
    expect([noBearer.statusCode, noBearer.json()]).toEqual([401, { error: 'ERR_INVALID_API_TOKEN' }]);
  });

  it('refuses a file above the limit while it streams in', async () => {
    const form = multipart([
      { name: 'number', value: newNumber() },
      { name: 'medias', file: Buffer.alloc(16 * 1024 * 1024 + 1, 1), fileName: 'grande.bin', type: 'application/octet-stream' },
    ]);
    const res = await send(form.payload, form.headers);
    expect([res.statusCode, res.json().error]).toEqual([413, 'ERR_FILE_TOO_LARGE']);
  });

  it('refuses a connection that is not connected, and a plan without useExternalApi', async () => {
    const idle = (await w.admin.post('/api/whatsapp', { name: unique('Parada'), provider: 'simulator' })).json();
    const res = await send({ number: newNumber(), body: 'x' }, {}, idle.token);
    expect([res.statusCode, res.json().error]).toEqual([409, 'ERR_WAPP_NOT_INITIALIZED']);

    const other = await w.t.createCompany({ plan: { useExternalApi: false } });
    const otherAdmin = w.t.as(await w.t.login(other.email, other.password));
    const theirs = (await otherAdmin.post('/api/whatsapp', { name: unique('Sem API'), provider: 'simulator' })).json();
    const refused = await send({ number: newNumber(), body: 'x' }, {}, theirs.token);
    expect([refused.statusCode, refused.json().error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED']);
  });

  it("answers the login's 402 when the company no longer works", async () => {
    const other = await w.t.createCompany();
    const otherAdmin = w.t.as(await w.t.login(other.email, other.password));
    const theirs = (await otherAdmin.post('/api/whatsapp', { name: unique('Inativa'), provider: 'simulator' })).json();
    await w.t.database.db.updateTable('companies').set({ status: false }).where('id', '=', other.companyId).execute();
    const res = await send({ number: newNumber(), body: 'x' }, {}, theirs.token);
    expect([res.statusCode, res.json().error]).toEqual([402, 'ERR_COMPANY_INACTIVE']);
  });

  it('throttles each token', async () => {
    const busy = await pairedConnection(w);
    const busyToken = (await w.admin.get(`/api/whatsapp/${busy}`)).json().token as string;
    let last = 0;
    for (let i = 0; i <= 60; i += 1) last = (await send({ number: '1', body: 'x' }, {}, busyToken)).statusCode;
    expect(last).toBe(429);
    const refused = await send({ number: '1', body: 'x' }, {}, busyToken);
    expect([refused.json().error, Number(refused.headers['retry-after'])]).toEqual(['ERR_TOO_MANY_REQUESTS', expect.any(Number)]);
    // Another token is not slowed down by it.
    expect((await send({ number: '1', body: 'x' })).statusCode).toBe(400);
  });
});

describe('between companies', () => {
  it("another company's token reaches only its own contacts, tickets, queues and users", async () => {
    const number = newNumber();
    const ours = (await send({ number, body: 'nossa' })).json() as ExternalSendResult;
    const other = await w.t.createCompany();
    const otherAdmin = w.t.as(await w.t.login(other.email, other.password));
    const otherConnection = await pairedConnection(w, [], otherAdmin);
    const otherToken = (await otherAdmin.get(`/api/whatsapp/${otherConnection}`)).json().token as string;

    const refused = await send({ number, body: 'x', userId: w.company.adminId }, {}, otherToken);
    expect([refused.statusCode, refused.json().fields]).toEqual([400, { userId: 'invalid' }]);
    const theirs = (await send({ number, body: 'deles' }, {}, otherToken)).json() as ExternalSendResult;
    expect(theirs.contactId).not.toBe(ours.contactId);
    expect(theirs.ticketId).not.toBe(ours.ticketId);
    const contact = await w.t.database.db.selectFrom('contacts').selectAll().where('id', '=', theirs.contactId).executeTakeFirstOrThrow();
    expect(contact.companyId).toBe(other.companyId);
    const ourMessages = await w.t.database.db.selectFrom('messages').select('body').where('ticketId', '=', ours.ticketId).execute();
    expect(ourMessages.map((m) => m.body)).toEqual(['nossa']);
    await settle(w);
    expect(received(number, otherConnection).map((e) => e.body)).toEqual(['deles']);
    expect(received(number).map((e) => e.body)).toEqual(['nossa']);
  });
});
