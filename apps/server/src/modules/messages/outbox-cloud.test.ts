import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection, Ticket } from '@atende/contract';
import { buildApp, type BuiltApp } from '../../app.js';
import { metaJson, messagePayload, signBody } from '../../channels/whatsapp/cloud/fake-graph-payloads.js';
import { FakeGraphServer } from '../../channels/whatsapp/cloud/fake-graph-server.js';
import { startTestApp, unique, type ApiClient, type TestApp } from '../../test/harness.js';
import { connectedCloudLine } from '../../test/cloud-line.js';
import { eventually } from '../../test/live-sockets.js';

/**
 * On the Cloud API the message id is Meta's, so nothing on the way can make a second send look
 * like the first: a process that stops after Meta took a message but before the message row said
 * so must not send it again when the next process finds it pending. Counted at the Graph API.
 */
let t: TestApp;
let graph: FakeGraphServer;
let admin: ApiClient;
let connection: Connection;
const CUSTOMER = '5531977776666';

beforeAll(async () => {
  graph = await new FakeGraphServer().listen();
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' }, whatsapp: { cloud: { baseUrl: graph.baseUrl } }, worker: true });
  const company = await t.createCompany();
  admin = t.as(await t.login(company.email, company.password));
  connection = await connectedCloudLine(admin, graph);
});
afterAll(async () => {
  await t.close();
  await graph.close();
});

async function customerWrites(body: string): Promise<Ticket> {
  const payload = messagePayload(
    { phoneNumberId: graph.phoneNumberId },
    { from: CUSTOMER, id: `wamid.in.${unique('m')}`, timestampSec: Math.floor(Date.now() / 1000), content: { type: 'text', text: { body } } },
  );
  const raw = Buffer.from(metaJson(payload), 'utf8');
  const res = await t.request({
    method: 'POST', url: `/api/webhooks/whatsapp-cloud/${connection.id}`,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(raw, graph.appSecret) }, payload: raw,
  });
  expect(res.statusCode, res.body).toBe(200);
  const row = await t.database.db.selectFrom('tickets').select('id').where('whatsappId', '=', connection.id).executeTakeFirstOrThrow();
  return (await admin.put(`/api/tickets/${row.id}`, { action: 'accept' })).json();
}

describe('the outbox on the Cloud API', () => {
  it('does not send again what Meta took before the process stopped', async () => {
    const ticket = await customerWrites('quero o boleto');
    const sent = (await admin.post(`/api/messages/${ticket.id}`, { body: 'segue o boleto' })).json() as { id: number };
    const rowOf = () => t.database.db.selectFrom('messages').selectAll().where('id', '=', String(sent.id)).executeTakeFirstOrThrow();
    await eventually(async () => expect((await rowOf()).delivery).toBe('sent'));
    const first = (await rowOf()).providerMessageId;
    expect(graph.sent).toHaveLength(1);

    // The process stops right after Meta answered, before the row said so: the row is still pending.
    await t.ctx.sessions.stop();
    await t.database.db.updateTable('messages').set({ delivery: 'pending', providerMessageId: null, nextAttemptAt: new Date(0) }).where('id', '=', String(sent.id)).execute();

    const next: BuiltApp = await buildApp({
      config: t.config,
      database: t.database,
      whatsapp: { cloud: { baseUrl: graph.baseUrl } },
      sessions: { nodeId: 'after-restart' },
    });
    try {
      await next.app.ready();
      await next.startWorker();
      await eventually(() => expect(next.ctx.sessions.session(connection.id)?.status).toBe('CONNECTED'));
      await next.parts.outbox.runDue();
      await eventually(async () => expect((await rowOf()).delivery).toBe('sent'));
      expect((await rowOf()).providerMessageId).toBe(first);
      expect(graph.sent).toHaveLength(1);
    } finally {
      await next.app.close();
    }
  });
});
