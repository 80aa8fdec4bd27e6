/**
 * On PostgreSQL: remembers the slowest SQL statement of each measured case (by wrapping the pg
 * client the server uses), so a case that misses its goal can be explained with
 * EXPLAIN (ANALYZE, BUFFERS) on the very statement and parameters the server ran.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';

interface Statement {
  text: string;
  values: unknown[];
  ms: number;
}

let current: string | null = null;
const slowest = new Map<string, Statement>();

export function watchQueries(): void {
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
    const started = performance.now();
    const result = original.apply(this, args);
    const label = current;
    const config = args[0] as string | { text?: string; values?: unknown[] };
    const text = typeof config === 'string' ? config : config?.text;
    const values = (typeof config === 'string' ? args[1] : config?.values) as unknown[] | undefined;
    if (label && text && result instanceof Promise) {
      void result.then(() => {
        const ms = performance.now() - started;
        const best = slowest.get(label);
        if (!best || ms > best.ms) slowest.set(label, { text, values: values ?? [], ms });
      }, () => undefined);
    }
    return result;
  };
}

/** Statements run from now on count for `label` (null: for none). */
export function measuring(label: string | null): void {
  current = label;
}

/** EXPLAIN (ANALYZE, BUFFERS) of the slowest statement seen for `label`. */
export async function explainSlowest(connectionString: string, label: string): Promise<{ sql: string; ms: number; plan: string[] } | null> {
  const statement = slowest.get(label);
  if (!statement) return null;
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query(`explain (analyze, buffers) ${statement.text}`, statement.values);
    return { sql: statement.text.replace(/\s+/g, ' '), ms: Math.round(statement.ms * 100) / 100, plan: rows.map((r) => r['QUERY PLAN'] as string) };
  } finally {
    await client.end();
  }
}
