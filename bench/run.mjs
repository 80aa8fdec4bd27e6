#!/usr/bin/env node
/**
 * `npm run bench [-- <bench...>] [--db postgres|pglite|all] [bench options]`: runs each bench on
 * each database, one after another, each in its own process (tsx over the server's source, so a
 * bench always measures the code as it is). Results land in bench/results/<bench>-<db>.json.
 *
 *   node bench/run.mjs                      every bench on both databases
 *   node bench/run.mjs api --db postgres    one bench on one database
 *   node bench/run.mjs ingest --seconds 10  options after the names go to the bench
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const BENCHES = ['ingest', 'api', 'web', 'campaign', 'reliability'];
const DATABASES = ['postgres', 'pglite'];

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(2, 10).join('\n').replace(/^ \*\/?/gm, ''));
  process.exit(0);
}
const names = [];
const passOn = [];
let db = 'all';
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--db') db = args[++i];
  else if (BENCHES.includes(args[i]) && passOn.length === 0) names.push(args[i]);
  else passOn.push(args[i]);
}
if (![...DATABASES, 'all'].includes(db)) {
  console.error(`--db must be one of ${DATABASES.join(', ')} or all`);
  process.exit(2);
}
const benches = names.length ? names : BENCHES;
const databases = db === 'all' ? DATABASES : [db];
const tsx = join(root, 'node_modules', '.bin', 'tsx');
if (!existsSync(tsx)) {
  console.error('tsx is missing: run npm ci first');
  process.exit(2);
}

const outcomes = [];
for (const bench of benches) {
  for (const database of databases) {
    console.log(`\n=== ${bench} on ${database}`);
    const run = spawnSync(tsx, ['--conditions=source', join(here, `${bench}.ts`), '--db', database, ...passOn], { cwd: root, stdio: 'inherit' });
    const file = join(here, 'results', `${bench}-${database}.json`);
    const result = run.status === 0 && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
    outcomes.push({ bench, database, status: run.status === 0 ? (result?.pass ? 'pass' : 'goal missed') : `failed (exit ${run.status})` });
  }
}
console.log('\n=== summary');
for (const o of outcomes) console.log(`${o.bench.padEnd(8)} ${o.database.padEnd(9)} ${o.status}`);
process.exit(outcomes.some((o) => o.status.startsWith('failed')) ? 1 : 0);
