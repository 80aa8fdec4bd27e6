import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from './channels/whatsapp/clock.js';
import { createProviderRegistry } from './channels/whatsapp/registry.js';
import { SimulatorNetwork } from './channels/whatsapp/simulator/network.js';
import { buildApp, type BuiltApp } from './app.js';
import type { Role } from './config.js';
import { createSessionManager } from './modules/connections/connections.sessions.js';
import { startTestApp, unique, type TestApp } from './test/harness.js';

/**
 * The composition root starts, per role, exactly the parts of that role (ROLES), and closing the
 * app stops everything it started. Every app here shares one database, as processes of one
 * deployment would.
 */
const clock = new ManualClock(Date.parse('2026-03-02T12:00:00Z'));
const network = new SimulatorNetwork({ clock });
let t: TestApp;
let whatsappId: number;
const apps: BuiltApp[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { SIMULATOR: '1', LOGIN_MAX_PER_IP: '100000' }, whatsapp: { simulator: network } });
  const company = await t.createCompany();
  const admin = t.as(await t.login(company.email, company.password));
  // A connection that wants its session: whoever runs the worker role takes it.
  const res = await admin.post('/api/whatsapp', { name: unique('Simulada'), provider: 'simulator' });
  expect(res.statusCode, res.body).toBe(200);
  whatsappId = res.json().id;
});
afterEach(async () => {
  while (apps.length) await apps.pop()!.app.close();
  vi.restoreAllMocks();
});
afterAll(() => t.close());

/** A process with these roles on the shared database, started as main.ts starts it. */
async function processWith(roles: Role[]): Promise<{ built: BuiltApp; base: string }> {
  const built = await buildApp({
    config: { ...t.config, roles: new Set(roles) },
    database: t.database,
    clock: { now: () => new Date(clock.now()) },
    whatsapp: { simulator: network },
    sessions: { nodeId: `node-${roles.join('-')}` },
  });
  apps.push(built);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  await built.start();
  const address = built.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { built, base: `http://127.0.0.1:${address.port}` };
}

const apiAnswers = async (base: string) => (await fetch(`${base}/api/health`)).status !== 404;
// Without the socket the path is an unknown page (404); with it, socket.io refuses a plain GET (400).
const socketAnswers = async (base: string) => (await fetch(`${base}/socket.io/?EIO=4&transport=websocket`)).status !== 404;
const leaseHolder = async () =>
  (await t.database.db.selectFrom('whatsappLeases').select('holder').where('whatsappId', '=', whatsappId).executeTakeFirst())?.holder;

const WORKER_PARTS = ['whatsapp-sessions', 'outbox', 'ticket-timers', 'schedule-sender', 'contact-list-number-check', 'invoices', 'campaign-dispatcher', 'prompt-agent', 'integration-agent', 'webhook-deliveries'];

describe('roles', () => {
  it('api only: serves the API, no socket, opens no session and runs no loop', async () => {
    const { built, base } = await processWith(['api']);
    expect(await apiAnswers(base)).toBe(true);
    expect(await socketAnswers(base)).toBe(false);
    expect(built.parts.running()).toEqual([]);
    expect(built.ctx.sessions.running).toBe(false);
    await built.ctx.sessions.sweep();
    expect(await leaseHolder()).toBeUndefined();
  });

  it('realtime only: serves the socket and nothing else', async () => {
    const { built, base } = await processWith(['realtime']);
    expect(await socketAnswers(base)).toBe(true);
    expect(await apiAnswers(base)).toBe(false);
    expect(built.parts.running()).toEqual([]);
    expect(built.ctx.sessions.running).toBe(false);
  });

  it('worker only: runs the sessions and the loops, serves neither API nor socket', async () => {
    const { built, base } = await processWith(['worker']);
    expect(built.parts.running()).toEqual(WORKER_PARTS);
    expect(built.ctx.sessions.running).toBe(true);
    expect(await leaseHolder()).toBe('node-worker');
    expect(await apiAnswers(base)).toBe(false);
    expect(await socketAnswers(base)).toBe(false);
  });

  it('all three (the default): everything, as one process', async () => {
    const { built, base } = await processWith(['api', 'realtime', 'worker']);
    expect(await apiAnswers(base)).toBe(true);
    expect(await socketAnswers(base)).toBe(true);
    expect(built.parts.running()).toEqual(WORKER_PARTS);
    expect(await leaseHolder()).toBe('node-api-realtime-worker');
  });
});

describe('closing', () => {
  it('stops every loop it started and releases the leases', async () => {
    const started = new Set<unknown>();
    const cleared = new Set<unknown>();
    const setInterval = globalThis.setInterval;
    const clearInterval = globalThis.clearInterval;
    vi.spyOn(globalThis, 'setInterval').mockImplementation(((...args: Parameters<typeof setInterval>) => {
      const handle = setInterval(...args);
      started.add(handle);
      return handle;
    }) as typeof setInterval);
    vi.spyOn(globalThis, 'clearInterval').mockImplementation(((handle: Parameters<typeof clearInterval>[0]) => {
      cleared.add(handle);
      return clearInterval(handle);
    }) as typeof clearInterval);

    const { built } = await processWith(['api', 'realtime', 'worker']);
    // The prompt and integration agents run no loop of their own: stopping them waits for answers under way.
    expect(started.size).toBeGreaterThanOrEqual(WORKER_PARTS.filter((name) => !name.endsWith('-agent')).length);
    await built.app.close();
    apps.pop();
    expect([...started].filter((handle) => !cleared.has(handle))).toEqual([]);
    expect(built.parts.running()).toEqual([]);
    expect(built.ctx.sessions.running).toBe(false);
    expect(await leaseHolder()).toBeUndefined();
  });
});

describe('the session manager', () => {
  it('cannot be built without the handler of inbound events', () => {
    const registry = createProviderRegistry({ simulatorEnabled: true, simulator: network });
    const deps = { db: t.database.db, live: t.ctx.live, log: t.app.log, clock: t.ctx.clock, media: t.ctx.media, registry };
    // @ts-expect-error the handler is required: without it customers' messages would be lost
    expect(() => createSessionManager(deps)).toThrow(/handler of inbound events/);
  });
});
