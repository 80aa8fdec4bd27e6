import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { companyEvent, type Connection, type ConnectionEvent, type ConnectionSessionEvent } from '@atende/contract';
import { ManualClock } from '../../channels/whatsapp/clock.js';
import type { ProviderSession, StatusEvent } from '../../channels/whatsapp/provider.js';
import { SimulatorNetwork } from '../../channels/whatsapp/simulator/network.js';
import { SIMULATOR_CAPABILITIES } from '../../channels/whatsapp/simulator/simulator-provider.js';
import { startTestApp, unique, type ApiClient, type TestApp, type TestCompany, type TestSession } from '../../test/harness.js';
import { eventually, liveSockets } from '../../test/live-sockets.js';
import { ensurePlatformAdmin } from '../seed/seed.js';

/**
 * Live sessions through the simulator (manual clock) and Baileys against an unreachable socket:
 * pairing, the events and who hears them, try again / new QR / disconnect, faults and crashes.
 */
const clock = new ManualClock();
let t: TestApp;
let url = '';
let company: TestCompany;
let adminSession: TestSession;
let admin: ApiClient;
const sockets = liveSockets(() => url);

const show = async (id: number): Promise<Connection> => (await admin.get(`/api/whatsapp/${id}`)).json();
const authKeys = async (id: number) =>
  (await t.database.db.selectFrom('whatsappAuthKeys').select('keyId').where('whatsappId', '=', id).execute()).length;

async function expectRow(id: number, expected: Partial<Connection>): Promise<Connection> {
  return eventually(async () => {
    const row = await show(id);
    expect(row).toMatchObject(expected);
    return row;
  });
}

async function createSimulator(api = admin): Promise<Connection> {
  const res = await api.post('/api/whatsapp', { name: unique('Simulada'), provider: 'simulator' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A simulator connection paired and CONNECTED. */
async function paired(): Promise<Connection> {
  const w = await createSimulator();
  await expectRow(w.id, { status: 'qrcode' });
  expect((await admin.post(`/api/simulator/connections/${w.id}/scan`)).statusCode).toBe(204);
  await expectRow(w.id, { status: 'OPENING', qrcode: '' });
  await clock.advance(300);
  return expectRow(w.id, { status: 'CONNECTED' });
}

/** A provider session that fails: its start throws, or it reports a crash. */
function brokenSession(how: 'throws' | 'crashes'): ProviderSession {
  const listeners = new Map<string, (event: StatusEvent) => Promise<void> | void>();
  let status: ProviderSession['status'] = 'DISCONNECTED';
  return {
    kind: 'simulator', connectionId: 0, capabilities: SIMULATOR_CAPABILITIES,
    get status() {
      return status;
    },
    on(event: string, listener: (event: StatusEvent) => void) {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    },
    off() {},
    async start() {
      if (how === 'throws') throw new Error('provider exploded');
      status = 'DISCONNECTED';
      await listeners.get('status')?.({ status: 'DISCONNECTED', retries: 0, reason: 'error' });
    },
    async stop() {},
    async logout() {},
  } as unknown as ProviderSession;
}

beforeAll(async () => {
  t = await startTestApp({
    env: { LOGIN_MAX_PER_IP: '100000', SIMULATOR: '1' },
    whatsapp: {
      simulator: new SimulatorNetwork({ clock }),
      simulatorSession: { qrRotateMs: 20_000, openDelayMs: 300, reconnect: { maxRetries: 2, baseDelayMs: 1_000, jitter: 0 } },
      baileys: { waWebSocketUrl: 'ws://127.0.0.1:9', reconnect: { maxRetries: 1, baseDelayMs: 20, jitter: 0 } },
    },
    worker: true,
  });
  url = await t.listen();
  company = await t.createCompany();
  adminSession = await t.login(company.email, company.password);
  admin = t.as(adminSession);
});
afterEach(() => {
  sockets.closeAll();
  vi.restoreAllMocks();
});
afterAll(() => t.close());

describe('pairing through the simulator', () => {
  it('shows a QR, connects after the scan, and only the company’s admins ever see the QR', async () => {
    const agentInput = { name: 'Agente', email: `${unique('agent')}@example.com`, password: 'secret123' };
    expect((await admin.post('/api/users', agentInput)).statusCode).toBe(200);
    const agentSession = await t.login(agentInput.email, agentInput.password);
    const other = await t.createCompany();
    const otherAdmin = await t.login(other.email, other.password);
    const heardByAdmin = sockets.record(await sockets.connect(adminSession));
    const heardByAgent = sockets.record(await sockets.connect(agentSession));
    const heardByOther = sockets.record(await sockets.connect(otherAdmin));

    const w = await createSimulator();
    const waiting = await expectRow(w.id, { status: 'qrcode', retries: 0 });
    expect(waiting.qrcode).toMatch(/^SIMQR:/);
    expect((await t.as(agentSession).get(`/api/whatsapp/${w.id}`)).json()).not.toHaveProperty('qrcode');

    expect((await admin.post(`/api/simulator/connections/${w.id}/scan`)).statusCode).toBe(204);
    await expectRow(w.id, { status: 'OPENING', qrcode: '' });
    await clock.advance(300);
    const connected = await expectRow(w.id, { status: 'CONNECTED', qrcode: '' });
    expect(connected.number).toMatch(/^55000\d+$/);

    const sessionEvent = companyEvent(company.companyId, 'whatsappSession');
    const statuses = () => heardByAdmin.filter((e) => e.event === sessionEvent).map((e) => (e.payload as ConnectionSessionEvent).session);
    await eventually(() => expect(statuses().map((s) => s.status)).toEqual(['qrcode', 'OPENING', 'CONNECTED']));
    expect(statuses()[0]).toMatchObject({ id: w.id, qrcode: waiting.qrcode, retries: 0 });
    expect(statuses()[2]).toMatchObject({ id: w.id, qrcode: '', updatedAt: expect.any(String) });

    const connectionEvent = companyEvent(company.companyId, 'whatsapp');
    await eventually(() => expect(heardByAgent.some((e) => e.event === connectionEvent && (e.payload as ConnectionEvent).whatsapp?.status === 'CONNECTED')).toBe(true));
    expect(heardByAgent.filter((e) => e.event === sessionEvent)).toEqual([]);
    for (const e of heardByAgent.filter((h) => h.event === connectionEvent)) {
      expect((e.payload as ConnectionEvent).whatsapp).not.toHaveProperty('qrcode');
      expect((e.payload as ConnectionEvent).whatsapp).not.toHaveProperty('token');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heardByOther.filter((e) => e.event.includes('whatsapp') || e.event.startsWith(`company-${company.companyId}-`))).toEqual([]);
  });
});

describe('session commands', () => {
  it('try again on a running session changes nothing', async () => {
    const w = await createSimulator();
    const { qrcode } = await expectRow(w.id, { status: 'qrcode' });
    const running = t.ctx.sessions.session(w.id);
    expect(running).toBeDefined();
    expect((await admin.post(`/api/whatsappsession/${w.id}`)).statusCode).toBe(200);
    await t.ctx.sessions.idle();
    expect(t.ctx.sessions.session(w.id)).toBe(running);
    expect(await show(w.id)).toMatchObject({ status: 'qrcode', qrcode });
  });

  it('disconnect logs out and stays off; try again shows a QR; new QR wipes the pairing', async () => {
    const w = await paired();
    expect(await authKeys(w.id)).toBeGreaterThan(0);
    expect((await admin.delete(`/api/whatsappsession/${w.id}`)).statusCode).toBe(200);
    await t.ctx.sessions.idle();
    await expectRow(w.id, { status: 'DISCONNECTED', qrcode: '' });
    expect(t.ctx.sessions.session(w.id)).toBeUndefined();
    expect(await authKeys(w.id)).toBe(0);
    await t.ctx.sessions.sweep();
    expect(t.ctx.sessions.session(w.id)).toBeUndefined();

    expect((await admin.post(`/api/whatsappsession/${w.id}`)).statusCode).toBe(200);
    await expectRow(w.id, { status: 'qrcode' });
    expect((await admin.post(`/api/simulator/connections/${w.id}/scan`)).statusCode).toBe(204);
    await clock.advance(300);
    await expectRow(w.id, { status: 'CONNECTED' });
    const before = t.ctx.sessions.session(w.id);

    expect((await admin.put(`/api/whatsappsession/${w.id}`)).statusCode).toBe(200);
    await t.ctx.sessions.idle();
    const fresh = await expectRow(w.id, { status: 'qrcode' });
    expect(fresh.qrcode).toMatch(/^SIMQR:/);
    expect(t.ctx.sessions.session(w.id)).not.toBe(before);
  });
});

describe('edits and deletes', () => {
  it('a new provider replaces the session; deleting the connection ends it and wipes its pairing', async () => {
    const w = await paired();
    const simulated = t.ctx.sessions.session(w.id);
    expect(simulated?.kind).toBe('simulator');
    expect((await admin.put(`/api/whatsapp/${w.id}`, { name: 'Agora Beta' })).statusCode).toBe(200);
    await t.ctx.sessions.idle();
    expect(t.ctx.sessions.session(w.id)).toBe(simulated);

    expect((await admin.put(`/api/whatsapp/${w.id}`, { provider: 'beta' })).statusCode).toBe(200);
    await t.ctx.sessions.idle();
    expect(t.ctx.sessions.session(w.id)?.kind).toBe('baileys');
    await expectRow(w.id, { provider: 'beta', status: 'DISCONNECTED' });

    expect((await admin.put(`/api/whatsapp/${w.id}`, { provider: 'simulator' })).statusCode).toBe(200);
    await expectRow(w.id, { status: 'qrcode' });
    expect(await authKeys(w.id)).toBe(0);
    expect((await admin.post(`/api/simulator/connections/${w.id}/scan`)).statusCode).toBe(204);
    await clock.advance(300);
    await expectRow(w.id, { status: 'CONNECTED' });
    expect(await authKeys(w.id)).toBeGreaterThan(0);

    expect((await admin.delete(`/api/whatsapp/${w.id}`)).statusCode).toBe(204);
    await t.ctx.sessions.idle();
    expect(t.ctx.sessions.session(w.id)).toBeUndefined();
    expect(await authKeys(w.id)).toBe(0);
    expect(await t.database.db.selectFrom('whatsappLeases').select('holder').where('whatsappId', '=', w.id).execute()).toEqual([]);
  });
});

describe('faults and crashes', () => {
  it('a phone that stays unreachable is retried without end, with the next attempt shown, and connects once it is back', async () => {
    const w = await paired();
    expect((await admin.post('/api/simulator/faults', { whatsappId: w.id, kind: 'disconnect', failedReconnects: 6 })).statusCode).toBe(204);
    const lost = await expectRow(w.id, { status: 'TIMEOUT', retries: 1 });
    expect(lost.nextRetryAt).toEqual(expect.any(String));
    // Attempts 1, 2, 4, 8, 16 s apart: past the cap of 2 failures it shows DISCONNECTED, still trying.
    await clock.advance(60_000);
    // The attempts the minute made are written one after another: wait for the one still ahead.
    const waiting = await eventually(async () => {
      const row = await show(w.id);
      expect(row).toMatchObject({ status: 'DISCONNECTED', nextRetryAt: expect.any(String) });
      expect(Date.parse(row.nextRetryAt!)).toBeGreaterThan(clock.now());
      return row;
    });
    expect(waiting.retries).toBeGreaterThan(2);
    expect(Date.parse(waiting.nextRetryAt!) - clock.now()).toBeLessThanOrEqual(30_000);
    await clock.advance(120_000);
    await expectRow(w.id, { status: 'CONNECTED', retries: 0, nextRetryAt: null });
    expect((await admin.get('/api/whatsapp')).statusCode).toBe(200);
  });

  it('a disconnect stops the retries of an unreachable phone', async () => {
    const w = await paired();
    expect((await admin.post('/api/simulator/faults', { whatsappId: w.id, kind: 'disconnect', failedReconnects: 100 })).statusCode).toBe(204);
    await expectRow(w.id, { status: 'TIMEOUT', retries: 1 });
    await clock.advance(60_000);
    await expectRow(w.id, { status: 'DISCONNECTED', nextRetryAt: expect.any(String) });
    expect((await admin.delete(`/api/whatsappsession/${w.id}`)).statusCode).toBe(200);
    await t.ctx.sessions.idle();
    const stopped = await expectRow(w.id, { status: 'DISCONNECTED', nextRetryAt: null });
    await clock.advance(10 * 60_000);
    await t.ctx.sessions.idle();
    expect(t.ctx.sessions.session(w.id)).toBeUndefined();
    expect(await show(w.id)).toMatchObject({ status: 'DISCONNECTED', retries: stopped.retries, nextRetryAt: null });
  });

  it('a provider that throws on creation or start, or reports a crash, leaves the connection DISCONNECTED and the server up', async () => {
    const create = vi.spyOn(t.ctx.sessions.registry, 'create');
    create.mockImplementationOnce(() => {
      throw new Error('no such provider today');
    });
    const w = await createSimulator();
    await t.ctx.sessions.idle();
    await expectRow(w.id, { status: 'DISCONNECTED', retries: 1, qrcode: '' });

    create.mockImplementationOnce(() => brokenSession('throws'));
    await admin.post(`/api/whatsappsession/${w.id}`);
    await t.ctx.sessions.idle();
    await expectRow(w.id, { status: 'DISCONNECTED', retries: 2 });

    create.mockImplementationOnce(() => brokenSession('crashes'));
    await admin.post(`/api/whatsappsession/${w.id}`);
    await t.ctx.sessions.idle();
    await expectRow(w.id, { status: 'DISCONNECTED', retries: 3 });

    expect((await admin.get('/api/whatsapp')).statusCode).toBe(200);
    await admin.post(`/api/whatsappsession/${w.id}`);
    await expectRow(w.id, { status: 'qrcode', retries: 0 });
  });

  it('a Baileys connection pointed at an unreachable WhatsApp shows DISCONNECTED, still trying, without hurting the app', async () => {
    const heard = sockets.record(await sockets.connect(adminSession));
    const res = await admin.post('/api/whatsapp', { name: unique('Beta') });
    expect(res.json()).toMatchObject({ provider: 'beta' });
    const w = res.json() as Connection;
    await eventually(async () => expect(await show(w.id)).toMatchObject({ status: 'DISCONNECTED', nextRetryAt: expect.any(String) }), 20_000);
    const sessionEvent = companyEvent(company.companyId, 'whatsappSession');
    const seen = () => heard.filter((e) => e.event === sessionEvent && (e.payload as ConnectionSessionEvent).session.id === w.id);
    await eventually(() =>
      expect(seen().slice(0, 4).map((e) => (e.payload as ConnectionSessionEvent).session.status)).toEqual(['OPENING', 'TIMEOUT', 'OPENING', 'DISCONNECTED']),
    );
    expect((await admin.get('/api/whatsapp')).statusCode).toBe(200);
  });
});

describe('a company that stops working', () => {
  it('has its running sessions stopped when its due date passes, and again when the super user deactivates it', async () => {
    const leaseOf = (id: number) => t.database.db.selectFrom('whatsappLeases').select('holder').where('whatsappId', '=', id).execute();
    const expiring = await t.createCompany({ dueDate: '2999-01-01' });
    const api = t.as(await t.login(expiring.email, expiring.password));
    const w = (await api.post('/api/whatsapp', { name: unique('Vencendo'), provider: 'simulator' })).json() as Connection;
    await eventually(() => expect(t.ctx.sessions.session(w.id)).toBeDefined());

    await t.database.db.updateTable('companies').set({ dueDate: '2001-01-01' }).where('id', '=', expiring.companyId).execute();
    await t.ctx.sessions.sweep();
    await t.ctx.sessions.idle();
    expect(t.ctx.sessions.session(w.id)).toBeUndefined();
    expect(await leaseOf(w.id)).toEqual([]);

    // Paid again: the session comes back on the next sweep; deactivated: it stops without waiting for one.
    await t.database.db.updateTable('companies').set({ dueDate: null }).where('id', '=', expiring.companyId).execute();
    await t.ctx.sessions.sweep();
    await eventually(() => expect(t.ctx.sessions.session(w.id)).toBeDefined());
    await ensurePlatformAdmin(t.database.db, t.config, t.app.log);
    const root = t.as(await t.login(t.config.adminEmail, t.config.adminPassword));
    const row = (await root.get(`/api/companies/${expiring.companyId}`)).json();
    expect((await root.put(`/api/companies/${expiring.companyId}`, { name: row.name, email: row.email, planId: row.planId, status: false })).statusCode).toBe(200);
    await eventually(() => expect(t.ctx.sessions.session(w.id)).toBeUndefined());
    // The lease is given back once the stopped session has closed, just after it leaves the map.
    await eventually(async () => expect(await leaseOf(w.id)).toEqual([]));
  });
});
