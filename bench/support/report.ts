/** Figures, machine facts and the result file of one bench on one database. */
import { cpus, loadavg, totalmem } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? NaN),
  };
}

export function machine() {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    date: new Date().toISOString(),
    // The cores are shared: the load when the result was written tells how busy the machine was.
    loadAverage1m: Math.round(loadavg()[0] * 100) / 100,
  };
}

const resultsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'results');

export function writeResult(bench: string, db: string, result: Record<string, unknown>): string {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${bench}-${db}.json`);
  writeFileSync(file, `${JSON.stringify({ bench, database: db, machine: machine(), ...result }, null, 2)}\n`);
  return file;
}

export function argValue(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs a bench's main and exits: 0 once its result is written, 1 when it broke. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
