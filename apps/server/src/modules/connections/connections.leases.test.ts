import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Connection } from '@atende/contract';
import { ManualClock } from '../../channels/whatsapp/clock.js';
import { createProviderRegistry, type RegistryOptions } from '../../channels/whatsapp/registry.js';
import { SimulatorNetwork } from '../../channels/whatsapp/simulator/network.js';
import { startTestApp, unique, type ApiClient, type TestApp } from '../../test/harness.js';
import { eventually } from '../../test/live-sockets.js';
import { loggingChannelHandler } from './connections.events.js';
import { createSessionManager, type SessionManager } from './connections.sessions.js';

/**
 * Exactly one live session per connection across processes: two session managers on one
 * database (the app's, "node A", and a second one, "node B"), boot and clean shutdown.
 */
const clock = new ManualClock();
const providers: Omit<RegistryOptions, 'simulatorEnabled'> = {
  simulatorSession: { openDelayMs: 300 },
  baileys: { waWebSocketUrl: 'ws://127.0.0.1:9', reconnect: { maxRetries: 0 } },
};
let t: TestApp;
let admin: ApiClient;
let companyId: number;
let nodeA: SessionManager;
const others: SessionManager[] = [];

/** Another server process: its own registry and simulator network, the same database. */
function anotherNode(nodeId: string): SessionManager {
  const registry = createProviderRegistry({ ...providers, simulatorEnabled: true, simulator: new SimulatorNetwork({ clock }) });
  const node = createSessionManager({ db: t.database.db, live: t.ctx.live, log: t.app.log, clock: t.ctx.clock, media: t.ctx.media, registry, handler: loggingChannelHandler(t.app.log) }, { nodeId });
  others.push(node);
  return node;
}

const holderOf = async (id: number) =>
  (await t.database.db.selectFrom('whatsappLeases').select('holder').where('whatsappId', '=', id).executeTakeFirst())?.holder;

async function createSimulator(): Promise<Connection> {
  const res = await admin.post('/api/whatsapp', { name: unique('Simulada'), provider: 'simulator' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await startTestApp({
    env: { LOGIN_MAX_PER_IP: '100000', SIMULATOR: '1' },
    whatsapp: { ...providers, simulator: new SimulatorNetwork({ clock }) },
    sessions: { nodeId: 'node-a' },
    worker: true,
  });
  const company = await t.createCompany();
  companyId = company.companyId;
  admin = t.as(await t.login(company.email, company.password));
  nodeA = t.ctx.sessions;
});
afterAll(async () => {
  for (const node of others) await node.stop();
  await t.close();
});

describe('one live session per connection', () => {
  it('only the lease holder runs the session; after it stops, the other process takes over', async () => {
    const w = await createSimulator();
    await nodeA.idle();
    expect(nodeA.session(w.id)).toBeDefined();
    expect(await holderOf(w.id)).toBe('node-a');

    const nodeB = anotherNode('node-b');
    await nodeB.start();
    await nodeB.poke(w.id);
    expect(nodeB.session(w.id)).toBeUndefined();
    expect(await holderOf(w.id)).toBe('node-a');

    await nodeA.stop();
    expect(nodeA.session(w.id)).toBeUndefined();
    expect(await holderOf(w.id)).toBeUndefined();
    await nodeB.sweep();
    expect(nodeB.session(w.id)).toBeDefined();
    expect(await holderOf(w.id)).toBe('node-b');
    await eventually(async () => expect((await admin.get(`/api/whatsapp/${w.id}`)).json()).toMatchObject({ status: 'qrcode' }));

    // Node A comes back: node B keeps what it holds.
    await nodeA.start();
    expect(nodeA.session(w.id)).toBeUndefined();

    // Node B dies without a word: once its lease has expired, node A takes over and B, when it wakes, lets go.
    await t.database.db.updateTable('whatsappLeases').set({ expiresAt: sql<Date>`clock_timestamp() - interval '1 minute'` }).where('holder', '=', 'node-b').execute();
    await nodeA.sweep();
    expect(nodeA.session(w.id)).toBeDefined();
    expect(await holderOf(w.id)).toBe('node-a');
    await nodeB.sweep();
    expect(nodeB.session(w.id)).toBeUndefined();
    await nodeB.stop();
    expect(await holderOf(w.id)).toBe('node-a');
  });

  it('two processes booting at once start each session exactly once', async () => {
    await nodeA.stop();
    const created = [await createSimulator(), await createSimulator(), await createSimulator()];
    const nodeC = anotherNode('node-c');
    await Promise.all([nodeA.start(), nodeC.start()]);
    for (const w of created) {
      const running = [nodeA.session(w.id), nodeC.session(w.id)].filter(Boolean);
      expect(running).toHaveLength(1);
      expect(await holderOf(w.id)).toBe(nodeA.session(w.id) ? 'node-a' : 'node-c');
    }
    await nodeC.stop();
    await nodeA.sweep();
    for (const w of created) expect(nodeA.session(w.id)).toBeDefined();
  });

  it('a request made where the session does not run is carried out by its holder', async () => {
    const w = await createSimulator();
    await nodeA.idle();
    const running = nodeA.session(w.id);
    const nodeD = anotherNode('node-d'); // an API-only process: never started
    expect(nodeD.running).toBe(false);
    await t.database.db.updateTable('whatsapps').set({ sessionRequest: 'new-qr' }).where('id', '=', w.id).execute();
    await nodeD.poke(w.id);
    expect(nodeA.session(w.id)).toBe(running);
    await nodeA.sweep();
    expect(nodeA.session(w.id)).not.toBe(running);
    expect((await t.database.db.selectFrom('whatsapps').select('sessionRequest').where('id', '=', w.id).executeTakeFirstOrThrow()).sessionRequest).toBe('');
  });
});

describe('after a crash', () => {
  it('a process restarted under the same node id takes its own fresh lease at once; another process waits', async () => {
    await nodeA.stop();
    const w = await createSimulator();
    await t.database.db.updateTable('whatsapps').set({ sessionRequest: '' }).where('id', '=', w.id).execute();
    // Node X crashed right after renewing its lease.
    await t.database.db
      .insertInto('whatsappLeases')
      .values({ whatsappId: w.id, holder: 'node-x', expiresAt: sql<Date>`clock_timestamp() + interval '30 seconds'` })
      .execute();

    const stranger = anotherNode('node-y');
    await stranger.start();
    expect(stranger.session(w.id)).toBeUndefined();
    expect(await holderOf(w.id)).toBe('node-x');

    const restarted = anotherNode('node-x');
    await restarted.start();
    expect(restarted.session(w.id)).toBeDefined();
    expect(await holderOf(w.id)).toBe('node-x');
    await eventually(async () => expect((await admin.get(`/api/whatsapp/${w.id}`)).json()).toMatchObject({ status: 'qrcode' }));

    await stranger.stop();
    await restarted.stop();
    await nodeA.start();
  });
});

describe('boot and shutdown', () => {
  it('boot starts the connections of active companies that were not disconnected; shutdown releases every lease', async () => {
    await nodeA.stop();
    expect(await t.database.db.selectFrom('whatsappLeases').select('holder').execute()).toEqual([]);
    const wanted = await createSimulator();
    const disconnected = await createSimulator();
    expect((await admin.delete(`/api/whatsappsession/${disconnected.id}`)).statusCode).toBe(200);
    const inactive = await t.createCompany();
    const inactiveAdmin = t.as(await t.login(inactive.email, inactive.password));
    const dormant = (await inactiveAdmin.post('/api/whatsapp', { name: 'Dormente', provider: 'simulator' })).json() as Connection;
    await t.database.db.updateTable('companies').set({ status: false }).where('id', '=', inactive.companyId).execute();

    await nodeA.start();
    expect(nodeA.session(wanted.id)).toBeDefined();
    expect(nodeA.session(disconnected.id)).toBeUndefined();
    expect(nodeA.session(dormant.id)).toBeUndefined();
    // The disconnect asked for while no worker ran was carried out at boot.
    const row = await t.database.db.selectFrom('whatsapps').selectAll().where('id', '=', disconnected.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'DISCONNECTED', qrcode: '', sessionRequest: '', autoStart: false });
    expect(await holderOf(disconnected.id)).toBeUndefined();
    expect(companyId).toBeGreaterThan(0);

    await nodeA.stop();
    expect(await t.database.db.selectFrom('whatsappLeases').select('holder').execute()).toEqual([]);
    expect(nodeA.session(wanted.id)).toBeUndefined();
    await eventually(async () => expect((await admin.get(`/api/whatsapp/${wanted.id}`)).json()).toMatchObject({ status: 'DISCONNECTED' }));
    await nodeA.start();
  });
});
