import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from '@atende/contract';
import { ManualClock } from '../../channels/whatsapp/clock.js';
import { SimulatorNetwork } from '../../channels/whatsapp/simulator/network.js';
import { startTestApp, unique, type ApiClient, type TestApp } from '../../test/harness.js';
import { eventually } from '../../test/live-sockets.js';

/** A demo server: the simulated line waits for its scan however long it takes, and the page can ask for a new QR. */
const clock = new ManualClock();
let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
let outsider: ApiClient;

const statusOf = async (id: number) => (await admin.get(`/api/whatsapp/${id}`)).json() as Connection & { qrcode?: string };

beforeAll(async () => {
  t = await startTestApp({
    env: { LOGIN_MAX_PER_IP: '100000', DEMO: 'true' },
    whatsapp: { simulator: new SimulatorNetwork({ clock }), simulatorSession: { qrRotateMs: 20_000, openDelayMs: 300 } },
    worker: true,
  });
  const company = await t.createCompany();
  admin = t.as(await t.login(company.email, company.password));
  const agentInput = { name: 'Agente', email: `${unique('agent')}@example.com`, password: 'secret123', profile: 'user' };
  expect((await admin.post('/api/users', agentInput)).statusCode).toBe(200);
  agent = t.as(await t.login(agentInput.email, agentInput.password));
  const other = await t.createCompany();
  outsider = t.as(await t.login(other.email, other.password));
});
afterAll(() => t.close());

describe('the demo line', () => {
  it('keeps offering fresh QRs long past the five a real line shows, and pairs when scanned', async () => {
    const w: Connection = (await admin.post('/api/whatsapp', { name: unique('Demo'), provider: 'simulator' })).json();
    const first = await eventually(async () => {
      const row = await statusOf(w.id);
      expect(row.status).toBe('qrcode');
      return row.qrcode;
    });
    // Ten minutes nobody scans: thirty QRs, none of them the last.
    for (let step = 0; step < 30; step++) {
      await clock.advance(20_000);
      await t.ctx.sessions.idle();
    }
    const later = await eventually(async () => {
      const row = await statusOf(w.id);
      expect(row.status).toBe('qrcode');
      expect(row.qrcode).not.toBe(first);
      return row;
    });
    expect(later.qrcode).toMatch(/^SIMQR:/);
    expect((await admin.post(`/api/simulator/connections/${w.id}/scan`)).statusCode).toBe(204);
    await clock.advance(300);
    await eventually(async () => expect((await statusOf(w.id)).status).toBe('CONNECTED'));
  });

  it('gives a disconnected line a new QR from the simulator page, to anyone of the company on a demo server', async () => {
    const w: Connection = (await admin.post('/api/whatsapp', { name: unique('Demo'), provider: 'simulator' })).json();
    await eventually(async () => expect((await statusOf(w.id)).status).toBe('qrcode'));
    expect((await admin.delete(`/api/whatsappsession/${w.id}`)).statusCode).toBe(200);
    await t.ctx.sessions.idle();
    await eventually(async () => expect((await statusOf(w.id)).status).toBe('DISCONNECTED'));

    const foreign = await outsider.post(`/api/simulator/connections/${w.id}/new-qr`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'ERR_NO_WAPP_FOUND' });
    await t.ctx.sessions.idle();
    expect((await statusOf(w.id)).status).toBe('DISCONNECTED');

    // On a demo server the agent trying the product may ask for it too (everyone plays the phone).
    const asked = await agent.post(`/api/simulator/connections/${w.id}/new-qr`);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ id: w.id });
    await t.ctx.sessions.idle();
    await eventually(async () => expect((await statusOf(w.id)).status).toBe('qrcode'));
    expect((await admin.post(`/api/simulator/connections/${w.id}/scan`)).statusCode).toBe(204);
    await clock.advance(300);
    await eventually(async () => expect((await statusOf(w.id)).status).toBe('CONNECTED'));
  });
});
