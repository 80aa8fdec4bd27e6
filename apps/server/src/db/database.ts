import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { z } from 'zod';
import { PGliteDialect } from './pglite-dialect.js';
import { migrations } from './migrations/index.js';
import type { DB } from './schema.js';

export type Database = Kysely<DB>;

/** PostgreSQL type ids whose text form we keep as text (same on both engines). */
const INT8 = 20;
const DATE = 1082;
const NUMERIC = 1700;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** The embedded engine, when that is what runs (its data directory can be dumped as a test template). */
  pglite?: PGlite;
  connectionString?: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… ; unset means the embedded PGlite. */
  url?: string;
  /** Folder of the embedded database; unset means in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /** A dump of an already migrated embedded database to start from (tests skip initdb and migrations). */
  template?: Blob;
  log?: DatabaseLog;
}

const plugins = [new CamelCasePlugin()];

/**
 * Settings of every PostgreSQL session the server opens. No JIT: the inbox's statements take
 * milliseconds, and PostgreSQL compiles a statement to machine code whenever its estimated cost
 * passes a threshold (a text search's fixed estimates often do), which alone takes 20-35 ms.
 */
export const POSTGRES_SESSION_OPTIONS = '-c jit=off';

const timeoutsFromEnv = z.object({
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
});

/**
 * No request waits on the database without end: a statement is cancelled after
 * DATABASE_STATEMENT_TIMEOUT_MS, and a wait for a row or table lock after DATABASE_LOCK_TIMEOUT_MS
 * (the caller gets 503 and may try again). 0 turns a limit off.
 */
export function postgresTimeoutOptions(env: NodeJS.ProcessEnv = process.env): string {
  const parsed = timeoutsFromEnv.parse(env);
  return `-c statement_timeout=${parsed.DATABASE_STATEMENT_TIMEOUT_MS} -c lock_timeout=${parsed.DATABASE_LOCK_TIMEOUT_MS}`;
}

/** What a lost or refused database connection reports; the console stands in for the app's logger. */
export interface DatabaseLog {
  warn(details: object, message: string): void;
}
const consoleLog: DatabaseLog = { warn: (details, message) => console.warn(`${message}: ${(details as { err?: Error }).err?.message}`) };

/**
 * A dropped connection (the server restarted, an administrator ended the backend, the network cut)
 * is reported as an 'error' event by the pool (idle connection) or the client (checked out between
 * queries). Unheard, that event ends the process; heard, the pool discards the dead client and
 * opens a fresh one for the next query, while the query that was running fails (answered 503).
 */
function keepServingOnConnectionLoss(pool: pg.Pool, log: DatabaseLog): void {
  const report = (error: Error) => log.warn({ err: error }, 'a database connection was lost; the pool opens a new one');
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      options: `${POSTGRES_SESSION_OPTIONS} ${postgresTimeoutOptions()}`,
      max: options.poolSize ?? 20,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === DATE ? (v: string) => v : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    });
    keepServingOnConnectionLoss(pool, options.log ?? consoleLog);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, kind: 'postgres', connectionString: options.url, close: () => db.destroy() };
  }

  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = join(options.dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create({
    dataDir,
    loadDataDir: options.template,
    parsers: { [INT8]: (v: string) => v, [DATE]: (v: string) => v, [NUMERIC]: (v: string) => v },
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite), plugins });
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

export async function migrateToLatest(db: Database): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

/** Count rows: `count(*)` is int8, which both drivers hand back as text. */
export function countAll() {
  return sql<string>`count(*)`.as('count');
}

const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown: an administrator ended the backend
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '55P03', // lock_not_available: lock_timeout passed
  '57014', // query_canceled: statement_timeout passed
]);
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * The database could not answer now (connection lost or refused, server shutting down, a lock or
 * statement waited past its limit): a retry may succeed, so the caller gets 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e) return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return /Connection terminated|Client has encountered a connection error|Client was closed and is not queryable/.test(message);
}
