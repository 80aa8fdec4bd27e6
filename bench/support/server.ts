/**
 * The server as production runs it (same config loader, migrations and app), on a database of its
 * own: a new PostgreSQL database on the local server (dropped at the end) or an embedded PGlite in
 * a temporary DATA_DIR, listening on loopback.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { companyCreateInput } from '@atende/contract';
import { buildApp, type BuiltApp } from '../../apps/server/src/app.js';
import type { Clock } from '../../apps/server/src/platform/clock.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database.js';
import { createCompanyWithAdmin } from '../../apps/server/src/modules/companies/companies.service.js';
import type { SimulatorNetwork } from '../../apps/server/src/channels/whatsapp/simulator/network.js';

export type BenchDb = 'postgres' | 'pglite';

/** The local PostgreSQL the benches create their databases on (trust auth on loopback). */
export const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchServer extends BuiltApp {
  url: string;
  database: DatabaseHandle;
  network: SimulatorNetwork;
  close(): Promise<void>;
  /** Drops the database and the data folder even while the app is still busy (after close() timed out). */
  abandon(): Promise<void>;
}

async function createDatabase(kind: BenchDb, dataDir: string, keep: boolean, reuse?: string): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  if (kind === 'pglite') return { handle: await openDatabase({ dataDir }), drop: async () => undefined };
  const name = reuse ?? `atende_bench_${randomBytes(4).toString('hex')}`;
  if (!/^atende_bench_\w+$/.test(name)) throw new Error(`not a bench database: ${name}`);
  if (!reuse) {
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  // The production default pool (DATABASE_POOL_SIZE).
  const handle = await openDatabase({ url: url.toString(), poolSize: loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(16), JWT_REFRESH_SECRET: 'y'.repeat(16) }).databasePoolSize });
  return {
    handle,
    drop: async () => {
      if (keep || reuse) {
        console.log(`kept the database ${url}`);
        return;
      }
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * `worker`: run the WhatsApp sessions (the ingest bench); the API bench does without.
 * `keepDatabase`: leave the PostgreSQL database in place (to study its plans afterwards);
 * `reuseDatabase`: run on a bench database kept by an earlier run (migrated to the latest first);
 * `clock`: the server's time (a bench that moves time forward itself).
 */
export async function startBenchServer(
  kind: BenchDb,
  options: { worker?: boolean; keepDatabase?: boolean; reuseDatabase?: string; clock?: Clock } = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JWT_SECRET: randomBytes(24).toString('hex'),
    JWT_REFRESH_SECRET: randomBytes(24).toString('hex'),
    DEMO: 'false',
    SIMULATOR: '1',
    LOGIN_MAX_PER_IP: '100000',
    WEB_DIST: join(dataDir, 'no-web'),
  });
  const { handle, drop } = await createDatabase(kind, dataDir, options.keepDatabase ?? false, options.reuseDatabase);
  await migrateToLatest(handle.db);
  const built = await buildApp({ config, database: handle, clock: options.clock });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server has no address');
  if (options.worker ?? true) await built.startWorker();
  return {
    ...built,
    url: `http://127.0.0.1:${address.port}`,
    database: handle,
    network: built.ctx.sessions.registry.simulator!,
    close: async () => {
      await built.app.close();
      await handle.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    abandon: async () => {
      // The forced drop cuts the connections the busy app still uses: their errors are expected
      // now, and the process is about to exit.
      process.on('uncaughtException', () => undefined);
      process.on('unhandledRejection', () => undefined);
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface BenchCompany {
  companyId: number;
  email: string;
  password: string;
}

const PASSWORD = 'bench-secret';
const emailOf = (company: string) => `admin@${company.toLowerCase().replace(/\W+/g, '-')}.bench`;

/** A company on an unlimited plan with its admin (the same service the platform's signup uses). */
export async function createBenchCompany(server: BenchServer, name: string): Promise<BenchCompany> {
  const plan = await server.database.db
    .insertInto('plans')
    .values({ name: `${name} plan`, users: 0, connections: 0, queues: 0, value: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const email = emailOf(name);
  const password = PASSWORD;
  const { company } = await createCompanyWithAdmin(server.database.db, companyCreateInput.parse({ name, email, password, planId: plan.id }));
  return { companyId: company.id, email, password };
}

/** The company createBenchCompany made on a database kept by an earlier run. */
export async function findBenchCompany(server: BenchServer, name: string): Promise<BenchCompany> {
  const company = await server.database.db.selectFrom('companies').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return { companyId: company.id, email: emailOf(name), password: PASSWORD };
}

/** A real access token from POST /api/auth/login over HTTP. */
export async function login(server: { url: string }, email: string, password: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
