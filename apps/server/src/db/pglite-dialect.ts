import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * Kysely dialect for the embedded PGlite database.
 *
 * PGlite has one backend. A bare `BEGIN` sent through `pglite.query` would let any other query
 * issued meanwhile (another request, a background sweep) run inside that transaction. Transactions here go
 * through `pglite.transaction()`, which holds PGlite's own lock until commit or rollback, so other
 * queries wait instead of leaking in. Corollary: inside a transaction, use the transaction object,
 * never the outer `db` (that query would wait for the lock the transaction holds).
 *
 * PGlite runs on this thread and answers in microtasks: a backlog of queries would otherwise run
 * back to back without the event loop ever turning, starving sockets and timers (an agent's
 * socket.io connection drops after its ping timeout). Queries therefore step aside to the event
 * loop once they have held it for TURN_MS.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class RollbackSignal extends Error {}

const TURN_MS = 10;

/** Lets timers and I/O run once the database has kept the thread busy for TURN_MS. */
class EventLoopTurns {
  private since = performance.now();
  private turn: Promise<void> | null = null;

  async take(): Promise<void> {
    if (this.turn) return this.turn;
    if (performance.now() - this.since < TURN_MS) return;
    this.turn = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.turn = null;
      this.since = performance.now();
    });
    return this.turn;
  }
}

class PGliteConnection implements DatabaseConnection {
  private tx: Transaction | null = null;
  private finish: ((commit: boolean) => void) | null = null;
  private done: Promise<unknown> | null = null;

  constructor(
    private readonly pglite: PGlite,
    private readonly turns: EventLoopTurns,
  ) {}

  async begin(): Promise<void> {
    await this.turns.take();
    let started!: () => void;
    const ready = new Promise<void>((resolve) => (started = resolve));
    this.done = this.pglite
      .transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            this.tx = tx;
            this.finish = (commit) => (commit ? resolve() : reject(new RollbackSignal()));
            started();
          }),
      )
      .catch((error) => {
        if (!(error instanceof RollbackSignal)) throw error;
      });
    // If BEGIN itself fails, `done` rejects before `ready` resolves.
    await Promise.race([ready, this.done]);
  }

  async end(commit: boolean): Promise<void> {
    const done = this.done;
    this.finish?.(commit);
    this.tx = null;
    this.finish = null;
    this.done = null;
    await done;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    await this.turns.take();
    const target = this.tx ?? this.pglite;
    const result = await target.query<R>(compiled.sql, compiled.parameters as unknown[]);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      numAffectedRows: affected === undefined ? undefined : BigInt(affected),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported on the embedded database');
  }
}

class PGliteDriver implements Driver {
  private readonly turns = new EventLoopTurns();
  constructor(private readonly pglite: PGlite) {}
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PGliteConnection(this.pglite, this.turns);
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).begin();
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end(true);
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end(false);
  }
  async releaseConnection() {}
  async destroy() {}
}

export { CompiledQuery };
