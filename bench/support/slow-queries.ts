/**
 * On PostgreSQL: watches the statements the server sends (by wrapping the pg client it uses), so
 * each measured case can be timed inside the database too — EXPLAIN ANALYZE of the very
 * statements and parameters the server ran — which the machine's other load disturbs far less
 * than the HTTP round trip. A case that misses its goal also gets the plan of its slowest statement.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { POSTGRES_SESSION_OPTIONS } from '../../apps/server/src/db/database.js';

interface Statement {
  text: string;
  values: unknown[];
  ms: number;
}

let current: string | null = null;
let statements = 0;
/** Per case: every distinct statement text (with the last parameters seen) and the slowest one. */
const seen = new Map<string, Map<string, Statement>>();
const slowest = new Map<string, Statement>();

/** Statements sent to PostgreSQL since watchQueries() (transaction begin/commit included). */
export const statementCount = () => statements;

export function watchQueries(): void {
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
    const started = performance.now();
    statements++;
    const result = original.apply(this, args);
    const label = current;
    const config = args[0] as string | { text?: string; values?: unknown[] };
    const text = typeof config === 'string' ? config : config?.text;
    const values = ((typeof config === 'string' ? args[1] : config?.values) as unknown[] | undefined) ?? [];
    if (label && text && result instanceof Promise) {
      void result.then(() => {
        const statement = { text, values, ms: performance.now() - started };
        const ofCase = seen.get(label) ?? new Map<string, Statement>();
        ofCase.set(text, statement);
        seen.set(label, ofCase);
        const best = slowest.get(label);
        if (!best || statement.ms > best.ms) slowest.set(label, statement);
      }, () => undefined);
    }
    return result;
  };
}

/** Statements run from now on count for `label` (null: for none). */
export function measuring(label: string | null): void {
  current = label;
}

async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  // The server's own session settings, so a statement is timed as the server runs it.
  const client = new pg.Client({ connectionString, options: POSTGRES_SESSION_OPTIONS });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ');
const round = (ms: number) => Math.round(ms * 100) / 100;

/**
 * The case's statements timed inside PostgreSQL: the median of five EXPLAIN ANALYZE execution
 * times of each (planning included). `totalMs` adds them up, though the list's page and count run
 * side by side.
 */
export async function databaseTime(connectionString: string, label: string) {
  const statementsOfCase = [...(seen.get(label)?.values() ?? [])];
  return withClient(connectionString, async (client) => {
    const timed = [];
    for (const statement of statementsOfCase) {
      const runs: number[] = [];
      for (let i = 0; i < 5; i++) {
        const { rows } = await client.query(`explain (analyze, format json) ${statement.text}`, statement.values);
        const [plan] = rows[0]['QUERY PLAN'] as [{ 'Execution Time': number; 'Planning Time': number }];
        runs.push(plan['Execution Time'] + plan['Planning Time']);
      }
      runs.sort((a, b) => a - b);
      timed.push({ statement: oneLine(statement.text).slice(0, 140), medianMs: round(runs[2]) });
    }
    return { totalMs: round(timed.reduce((sum, t) => sum + t.medianMs, 0)), statements: timed };
  });
}

/** EXPLAIN (ANALYZE, BUFFERS) of the slowest statement seen for `label`. */
export async function explainSlowest(connectionString: string, label: string): Promise<{ sql: string; ms: number; plan: string[] } | null> {
  const statement = slowest.get(label);
  if (!statement) return null;
  return withClient(connectionString, async (client) => {
    const { rows } = await client.query(`explain (analyze, buffers) ${statement.text}`, statement.values);
    return { sql: oneLine(statement.text), ms: round(statement.ms), plan: rows.map((r) => r['QUERY PLAN'] as string) };
  });
}
