import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { companyCreateInput, type planInput } from '@atende/contract';
import type { z } from 'zod';
import { buildApp, type AppOptions, type BuiltApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../db/database.js';
import type { Clock } from '../platform/clock.js';
import { createCompanyWithAdmin } from '../modules/companies/companies.service.js';
import { forgetSettings } from '../modules/settings/settings.service.js';

/**
 * A fresh app on a fresh database for one test file: embedded PGlite in memory by default, or a
 * new database on the server named by TEST_DATABASE_URL (created here, dropped on close).
 */
export interface TestApp extends BuiltApp {
  config: Config;
  database: DatabaseHandle;
  /** Calls the API as-is (no token). */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A client that sends `token` as bearer on every call. */
  as(session: TestSession): ApiClient;
  createPlan(input?: PlanFields): Promise<number>;
  /** A company on a plan (every feature, no limits unless given) with its admin; returns ids and credentials. */
  createCompany(input?: Partial<z.output<typeof companyCreateInput>> & { plan?: PlanFields }): Promise<TestCompany>;
  login(email: string, password: string): Promise<TestSession>;
  /** Listens on a random port (for socket tests); answers the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

type PlanFields = Partial<z.output<typeof planInput>>;

export interface TestCompany {
  companyId: number;
  planId: number;
  adminId: number;
  email: string;
  password: string;
}

export interface TestSession {
  token: string;
  /** `jrt=…` as a Cookie header value. */
  cookie: string;
  userId: number;
  companyId: number;
  sessionId: string;
}

export interface ApiClient {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

async function createTestDatabase(): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const template = process.env.ATENDE_PGLITE_TEMPLATE;
    const handle = await openDatabase({ template: template ? new Blob([readFileSync(template)]) : undefined });
    return { handle, drop: async () => undefined };
  }
  const name = `atende_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 10 });
  return {
    handle,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // pg's pool.end() resolves before its sockets are closed: wait for the backends to leave, or
      // the forced drop terminates them mid-goodbye and their clients raise an unhandled 57P01.
      for (let i = 0; i < 100; i++) {
        const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

let uniq = 0;
export const unique = (prefix: string) => `${prefix}-${process.pid}-${++uniq}-${randomBytes(2).toString('hex')}`;

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  accessTokenTtlSeconds?: number;
  /** WhatsApp provider defaults: a simulator network (with a manual clock), Baileys socket URL... */
  whatsapp?: AppOptions['whatsapp'];
  /** Session manager options (node id, lease timings). */
  sessions?: AppOptions['sessions'];
  /** Redis for live events and login throttling (tests of several app instances). */
  redis?: AppOptions['redis'];
  /** In place of the conversation engine: where the sessions hand inbound events. */
  inboundEvents?: AppOptions['inboundEvents'];
  /** Run the worker role (sessions, outbox, timers, schedules start); off by default, so no test opens a session by accident. */
  worker?: boolean;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-0123456789abcdef',
    JWT_REFRESH_SECRET: 'test-refresh-0123456789abcdef',
    DEMO: 'false',
    WEB_DIST: join(dataDir, 'no-web'),
    ...options.env,
  });
  const { handle, drop } = await createTestDatabase();
  await migrateToLatest(handle.db);
  forgetSettings();
  const built = await buildApp({
    config,
    database: handle,
    clock: options.clock,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    // No test ever reaches the real WhatsApp: Baileys points at a closed local port unless a test says otherwise.
    whatsapp: { baileys: { waWebSocketUrl: 'ws://127.0.0.1:9', reconnect: { maxRetries: 0 } }, ...options.whatsapp },
    sessions: options.sessions,
    inboundEvents: options.inboundEvents,
    redis: options.redis,
  });
  await built.app.ready();
  if (options.worker) await built.startWorker();

  const request = (opts: InjectOptions) => built.app.inject(opts);
  const as = (session: TestSession): ApiClient => {
    const call = (method: InjectOptions['method'], url: string, body?: unknown) =>
      request({ method, url, headers: { authorization: `Bearer ${session.token}` }, ...(body === undefined ? {} : { payload: body as object }) });
    return {
      get: (url) => call('GET', url),
      post: (url, body) => call('POST', url, body ?? {}),
      put: (url, body) => call('PUT', url, body ?? {}),
      delete: (url) => call('DELETE', url),
    };
  };

  const createPlan: TestApp['createPlan'] = async (input = {}) => {
    const row = await handle.db
      .insertInto('plans')
      .values({ name: unique('plan'), users: 0, connections: 0, queues: 0, value: 0, ...input })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  const createCompany: TestApp['createCompany'] = async ({ plan, ...input } = {}) => {
    const planId = input.planId ?? (await createPlan(plan));
    const email = input.email ?? `${unique('admin')}@example.com`;
    const password = input.password ?? 'secret123';
    const { company, admin } = await createCompanyWithAdmin(
      handle.db,
      companyCreateInput.parse({ name: unique('company'), ...input, email, password, planId }),
    );
    return { companyId: company.id, planId, adminId: admin.id, email, password };
  };

  const login: TestApp['login'] = async (email, password) => {
    const res = await request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    const body = res.json();
    const jrt = res.cookies.find((c) => c.name === 'jrt');
    const claims = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString());
    return { token: body.token, cookie: `jrt=${jrt?.value}`, userId: body.user.id, companyId: body.user.companyId, sessionId: claims.sid };
  };

  const listen = async () => {
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const address = built.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    return `http://127.0.0.1:${address.port}`;
  };

  const close = async () => {
    await built.app.close();
    await handle.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  return { ...built, config, database: handle, request, as, createPlan, createCompany, login, listen, close };
}
