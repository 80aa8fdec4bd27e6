/**
 * Campaigns: (1) importing a 100,000-contact list from an .xlsx through the upload route, under
 * 30 s with flat memory; (2) queueing a campaign to that list (its shipping rows written when it
 * starts) under 10 s; (3) pacing 10 connections at once on a clock the bench moves forward: two
 * dispatchers race for every turn, each connection's sends keep exactly the configured pauses,
 * and every simulated phone receives its campaign message once.
 *
 *   tsx --conditions=source bench/campaign.ts --db postgres|pglite [--contacts 100000] [--seconds 120]
 */
import { openAsBlob } from 'node:fs';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'kysely';
import { createCampaignDispatcher } from '../apps/server/src/modules/campaigns/campaign-dispatcher.js';
import { argValue, runBench, sleep, writeResult } from './support/report.js';
import { contactSheet } from './support/contact-sheet.js';
import { createBenchCompany, login, startBenchServer, type BenchDb, type BenchServer } from './support/server.js';

const db = argValue('db', 'postgres') as BenchDb;
const CONTACTS = Number(argValue('contacts', '100000'));
/** Simulated seconds of pacing. */
const PACING_SECONDS = Number(argValue('seconds', '120'));
const CONNECTIONS = 10;
const GOALS = { importSeconds: 30, queueSeconds: 10 };
/** The pacing under test: a random wait up to 5 s (pinned at half: 2.5 s), 10 s after every 5 sends. */
const PACING = { messageInterval: 5, longerIntervalAfter: 5, greaterInterval: 10 };
const RANDOM = 0.5;
const STEP_MS = 250;

/** The server's time: the machine's, plus whatever the bench skipped ahead. */
let skippedMs = 0;
const clock = { now: () => new Date(Date.now() + skippedMs) };

async function api(server: BenchServer, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms = 60_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

async function pairConnections(server: BenchServer, token: string): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= CONNECTIONS; i++) ids.push(((await api(server, token, 'POST', '/whatsapp', { name: `Campanha ${i}`, provider: 'simulator', queueIds: [] })) as { id: number }).id);
  const status = async (id: number) => ((await api(server, token, 'GET', `/whatsapp/${id}`)) as { status: string }).status;
  for (const id of ids) {
    await waitFor(`QR of ${id}`, async () => (await status(id)) === 'qrcode');
    server.network.scan(id);
  }
  for (const id of ids) await waitFor(`connection ${id}`, async () => (await status(id)) === 'CONNECTED');
  return ids;
}

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/**
 * The upload as a user sends it. With `live`, the heap is collected every 250 ms while it runs,
 * so the peak is what the import holds, not garbage V8 has not collected yet (that run is slower
 * and its time is not the import's).
 */
async function importList(server: BenchServer, token: string, listId: number, file: string, live = false) {
  if (live) collectGarbage();
  const base = process.memoryUsage();
  const peak = { rss: base.rss, heapUsed: base.heapUsed };
  const sample = () => {
    if (live) collectGarbage();
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
  };
  const sampler = setInterval(sample, live ? 250 : 20);
  const form = new FormData();
  form.append('file', await openAsBlob(file), 'contatos.xlsx');
  const started = performance.now();
  const cpu = process.cpuUsage();
  const res = await fetch(`${server.url}/api/contact-lists/${listId}/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const seconds = (performance.now() - started) / 1000;
  const spent = process.cpuUsage(cpu);
  clearInterval(sampler);
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${await res.text()}`);
  const { rows, imported, merged, refusedCount } = (await res.json()) as { rows: number; imported: number; merged: number; refusedCount: number };
  // The process's CPU time (parser, server and, on PGlite, the database): what the shared machine's load does not change.
  const cpuSeconds = (spent.user + spent.system) / 1e6;
  return { seconds, cpuSeconds, report: { rows, imported, merged, refusedCount }, memory: { rssBeforeMb: mb(base.rss), rssPeakGrowthMb: mb(peak.rss - base.rss), heapBeforeMb: mb(base.heapUsed), heapPeakGrowthMb: mb(peak.heapUsed - base.heapUsed) } };
}

/** A list of `count` contacts written in one statement (the pacing campaigns' audiences). */
async function smallList(server: BenchServer, token: string, companyId: number, count: number, offset: number): Promise<{ id: number; numbers: string[] }> {
  const list = (await api(server, token, 'POST', '/contact-lists', { name: `Lista ${offset}` })) as { id: number };
  await sql`insert into contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid)
            select ${companyId}, ${list.id}, 'Pessoa ' || g, (5511900000000 + ${offset} + g)::text, '', true
            from generate_series(1, ${count}) g`.execute(server.database.db);
  return { id: list.id, numbers: Array.from({ length: count }, (_, g) => String(5511900000000 + offset + g + 1)) };
}

/** The pause the dispatcher owes after a connection's `sends`-th send. */
const pauseAfter = (sends: number) => (sends % PACING.longerIntervalAfter === 0 ? PACING.greaterInterval * 1000 : Math.floor(RANDOM * PACING.messageInterval * 1000));

async function pacing(server: BenchServer, token: string, companyId: number, connections: number[]) {
  await server.parts.campaignDispatcher.stop();
  await api(server, token, 'POST', '/campaign-settings', PACING);
  skippedMs += 60_000; // every pause owed from before is over
  const before = new Map((await server.database.db.selectFrom('campaignPacing').select(['whatsappId', 'sends']).execute()).map((r) => [r.whatsappId, r.sends]));
  const audiences = new Map<number, string[]>();
  for (const [i, whatsappId] of connections.entries()) {
    const list = await smallList(server, token, companyId, 100, 1_000_000 * (i + 1));
    audiences.set(whatsappId, list.numbers);
    await api(server, token, 'POST', '/campaigns', { name: `Ritmo ${i}`, message1: 'Oi {nome}', contactListId: list.id, whatsappId, scheduledAt: new Date(clock.now().getTime() - 1000).toISOString() });
  }
  // Two dispatchers (as two worker processes would) race for every turn.
  const dispatchers = [createCampaignDispatcher(server.ctx, { random: () => RANDOM }), createCampaignDispatcher(server.ctx, { random: () => RANDOM })];
  let slowestStepMs = 0;
  const startedAt = clock.now();
  const realStart = performance.now();
  while (clock.now().getTime() - startedAt.getTime() < PACING_SECONDS * 1000) {
    skippedMs += STEP_MS;
    const t = performance.now();
    await Promise.all(dispatchers.map((d) => d.runDue()));
    slowestStepMs = Math.max(slowestStepMs, performance.now() - t);
  }
  const realSeconds = (performance.now() - realStart) / 1000;
  const sends = await server.database.db
    .selectFrom('messages')
    .select(['whatsappId', 'createdAt'])
    .where('idempotencyKey', 'like', 'campaign:%')
    .where('createdAt', '>=', startedAt)
    .orderBy('createdAt')
    .execute();
  // Every stored send reaches its phone through the outbox; then each phone is counted.
  const delivered = sends.length;
  const received = () => [...audiences].flatMap(([id, numbers]) => numbers.map((number) => server.network.conversation(id, number).filter((e) => e.direction === 'out').length));
  const phonesReceived = () => received().reduce((a, b) => a + b, 0);
  await waitFor('the outbox to deliver every send', () => phonesReceived() >= delivered, 120_000);
  const phonesWithTwo = received().filter((n) => n > 1).length;
  const perConnection = connections.map((id) => {
    const times = sends.filter((s) => s.whatsappId === id).map((s) => new Date(s.createdAt).getTime());
    const prior = before.get(id) ?? 0;
    // How far each gap is from the pause owed: never under it; over it by at most a step and the step's own time.
    const lateness = times.slice(1).map((t, i) => t - times[i]! - pauseAfter(prior + i + 1));
    return { whatsappId: id, sends: times.length, earliestMs: lateness.length ? Math.min(...lateness) : null, latestMs: lateness.length ? Math.max(...lateness) : null };
  });
  const expectedSends = Math.floor(PACING_SECONDS / ((PACING.longerIntervalAfter - 1) * pauseAfter(1) / 1000 + PACING.greaterInterval)) * PACING.longerIntervalAfter;
  const pacingHeld = phonesWithTwo === 0 && phonesReceived() === delivered && perConnection.every((c) => c.sends >= expectedSends * 0.8 && (c.earliestMs ?? 0) >= 0 && (c.latestMs ?? 0) <= STEP_MS + slowestStepMs);
  return { simulatedSeconds: PACING_SECONDS, realSeconds: Math.round(realSeconds), stepMs: STEP_MS, slowestStepMs: Math.round(slowestStepMs), dispatchers: dispatchers.length, expectedSendsPerConnection: expectedSends, delivered, phonesReceived: phonesReceived(), phonesWithTwo, perConnection, pacingHeld };
}

async function main() {
  const server = await startBenchServer(db, { clock });
  try {
    const company = await createBenchCompany(server, 'Campanhas Bench');
    const token = await login(server, company.email, company.password);
    const connections = await pairConnections(server, token);

    // 1. Import: the .xlsx as a spreadsheet program writes it (shared strings), 1% repeated numbers, 0.5% bad rows.
    const sheet = await contactSheet(CONTACTS);
    const list = (await api(server, token, 'POST', '/contact-lists', { name: 'Grande' })) as { id: number };
    const imported = await importList(server, token, list.id, sheet.file);
    if (imported.report.imported !== CONTACTS) throw new Error(`imported ${imported.report.imported} of ${CONTACTS}: ${JSON.stringify(imported.report)}`);
    // The same file again into a list of its own, measuring the heap the import really holds.
    const copy = (await api(server, token, 'POST', '/contact-lists', { name: 'Cópia' })) as { id: number };
    const held = await importList(server, token, copy.id, sheet.file, true);
    await api(server, token, 'DELETE', `/contact-lists/${copy.id}`);
    sheet.remove();
    console.log(`imported ${CONTACTS} contacts (${imported.report.rows} rows, ${sheet.bytes} bytes) in ${imported.seconds.toFixed(2)} s (${imported.cpuSeconds.toFixed(1)} s of CPU); live heap +${held.memory.heapPeakGrowthMb} MB at most`);

    // 2. Queueing: from the dispatcher's pass to the campaign running with every shipping row.
    const big = (await api(server, token, 'POST', '/campaigns', { name: 'Grande', message1: 'Olá {nome}', contactListId: list.id, whatsappId: connections[0], scheduledAt: new Date(clock.now().getTime() - 1000).toISOString() })) as { id: number };
    const started = performance.now();
    const cpu = process.cpuUsage();
    await server.parts.campaignDispatcher.runDue();
    const queueSeconds = (performance.now() - started) / 1000;
    const queueCpu = process.cpuUsage(cpu);
    const queued = ((await api(server, token, 'GET', `/campaigns/${big.id}`)) as { counts: { shippings: number } }).counts.shippings;
    if (queued !== CONTACTS) throw new Error(`queued ${queued} of ${CONTACTS}`);
    await api(server, token, 'POST', `/campaigns/${big.id}/cancel`);
    console.log(`queued ${CONTACTS} contacts in ${queueSeconds.toFixed(2)} s`);

    // 3. Pacing on 10 connections.
    const paced = await pacing(server, token, company.companyId, connections);
    const pass = imported.seconds < GOALS.importSeconds && queueSeconds < GOALS.queueSeconds && paced.pacingHeld;
    const round = (n: number) => Math.round(n * 100) / 100;
    const file = writeResult('campaign', db, {
      goals: GOALS,
      contacts: CONTACTS,
      import: { seconds: round(imported.seconds), cpuSeconds: round(imported.cpuSeconds), fileBytes: sheet.bytes, ...imported.report, memory: imported.memory, liveMemory: held.memory },
      queueSeconds: round(queueSeconds),
      queueCpuSeconds: round((queueCpu.user + queueCpu.system) / 1e6),
      pacing: { settings: PACING, random: RANDOM, ...paced },
      pass,
    });
    console.log(`pacing: ${paced.perConnection.map((c) => c.sends).join(', ')} sends per connection (expected ${paced.expectedSendsPerConnection}), ${paced.phonesWithTwo} phones served twice; ${file}`);
  } finally {
    await server.close();
  }
}

runBench(main);
