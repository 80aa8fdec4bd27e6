/**
 * Read latency of the inbox over a large tenant: GET /tickets with each filter of the ticket
 * manager, GET /messages/{ticketId} and GET /dashboard, through the real HTTP server on loopback
 * (fetch, one request at a time) with real access tokens (an admin and an agent of the company).
 *
 *   tsx --conditions=source bench/api.ts --db postgres|pglite [--samples 100] [--scale 1] [--only <text>]
 *
 * `--only` measures the cases whose name holds the text and writes no result file.
 */
import { performance } from 'node:perf_hooks';
import { argValue, runBench, summary, writeResult } from './support/report.js';
import { createBenchCompany, findBenchCompany, login, startBenchServer, type BenchDb, type BenchServer } from './support/server.js';
import { describeSeeded, FULL_PLAN, ORDER_BASE, SEARCH_NAME, SEARCH_WORD, seed, type SeedPlan } from './support/seed.js';
import { databaseTime, explainSlowest, measuring, watchQueries } from './support/slow-queries.js';

const db = argValue('db', 'postgres') as BenchDb;
const SAMPLES = Number(argValue('samples', '100'));
const WARMUP = 10;
const MIN_SAMPLES = 20;
const CASE_BUDGET_MS = 20_000;
/** 1 is the full plan; smaller scales are for trying the bench itself quickly. */
const SCALE = Number(argValue('scale', '1'));
const GOALS = { listP95Ms: 25, dashboardP95Ms: 100 };
const COMPANY = 'Api Bench';
const ONLY = argValue('only', '');

interface Case {
  name: string;
  path: string;
  as: 'admin' | 'agent';
  goalMs: number;
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

function cases(s: Awaited<ReturnType<typeof seed>>, withDashboard: boolean): Case[] {
  const list = (name: string, query: string, as: Case['as'] = 'admin'): Case => ({ name, path: `/tickets?${query}`, as, goalMs: GOALS.listP95Ms });
  const q = encodeURIComponent;
  const out: Case[] = [
    // Baselines without a goal: the HTTP round trip alone, then with the token check (one query).
    { name: 'baseline: GET /health (no database)', path: '/health', as: 'admin', goalMs: Infinity },
    { name: 'baseline: GET /auth/me (token check)', path: '/auth/me', as: 'admin', goalMs: Infinity },
    list('tickets: agent inbox, status=open', 'status=open', 'agent'),
    list('tickets: agent inbox, status=pending', 'status=pending', 'agent'),
    list('tickets: showAll, status=open', 'status=open&showAll=true'),
    list('tickets: showAll, status=pending', 'status=pending&showAll=true'),
    list('tickets: showAll, status=closed', 'status=closed&showAll=true'),
    list('tickets: showAll, status=closed, page 10', 'status=closed&showAll=true&pageNumber=10'),
    list('tickets: searchParam (an order number in messages)', `searchParam=${q(`pedido ${ORDER_BASE + s.shortTicketId}`)}&showAll=true`),
    list('tickets: searchParam (common word, most tickets match)', `searchParam=${q(SEARCH_WORD)}&showAll=true`),
    list('tickets: searchParam (contact name)', `searchParam=${q(SEARCH_NAME)}&showAll=true`),
    list('tickets: searchParam (number)', 'searchParam=11900000421&showAll=true'),
    list('tickets: agent, searchParam (an order number in messages)', `searchParam=${q(`pedido ${ORDER_BASE + s.shortTicketId}`)}`, 'agent'),
    list('tickets: showAll, no status', 'showAll=true'),
    list('tickets: tags (one)', `tags=${q(JSON.stringify([s.tagIds[0]]))}&showAll=true`),
    list('tickets: tags (two, all required)', `tags=${q(JSON.stringify([s.tagIds[0], s.tagIds[1]]))}&showAll=true`),
    list('tickets: users', `users=${q(JSON.stringify([s.agentIds[0]]))}&showAll=true`),
    list('tickets: queueIds, status=open', `queueIds=${q(JSON.stringify([s.queueIds[0]]))}&status=open&showAll=true`),
    list('tickets: withUnreadMessages', 'withUnreadMessages=true&showAll=true'),
    list('tickets: date (created on a day)', `date=${day(30)}&showAll=true`),
    list('tickets: updatedAt (updated on a day)', `updatedAt=${day(1)}&showAll=true`),
    { name: 'messages: long conversation, page 1', path: `/messages/${s.longTicketId}`, as: 'admin', goalMs: GOALS.listP95Ms },
    { name: 'messages: long conversation, page 20', path: `/messages/${s.longTicketId}?pageNumber=20`, as: 'admin', goalMs: GOALS.listP95Ms },
    { name: 'messages: ordinary conversation', path: `/messages/${s.shortTicketId}`, as: 'admin', goalMs: GOALS.listP95Ms },
  ];
  if (withDashboard) {
    const dash = (name: string, path: string): Case => ({ name, path, as: 'admin', goalMs: GOALS.dashboardP95Ms });
    out.push(
      dash('dashboard: last 30 days', '/dashboard?days=30'),
      dash('dashboard: 180-day range', `/dashboard?date_from=${day(180)}&date_to=${day(0)}`),
      dash('dashboard: 30 days, one attendant', `/dashboard?days=30&user_id=${s.agentIds[0]}`),
      dash('dashboard: ticketsUsers, 30 days', `/dashboard/ticketsUsers?initialDate=${day(30)}&finalDate=${day(0)}`),
      dash('dashboard: ticketsDay, 30 days', `/dashboard/ticketsDay?initialDate=${day(30)}&finalDate=${day(0)}`),
    );
  }
  return out;
}

async function get(server: BenchServer, token: string, path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${server.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
}

/** What the answer holds, to show the case measured real work (not an empty page). */
function sizeOf(body: unknown): number | undefined {
  const b = body as { count?: number; tickets?: unknown[]; messages?: unknown[] };
  return b.count ?? b.tickets?.length ?? b.messages?.length;
}

async function main() {
  const started = Date.now();
  if (db === 'postgres') watchQueries();
  const reuse = argValue('reuse', '') || undefined;
  const server = await startBenchServer(db, { worker: false, keepDatabase: process.argv.includes('--keep'), reuseDatabase: reuse });
  try {
    const company = reuse ? await findBenchCompany(server, COMPANY) : await createBenchCompany(server, COMPANY);
    const plan: SeedPlan = {
      ...FULL_PLAN,
      tickets: Math.round(FULL_PLAN.tickets * SCALE),
      messages: Math.round(FULL_PLAN.messages * SCALE),
      longTickets: Math.max(1, Math.round(FULL_PLAN.longTickets * SCALE)),
      companies: Math.max(2, Math.round(FULL_PLAN.companies * SCALE)),
    };
    const seedStarted = performance.now();
    if (!reuse) console.log(`seeding ${JSON.stringify(plan)}`);
    const seeded = reuse ? await describeSeeded(server.database.db, company.companyId) : await seed(server.database.db, company.companyId, plan, console.log);
    const seedSeconds = reuse ? null : Math.round((performance.now() - seedStarted) / 1000);
    // Fresh tokens per case: access tokens live 15 minutes and slow cases could outlast one.
    const tokenOf = (as: Case['as']) =>
      as === 'admin' ? login(server, company.email, company.password) : login(server, `agente1@c${company.companyId}.bench`, company.password);
    const withDashboard = (await get(server, await tokenOf('admin'), '/dashboard?days=30')).status !== 404;
    const results = [];
    for (const c of cases(seeded, withDashboard).filter((c) => c.name.includes(ONLY))) {
      const token = await tokenOf(c.as);
      const first = await get(server, token, c.path);
      if (first.status !== 200) throw new Error(`${c.name}: ${first.status} ${JSON.stringify(first.body)}`);
      for (let i = 1; i < WARMUP; i++) await get(server, token, c.path);
      measuring(c.name);
      const samples: number[] = [];
      // Bounded: SAMPLES requests, or fewer (never under MIN_SAMPLES) once a case has taken CASE_BUDGET_MS.
      const caseStarted = performance.now();
      for (let i = 0; i < SAMPLES && (i < MIN_SAMPLES || performance.now() - caseStarted < CASE_BUDGET_MS); i++) {
        const t0 = performance.now();
        const res = await fetch(`${server.url}/api${c.path}`, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        samples.push(performance.now() - t0);
      }
      measuring(null);
      const ms = summary(samples);
      const pass = ms.p95 < c.goalMs;
      const goal = Number.isFinite(c.goalMs) ? `p95 < ${c.goalMs} ms` : 'none (baseline)';
      const row = { name: c.name, request: `GET /api${c.path}`, as: c.as, rows: sizeOf(first.body), ms, goal, pass };
      console.log(`${pass ? 'pass' : 'FAIL'}  p50 ${ms.p50}  p95 ${ms.p95}  p99 ${ms.p99} ms  (${row.rows ?? '-'} rows)  ${c.name}`);
      const url = server.database.connectionString;
      const inDatabase = url ? await databaseTime(url, c.name) : null;
      if (inDatabase) console.log(`      in the database: ${inDatabase.totalMs} ms`);
      results.push({ ...row, database: inDatabase, slowestStatement: !pass && url ? await explainSlowest(url, c.name) : undefined });
    }
    if (ONLY) return console.log(`only the cases naming '${ONLY}': no result file written`);
    const file = writeResult('api', db, {
      goal: `p95 < ${GOALS.listP95Ms} ms for GET /tickets (each filter) and GET /messages/{ticketId}; p95 < ${GOALS.dashboardP95Ms} ms for GET /dashboard; over a company with ${plan.tickets} tickets`,
      pass: results.every((r) => r.pass),
      setup: {
        seed: reuse ? `reused ${reuse} (seeded by an earlier run)` : plan,
        seedSeconds,
        transport: 'real HTTP server on 127.0.0.1, fetch (undici), one request at a time; access tokens from POST /api/auth/login',
        samplesPerCase: `${SAMPLES} (at least ${MIN_SAMPLES}; fewer when a case passes ${CASE_BUDGET_MS / 1000} s)`,
        warmupPerCase: WARMUP,
        dashboard: withDashboard ? 'measured' : 'not present (GET /dashboard answered 404)',
      },
      cases: results,
      durationSeconds: Math.round((Date.now() - started) / 1000),
    });
    console.log(`written ${file}`);
  } finally {
    await server.close();
  }
}

runBench(main);
