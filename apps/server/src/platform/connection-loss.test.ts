import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { createClient, type RedisClientType } from 'redis';
import { companyEvent } from '@atende/contract';
import { buildApp, type BuiltApp } from '../app.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { eventually, liveSockets } from '../test/live-sockets.js';
import { connectRedis } from './redis.js';

/**
 * The server keeps serving when its database or Redis connections are cut under it: the requests
 * that needed the lost connection answer 503, the next ones 200 again.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const UNAVAILABLE = { error: 'ERR_SERVICE_UNAVAILABLE' };

// PGlite runs inside the process: it has no connection that could be cut.
describe.skipIf(!postgresUrl)('when PostgreSQL drops the server’s connections (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    vi.stubEnv('DATABASE_LOCK_TIMEOUT_MS', '300');
    try {
      t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
    } finally {
      vi.unstubAllEnvs();
    }
  });
  afterAll(() => t?.close());

  const databaseName = () => new URL(t.database.connectionString!).pathname.slice(1);

  async function terminateServerConnections(): Promise<number> {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [databaseName()],
      );
      return rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  it('stays up: requests during the cut answer 200 or 503, and 200 again right after', async () => {
    const company = await t.createCompany();
    const api = t.as(await t.login(company.email, company.password));
    const statuses: number[] = [];
    const bodies = new Set<string>();
    let running = true;
    const traffic = Array.from({ length: 4 }, async () => {
      while (running) {
        const res = await api.get('/api/whatsapp');
        statuses.push(res.statusCode);
        if (res.statusCode !== 200) bodies.add(res.body);
      }
    });
    try {
      await eventually(() => expect(statuses.length).toBeGreaterThan(20));
      expect(await terminateServerConnections()).toBeGreaterThan(0);
      const cutAt = statuses.length;
      await eventually(() => expect(statuses.slice(cutAt + 20).filter((s) => s === 200).length).toBeGreaterThan(10));
      // Idle connections only: the pool hears of each loss and replaces the connection.
      running = false;
      await Promise.all(traffic);
      expect(await terminateServerConnections()).toBeGreaterThan(0);
      await eventually(async () => expect((await api.get('/api/whatsapp')).statusCode).toBe(200));
    } finally {
      running = false;
      await Promise.all(traffic);
    }
    expect(new Set(statuses)).toEqual(new Set(statuses.filter((s) => s === 200 || s === 503)));
    for (const body of bodies) expect(JSON.parse(body)).toEqual(UNAVAILABLE);
  });

  it('answers 503 to a request that waits for a lock longer than the lock timeout, then 200 again', async () => {
    const company = await t.createCompany();
    const api = t.as(await t.login(company.email, company.password));
    const locker = new pg.Client({ connectionString: t.database.connectionString });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table whatsapps in access exclusive mode');
    // Without a lock timeout the request would wait as long as the lock is held: let go eventually.
    const release = setTimeout(() => void locker.query('rollback').catch(() => undefined), 5_000);
    try {
      const res = await api.get('/api/whatsapp');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(UNAVAILABLE);
    } finally {
      clearTimeout(release);
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
    }
    expect((await api.get('/api/whatsapp')).statusCode).toBe(200);
  });
});

describe.skipIf(!postgresUrl || !redisUrl)('when Redis drops the server’s connections (needs TEST_DATABASE_URL and REDIS_URL)', () => {
  // Both instances share one database and one Redis, as two server processes behind a balancer.
  const clientName = `atende-test-${randomBytes(4).toString('hex')}`;
  let a: TestApp;
  let b: BuiltApp;
  let urlB = '';
  const redisClients: RedisClientType[] = [];
  const sockets = liveSockets(() => urlB);

  beforeAll(async () => {
    redisClients.push(await connectRedis(redisUrl!, { name: clientName }), await connectRedis(redisUrl!, { name: clientName }));
    a = await startTestApp({ redis: redisClients[0], env: { LOGIN_MAX_PER_IP: '100000' } });
    b = await buildApp({ config: a.config, database: a.database, redis: redisClients[1] });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const address = b.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    urlB = `http://127.0.0.1:${address.port}`;
  });
  afterEach(() => sockets.closeAll());
  afterAll(async () => {
    await b?.app.close();
    await a?.close();
    for (const client of redisClients) await client.quit().catch(() => undefined);
  });

  /** CLIENT KILL on every connection of both instances (the socket adapter's copies share the name). */
  async function killServerConnections(): Promise<number> {
    const admin = createClient({ url: redisUrl });
    await admin.connect();
    try {
      const list = String(await admin.sendCommand(['CLIENT', 'LIST']));
      const ids = list
        .split('\n')
        .filter((line) => line.includes(` name=${clientName} `))
        .map((line) => /(?:^|\s)id=(\d+)/.exec(line)?.[1])
        .filter((id): id is string => Boolean(id));
      for (const id of ids) await admin.sendCommand(['CLIENT', 'KILL', 'ID', id]);
      return ids.length;
    } finally {
      await admin.quit();
    }
  }

  it('stays up: login still works and live events flow between the instances after the reconnect', async () => {
    const company = await a.createCompany();
    const session = await a.login(company.email, company.password);
    const heardOnB = sockets.record(await sockets.connect(session));
    const event = companyEvent(company.companyId, 'tag');

    expect(await killServerConnections()).toBeGreaterThanOrEqual(4);
    const login = await a.request({ method: 'POST', url: '/api/auth/login', payload: { email: company.email, password: company.password } });
    expect(login.statusCode, login.body).toBe(200);

    a.live.toCompany(company.companyId, 'tag', { action: 'delete', tagId: 424242 });
    await eventually(() => expect(heardOnB.some((e) => e.event === event)).toBe(true), 15_000);
    expect((await a.request({ method: 'POST', url: '/api/auth/login', payload: { email: company.email, password: company.password } })).statusCode).toBe(200);
  });
});
