import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
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
}

const plugins = [new CamelCasePlugin()];

/**
 * Settings of every PostgreSQL session the server opens. No JIT: the inbox's statements take
 * milliseconds, and PostgreSQL compiles a statement to machine code whenever its estimated cost
 * passes a threshold (a text search's fixed estimates often do), which alone takes 20-35 ms.
 */
export const POSTGRES_SESSION_OPTIONS = '-c jit=off';

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      options: POSTGRES_SESSION_OPTIONS,
      max: options.poolSize ?? 20,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === DATE ? (v: string) => v : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    });
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
