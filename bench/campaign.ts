/**
 * Campaigns: (1) queueing a 100,000-contact list (the shipping rows written when the campaign
 * starts) must take under 10 s; (2) pacing with 10 connections: each connection sends one at a
 * time, never two campaign messages closer than the pacing allows, and all of them progress.
 *
 *   tsx --conditions=source bench/campaign.ts --db postgres|pglite [--contacts 100000] [--seconds 30]
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { argValue, runBench, sleep, writeResult } from './support/report.js';
import { createBenchCompany, login, startBenchServer, type BenchDb, type BenchServer } from './support/server.js';

const db = argValue('db', 'postgres') as BenchDb;
const CONTACTS = Number(argValue('contacts', '100000'));
const PACING_SECONDS = Number(argValue('seconds', '30'));
const CONNECTIONS = 10;
const GOALS = { queueSeconds: 10 };

async function api(server: BenchServer, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

async function waitFor(what: string, check: () => Promise<boolean>, ms = 60_000) {
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

/** A list of `count` contacts written in one statement (the import's speed is the contact lists' bench). */
async function bigList(server: BenchServer, token: string, companyId: number, count: number, offset: number): Promise<number> {
  const list = (await api(server, token, 'POST', '/contact-lists', { name: `Lista ${offset}` })) as { id: number };
  await sql`insert into contact_list_items (company_id, contact_list_id, name, number, email)
            select ${companyId}, ${list.id}, 'Pessoa ' || g, (5511900000000 + ${offset} + g)::text, ''
            from generate_series(1, ${count}) g`.execute(server.database.db);
  return list.id;
}

async function main() {
  const server = await startBenchServer(db);
  try {
    const company = await createBenchCompany(server, 'Campanhas Bench');
    const token = await login(server, company.email, company.password);
    const connections = await pairConnections(server, token);
    const status = async (id: number) => ((await api(server, token, 'GET', `/campaigns/${id}`)) as { status: string; counts: { shippings: number } });

    // 1. Queueing: from the dispatcher's pass to the campaign running with every shipping row.
    const listId = await bigList(server, token, company.companyId, CONTACTS, 0);
    const past = new Date(Date.now() - 1000).toISOString();
    const big = (await api(server, token, 'POST', '/campaigns', { name: 'Grande', message1: 'Olá {nome}', contactListId: listId, whatsappId: connections[0], scheduledAt: past })) as { id: number };
    const started = performance.now();
    await server.parts.campaignDispatcher.runDue();
    const queueSeconds = (performance.now() - started) / 1000;
    const queued = (await status(big.id)).counts.shippings;
    if (queued !== CONTACTS) throw new Error(`queued ${queued} of ${CONTACTS}`);
    await api(server, token, 'POST', `/campaigns/${big.id}/cancel`);

    // 2. Pacing: a campaign per connection, messageInterval 5 s, greaterInterval 10 s after 5 sends.
    await api(server, token, 'POST', '/campaign-settings', { messageInterval: 5, longerIntervalAfter: 5, greaterInterval: 10 });
    for (const [i, whatsappId] of connections.entries()) {
      const list = await bigList(server, token, company.companyId, 100, 1_000_000 * (i + 1));
      await api(server, token, 'POST', '/campaigns', { name: `Ritmo ${i}`, message1: 'Oi {nome}', contactListId: list, whatsappId, scheduledAt: new Date(Date.now() - 1000).toISOString() });
    }
    const from = new Date();
    await sleep(PACING_SECONDS * 1000);
    const sends = await server.database.db
      .selectFrom('messages')
      .select(['whatsappId', 'createdAt'])
      .where('idempotencyKey', 'like', 'campaign:%')
      .where('createdAt', '>=', from)
      .orderBy('createdAt')
      .execute();
    const perConnection = connections.map((id) => {
      const times = sends.filter((s) => s.whatsappId === id).map((s) => new Date(s.createdAt).getTime());
      const gaps = times.slice(1).map((t, i) => t - times[i]!);
      return { whatsappId: id, sends: times.length, minGapMs: gaps.length ? Math.min(...gaps) : null };
    });
    const pacingHeld = perConnection.every((c) => c.sends > 0 && c.sends <= 5 * (Math.floor(PACING_SECONDS / 10) + 1));
    const pass = queueSeconds < GOALS.queueSeconds && pacingHeld;
    const file = writeResult('campaign', db, { goals: GOALS, contacts: CONTACTS, queueSeconds: Math.round(queueSeconds * 100) / 100, pacingSeconds: PACING_SECONDS, perConnection, pacingHeld, pass });
    console.log(`queued ${CONTACTS} contacts in ${queueSeconds.toFixed(2)} s; pacing: ${perConnection.map((c) => c.sends).join(', ')} sends per connection; ${file}`);
  } finally {
    await server.close();
  }
}

runBench(main);
