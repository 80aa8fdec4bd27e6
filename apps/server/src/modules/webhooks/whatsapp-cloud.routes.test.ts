import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Connection } from '@atende/contract';
import { FakeGraphServer } from '../../channels/whatsapp/cloud/fake-graph-server.js';
import { metaJson, signBody } from '../../channels/whatsapp/cloud/fake-graph-payloads.js';
import type { InboundMessage } from '../../channels/whatsapp/provider.js';
import { startTestApp, unique, type ApiClient, type TestApp } from '../../test/harness.js';
import { connectedCloudLine } from '../../test/cloud-line.js';
import { eventually } from '../../test/live-sockets.js';
import { loggingChannelHandler } from '../connections/connections.events.js';

/**
 * Meta's webhook for Cloud connections: the verify-token challenge, the
 * signature over the raw bytes, and 200 only after the event was stored.
 */
let t: TestApp;
let graph: FakeGraphServer;
let admin: ApiClient;
let w: Connection;
const stored: InboundMessage[] = [];
let failStorage = false;

const path = (id: number) => `/api/webhooks/whatsapp-cloud/${id}`;

function post(id: number, payload: unknown, signature?: string | null) {
  const body = Buffer.from(metaJson(payload), 'utf8');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const sig = signature === undefined ? signBody(body, graph.appSecret) : signature;
  if (sig !== null) headers['x-hub-signature-256'] = sig;
  return t.request({ method: 'POST', url: path(id), headers, payload: body });
}

beforeAll(async () => {
  graph = await new FakeGraphServer().listen();
  t = await startTestApp({
    env: { LOGIN_MAX_PER_IP: '100000' },
    whatsapp: { cloud: { baseUrl: graph.baseUrl } },
    inboundEvents: (log) => ({
      ...loggingChannelHandler(log),
      async message(_source, message) {
        if (failStorage) throw new Error('database down');
        stored.push(message);
      },
    }),
    worker: true,
  });
  const company = await t.createCompany();
  admin = t.as(await t.login(company.email, company.password));
  w = await connectedCloudLine(admin, graph);
});
afterAll(async () => {
  await t.close();
  await graph.close();
});
beforeEach(() => {
  stored.length = 0;
  failStorage = false;
});

describe('the verify-token challenge', () => {
  it('echoes the challenge only for the connection’s verify token', async () => {
    const { verifyToken } = w.cloud!;
    const ok = await t.request({ method: 'GET', url: `${path(w.id)}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(verifyToken)}&hub.challenge=1158201444` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.request({ method: 'GET', url: `${path(w.id)}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1` });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
  });

  it('knows only Cloud connections', async () => {
    const beta = (await admin.post('/api/whatsapp', { name: unique('Beta') })).json() as Connection;
    for (const id of [beta.id, 999_999]) {
      expect((await t.request({ method: 'GET', url: `${path(id)}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1` })).statusCode).toBe(404);
      expect((await post(id, { object: 'whatsapp_business_account', entry: [] })).statusCode).toBe(404);
    }
    expect((await t.request({ method: 'GET', url: '/api/webhooks/whatsapp-cloud/abc' })).statusCode).toBe(404);
  });
});

describe('deliveries', () => {
  it('accepts a signed delivery once the message is stored, non-ASCII text included', async () => {
    const { id, payload } = graph.customerMessage({ from: '5511987654321', name: 'João', content: { type: 'text', text: { body: 'Olá, ação ✓ /ok' } } });
    const res = await post(w.id, payload);
    expect(res.statusCode).toBe(200);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ providerMessageId: id, body: 'Olá, ação ✓ /ok', pushName: 'João', chatId: '5511987654321@s.whatsapp.net' });
    expect(stored[0].stale).toBe(false);
  });

  it('refuses forged and unsigned deliveries with 401 and stores nothing', async () => {
    const { payload } = graph.customerMessage({ from: '5511987654321', content: { type: 'text', text: { body: 'forjada' } } });
    const forged = signBody(Buffer.from(metaJson(payload)), 'not-the-app-secret');
    for (const signature of [forged, null, 'sha256=zz', '']) {
      const res = await post(w.id, payload, signature);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    }
    // The signature covers the bytes as sent (non-ASCII escaped): one over re-serialised JSON does not match.
    const accented = graph.customerMessage({ from: '5511987654321', content: { type: 'text', text: { body: 'forjada, ação' } } }).payload;
    expect((await post(w.id, accented, signBody(Buffer.from(JSON.stringify(accented)), graph.appSecret))).statusCode).toBe(401);
    expect((await post(w.id, payload, forged)).statusCode).toBe(401);
    expect(stored).toEqual([]);
  });

  it('answers 500 when storing failed, so Meta delivers again', async () => {
    const { id, payload } = graph.customerMessage({ from: '5511987654321', content: { type: 'text', text: { body: 'de novo' } } });
    failStorage = true;
    expect((await post(w.id, payload)).statusCode).toBe(500);
    failStorage = false;
    expect((await post(w.id, payload)).statusCode).toBe(200);
    expect(stored.map((m) => m.providerMessageId)).toEqual([id]);
  });

  it('hands late deliveries on flagged stale', async () => {
    const { payload } = graph.customerMessage({
      from: '5511987654321', content: { type: 'text', text: { body: 'velha' } }, timestampSec: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await post(w.id, payload)).statusCode).toBe(200);
    expect(stored[0]).toMatchObject({ body: 'velha', stale: true });
  });

  it('answers 404 when the connection’s session does not run in this process', async () => {
    expect((await admin.delete(`/api/whatsappsession/${w.id}`)).statusCode).toBe(200);
    await t.ctx.sessions.idle();
    const { payload } = graph.customerMessage({ from: '5511987654321', content: { type: 'text', text: { body: 'ninguém' } } });
    expect((await post(w.id, payload)).statusCode).toBe(404);
    expect((await post(w.id, payload, null)).statusCode).toBe(401);
    expect(stored).toEqual([]);
  });
});
