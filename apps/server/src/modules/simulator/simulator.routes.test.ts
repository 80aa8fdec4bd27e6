import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Connection, SimulatorConversationEntry } from '@atende/contract';
import { ManualClock } from '../../channels/whatsapp/clock.js';
import type { InboundMessage } from '../../channels/whatsapp/provider.js';
import { SimulatorNetwork } from '../../channels/whatsapp/simulator/network.js';
import { startTestApp, unique, type ApiClient, type TestApp } from '../../test/harness.js';
import { eventually } from '../../test/live-sockets.js';
import { loggingChannelHandler, type ChannelEventHandler } from '../connections/connections.events.js';

/** The simulator control API: a contract the e2e journeys and the /simulator page rely on. */
const clock = new ManualClock();
let t: TestApp;
let admin: ApiClient;
let outsider: ApiClient;
let w: Connection;
const received: Array<{ whatsappId: number; companyId: number; message: InboundMessage }> = [];
const calls: string[] = [];

beforeAll(async () => {
  const handler = (log: FastifyBaseLogger): ChannelEventHandler => ({
    ...loggingChannelHandler(log),
    async message(source, message) {
      received.push({ whatsappId: source.whatsappId, companyId: source.companyId, message });
    },
    async call(_source, call) {
      calls.push(call.from);
    },
  });
  t = await startTestApp({
    env: { LOGIN_MAX_PER_IP: '100000', SIMULATOR: '1' },
    whatsapp: { simulator: new SimulatorNetwork({ clock }), simulatorSession: { openDelayMs: 300 } },
    inboundEvents: handler,
    worker: true,
  });
  const company = await t.createCompany();
  admin = t.as(await t.login(company.email, company.password));
  const other = await t.createCompany();
  outsider = t.as(await t.login(other.email, other.password));
  w = (await admin.post('/api/whatsapp', { name: unique('Simulada'), provider: 'simulator' })).json();
});
afterAll(() => t.close());

describe('simulator control API', () => {
  it('tells the web app it is on', async () => {
    const res = await t.request({ method: 'GET', url: '/api/simulator/status' });
    expect(res.json()).toEqual({ enabled: true, forEveryone: false });
  });

  it('scans, then customers write and call, and the conversation shows both directions', async () => {
    await eventually(async () => expect((await admin.get(`/api/whatsapp/${w.id}`)).json().status).toBe('qrcode'));
    expect((await admin.post(`/api/simulator/connections/${w.id}/scan`)).statusCode).toBe(204);
    await clock.advance(300);
    await eventually(async () => expect((await admin.get(`/api/whatsapp/${w.id}`)).json().status).toBe('CONNECTED'));

    const sent = await admin.post('/api/simulator/messages', { whatsappId: w.id, from: '+5511987654321', name: 'Maria', body: 'Oi!' });
    expect(sent.statusCode).toBe(200);
    const { id } = sent.json();
    expect(id).toMatch(/^SIM/);
    await eventually(() => expect(received.map((r) => r.message.providerMessageId)).toContain(id));
    expect(received.find((r) => r.message.providerMessageId === id)).toMatchObject({
      whatsappId: w.id, message: { chatId: '5511987654321@s.whatsapp.net', body: 'Oi!', pushName: 'Maria', kind: 'text', fromMe: false },
    });

    const image = await admin.post('/api/simulator/messages', {
      whatsappId: w.id, from: '5511987654321', mediaType: 'image', mimeType: 'image/png', fileName: 'foto.png',
      dataBase64: Buffer.from('PNGDATA').toString('base64'), body: 'legenda',
    });
    const imageId = image.json().id;
    const stored = await eventually(() => {
      const media = received.find((r) => r.message.providerMessageId === imageId)?.message.media;
      expect(media?.storedAs).toMatch(/\.png$/);
      return media!.storedAs!;
    });
    expect((await admin.get(`/api/media/${stored}`)).rawPayload).toEqual(Buffer.from('PNGDATA'));
    expect((await outsider.get(`/api/media/${stored}`)).statusCode).toBe(404);

    expect((await admin.post('/api/simulator/calls', { whatsappId: w.id, from: '5511987654321' })).statusCode).toBe(200);
    await eventually(() => expect(calls).toContain('5511987654321@s.whatsapp.net'));

    const conversation = (await admin.get(`/api/simulator/conversations/${w.id}/5511987654321`)).json() as SimulatorConversationEntry[];
    expect(conversation.map((e) => [e.direction, e.kind])).toEqual([['in', 'text'], ['in', 'image'], ['in', 'call_log']]);
    expect(conversation[1]).toMatchObject({ media: { mimeType: 'image/png', fileName: 'foto.png', size: 7 } });
  });

  it('switches faults on', async () => {
    const res = await admin.post('/api/simulator/faults', { whatsappId: w.id, kind: 'fail-next-send' });
    expect(res.statusCode).toBe(204);
    const bad = await admin.post('/api/simulator/faults', { whatsappId: w.id, kind: 'meteor' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('kind');
  });

  it('is for admins: an agent can neither play customers nor inject faults', async () => {
    const email = `${unique('agente')}@example.com`;
    expect((await admin.post('/api/users', { name: 'Agente Sim', email, password: 'secret123' })).statusCode).toBe(200);
    const agent = t.as(await t.login(email, 'secret123'));
    for (const res of [
      await agent.post(`/api/simulator/connections/${w.id}/scan`),
      await agent.post('/api/simulator/messages', { whatsappId: w.id, from: '5511999990000', body: 'fingindo ser cliente' }),
      await agent.post('/api/simulator/calls', { whatsappId: w.id, from: '5511999990000' }),
      await agent.get(`/api/simulator/conversations/${w.id}/5511999990000`),
      await agent.post('/api/simulator/faults', { whatsappId: w.id, kind: 'disconnect' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('ERR_NO_PERMISSION');
    }
  });

  it('answers 404 for another company’s connection, a non-simulator one or none, and 400 for bad input', async () => {
    const beta = (await admin.post('/api/whatsapp', { name: unique('Beta') })).json() as Connection;
    for (const id of [w.id, 999_999]) {
      for (const res of [
        await outsider.post(`/api/simulator/connections/${id}/scan`),
        await outsider.post('/api/simulator/messages', { whatsappId: id, from: '5511999990000', body: 'x' }),
        await outsider.post('/api/simulator/calls', { whatsappId: id, from: '5511999990000' }),
        await outsider.get(`/api/simulator/conversations/${id}/5511987654321`),
        await outsider.post('/api/simulator/faults', { whatsappId: id, kind: 'disconnect' }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe('ERR_NO_WAPP_FOUND');
      }
    }
    expect((await admin.post(`/api/simulator/connections/${beta.id}/scan`)).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `/api/simulator/connections/${w.id}/scan` })).statusCode).toBe(401);
    expect((await admin.post('/api/simulator/messages', { whatsappId: w.id, from: 'abc' })).json().fields).toEqual({ from: 'invalid' });
    expect((await admin.get(`/api/simulator/conversations/${w.id}/12`)).statusCode).toBe(400);
    // Connected already: there is no QR to scan.
    expect((await admin.post(`/api/simulator/connections/${w.id}/scan`)).statusCode).toBe(409);
  });
});

describe('on a demo server', () => {
  it('lets an agent play the customers too, and says so to the web app', async () => {
    const demo = await startTestApp({
      env: { LOGIN_MAX_PER_IP: '100000', SIMULATOR: '1', DEMO: '1' },
      whatsapp: { simulator: new SimulatorNetwork({ clock }), simulatorSession: { openDelayMs: 300 } },
    });
    try {
      expect((await demo.request({ method: 'GET', url: '/api/simulator/status' })).json()).toEqual({ enabled: true, forEveryone: true });
      const company = await demo.createCompany();
      const owner = demo.as(await demo.login(company.email, company.password));
      const line = (await owner.post('/api/whatsapp', { name: unique('Demo'), provider: 'simulator' })).json() as Connection;
      const email = `${unique('agente')}@example.com`;
      expect((await owner.post('/api/users', { name: 'Agente Demo', email, password: 'secret123' })).statusCode).toBe(200);
      const agent = demo.as(await demo.login(email, 'secret123'));
      const conversation = await agent.get(`/api/simulator/conversations/${line.id}/5511999990000`);
      expect(conversation.statusCode).toBe(200);
      // Still only the caller's own company's lines.
      const other = await demo.createCompany();
      const stranger = demo.as(await demo.login(other.email, other.password));
      expect((await stranger.get(`/api/simulator/conversations/${line.id}/5511999990000`)).statusCode).toBe(404);
    } finally {
      await demo.close();
    }
  });
});

describe('without the simulator', () => {
  it('has no simulator routes and no simulated network', async () => {
    const plain = await startTestApp();
    try {
      expect((await plain.request({ method: 'GET', url: '/api/simulator/status' })).statusCode).toBe(404);
      expect(plain.ctx.sessions.registry.simulator).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
