/**
 * The inbox in a real browser over a busy company: Chromium opens the production build served
 * by the production server (apps/server/dist/main.js, `npm run build` first) on a fresh database
 * seeded with 5,000 tickets and a 10,000-message conversation, and measures what an agent waits
 * for: /tickets until the list shows, a ticket opened by its address until its last message shows, switching tickets until their last message shows, and the
 * longest main-thread task while scrolling the long conversation and the ticket list.
 *
 *   tsx --conditions=source bench/web.ts --db pglite|postgres [--loads 5] [--switches 12]
 */
import { chromium, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../apps/server/src/db/database.js';
import { awaitText, clickUntil, clickUntilAt, firstSeen, longTasks, probes, resetLongTasks, scrollFor, textSeen, waterfall, type Step } from './support/browser.js';
import { argValue, runBench, summary, writeResult } from './support/report.js';
import { seed } from './support/seed.js';
import { traced } from './support/trace.js';
import { createBenchCompany, POSTGRES_ADMIN_URL, type BenchDb, type BenchServer } from './support/server.js';

const db = argValue('db', 'pglite') as BenchDb;
const LOADS = Number(argValue('loads', '5'));
const SWITCHES = Number(argValue('switches', '12'));
const TICKETS = 5_000;
const LONG_CONVERSATION = 10_000;
const GOALS = { listShownMs: 1_000, switchMs: 300, coldOpenMs: 500, longTaskMs: 100 };
const root = new URL('..', import.meta.url).pathname;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ITEM = '[data-testid^="ticket-item-"]';
const SCROLL_STEP_PX = 120;
const SCROLL_FRAMES = 600;
/** `--profile <file>`: also writes where the main thread spent its time opening /tickets and switching (a build without --minify names the functions). */
const PROFILE = argValue('profile', '');
/** `--trace <file>`: also writes what the main thread did (scripts, style, layout, paint) opening a ticket by its address. */
const TRACE = argValue('trace', '');

interface Seeded {
  email: string;
  password: string;
  /** The long conversation first, then ordinary open tickets at the top of the list. */
  tickets: { id: number; uuid: string; lastBody: string }[];
}

/** The company, its 5k tickets (the shared seed) and one conversation of 10k messages, all open tickets the admin's. */
async function seedCompany(handle: DatabaseHandle): Promise<Seeded> {
  await migrateToLatest(handle.db);
  // createBenchCompany only needs the database of a bench server.
  const company = await createBenchCompany({ database: handle } as unknown as BenchServer, 'Web Bench');
  await seed(handle.db, company.companyId, { companies: 1, tickets: TICKETS, messages: TICKETS * 4, longTickets: 0, neighbourTickets: 0, neighbourMessages: 0 }, console.log);
  const admin = await handle.db.selectFrom('users').select('id').where('companyId', '=', company.companyId).where('profile', '=', 'admin').executeTakeFirstOrThrow();
  await sql`update tickets set user_id = ${admin.id}, unread_messages = 0 where company_id = ${company.companyId} and status = 'open'`.execute(handle.db);
  const open = (await sql<{ id: number; uuid: string }>`select id, uuid from tickets where company_id = ${company.companyId} and status = 'open' order by id limit 6`.execute(handle.db)).rows;
  const [long, ...others] = open;
  await sql`insert into messages (company_id, ticket_id, contact_id, whatsapp_id, cycle_id, provider_message_id, from_me, body,
      media_type, ack, read, delivery, sent_at, created_at, updated_at)
    select t.company_id, t.id, t.contact_id, t.whatsapp_id, t.current_cycle_id, 'LONG' || g, g % 2 = 0,
      'mensagem ' || g || ' da conversa longa, sobre pedido, entrega e pagamento', 'chat', case when g % 2 = 0 then 3 else 0 end, true,
      case when g % 2 = 0 then 'sent' else 'received' end, (extract(epoch from now()) * 1000)::bigint - (${LONG_CONVERSATION} - g) * 1000,
      now() - (${LONG_CONVERSATION} - g) * interval '1 second', now()
    from tickets t, generate_series(1, ${LONG_CONVERSATION}) g where t.id = ${long.id}`.execute(handle.db);
  // The measured tickets are the most recent, so they sit at the top of the list.
  for (const [index, ticket] of open.entries()) {
    await sql`update tickets set updated_at = now() - ${index} * interval '1 minute', last_message_at = now() - ${index} * interval '1 minute' where id = ${ticket.id}`.execute(handle.db);
  }
  await sql`analyze`.execute(handle.db);
  const lastBody = async (id: number) =>
    (await sql<{ body: string }>`select body from messages where ticket_id = ${id} order by sent_at desc, id desc limit 1`.execute(handle.db)).rows[0].body;
  const tickets = [];
  for (const t of [long, ...others]) tickets.push({ id: Number(t.id), uuid: t.uuid, lastBody: await lastBody(t.id) });
  return { email: company.email, password: company.password, tickets };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The production server on the seeded database; answers its URL and how to stop it. */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: { ...(process.env as Record<string, string>), ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO: '0', SIMULATOR: '0', LOGIN_MAX_PER_IP: '100000' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); ; ) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() - started > 120_000) throw new Error('the server did not start in 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, stop: () => new Promise((r) => (server.once('exit', r), server.kill('SIGTERM'))) };
}

/** Self time per function (and per script) of a V8 CPU profile, the heaviest first. */
function heaviest(profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples: number[]; timeDeltas: number[] }) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const fns = new Map<string, number>();
  const scripts = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const script = frame.url.replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\.js$/, '') || '(native)';
    const key = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber}`;
    fns.set(key, (fns.get(key) ?? 0) + ms);
    scripts.set(script, (scripts.get(script) ?? 0) + ms);
  });
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(1).padStart(7)} ms  ${k}`);
  return { functions: top(fns, 40), scripts: top(scripts, 15) };
}

async function profiled<T>(page: Page, label: string, run: () => Promise<T>): Promise<T> {
  if (!PROFILE) return run();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const result = await run();
  const { profile } = await cdp.send('Profiler.stop');
  const summary = heaviest(profile as Parameters<typeof heaviest>[0]);
  appendFileSync(PROFILE, `\n=== ${label}\n${summary.scripts.join('\n')}\n---\n${summary.functions.join('\n')}\n`);
  await cdp.detach();
  return result;
}

async function measure(page: Page, url: string, seeded: Seeded) {
  let messagePages = 0;
  let ticketPages = 0;
  page.on('request', (request) => {
    if (request.method() !== 'GET') return;
    if (request.url().includes('/api/messages/')) messagePages++;
    else if (/\/api\/tickets\?/.test(request.url())) ticketPages++;
  });
  await page.goto(`${url}/login`);
  await page.getByTestId('login-email').fill(seeded.email);
  await page.getByTestId('login-password').fill(seeded.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/tickets/);
  await page.waitForSelector(ITEM);

  // Opening /tickets (the bundle cached after the first load, as for an agent who comes back).
  // The slowest wait of each kind is kept step by step (requests and long tasks), to see what it waited on.
  const waits: Record<'listShown' | 'coldOpen' | 'switchFirstVisit' | 'switchRevisit', { ms: number; steps: Step[] } | null> = { listShown: null, coldOpen: null, switchFirstVisit: null, switchRevisit: null };
  const keepSlowest = async (kind: keyof typeof waits, ms: number, from: number) => {
    if (!waits[kind] || ms > waits[kind].ms) waits[kind] = { ms: Math.round(ms), steps: await waterfall(page, from, from + ms) };
  };
  const listShown: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const ms = await profiled(page, `opening /tickets ${i + 1}`, async () => {
      await page.goto(`${url}/tickets`);
      return firstSeen(page, ITEM);
    });
    listShown.push(ms);
    await keepSlowest('listShown', ms, 0);
  }

  // Opening a ticket by its address (a reload, or a link someone shared) until its last message shows.
  const coldOpen: number[] = [];
  const [long, ...others] = seeded.tickets;
  for (let i = 0; i < LOADS; i++) {
    const ticket = i % 2 === 0 ? others[(i / 2) % others.length] : long;
    await awaitText(page, `[data-testid="ticket-screen"][data-uuid="${ticket.uuid}"] [data-testid="message-list"]`, ticket.lastBody);
    const open = async () => {
      await page.goto(`${url}/tickets/${ticket.uuid}`);
      return textSeen(page);
    };
    const label = `opening /tickets/${ticket.uuid}`;
    const browser = page.context().browser();
    const ms = await profiled(page, label, () => (TRACE && browser ? traced(browser, page, TRACE, label, open) : open()));
    coldOpen.push(ms);
    if (TRACE) appendFileSync(TRACE, `--- ${Math.round(ms)} ms; requests and long tasks\n${(await waterfall(page, 0, ms)).filter((s) => !s.what.startsWith('/assets/')).map((s) => `${s.start}-${s.end} ${s.what}`).join('\n')}\n`);
    await keepSlowest('coldOpen', ms, 0);
  }
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`${url}/tickets`);
  await page.waitForSelector(ITEM);

  // Switching: the long conversation and ordinary ones in turn, each until its last message shows.
  const switches: { first: number[]; again: number[] } = { first: [], again: [] };
  const seen = new Set<number>();
  for (let i = 0; i < SWITCHES; i++) {
    const ticket = i % 2 === 0 ? others[(i / 2) % others.length] : long;
    await page.waitForSelector(`[data-testid="ticket-item-${ticket.id}"]`);
    const { ms, at } = await profiled(page, `switch ${i + 1} to ${ticket.id === long.id ? 'the long conversation' : 'an ordinary one'}${seen.has(ticket.id) ? ' again' : ''}`, () => clickUntilAt(page, `[data-testid="ticket-item-${ticket.id}"]`, `[data-testid="ticket-screen"][data-uuid="${ticket.uuid}"] [data-testid="message-list"]`, ticket.lastBody).catch(async (error: Error) => {
      const shown = await page.evaluate(() => Array.from(document.querySelectorAll('[data-testid="message-list"] [data-testid^="message-"]')).map((el) => el.textContent?.slice(0, 60)));
      throw new Error(`${error.message}; ${messagePages} message pages fetched; showing ${shown.length}: ${shown.slice(0, 3).join(' | ')} … ${shown.slice(-3).join(' | ')}`);
    }));
    (seen.has(ticket.id) ? switches.again : switches.first).push(ms);
    await keepSlowest(seen.has(ticket.id) ? 'switchRevisit' : 'switchFirstVisit', ms, at);
    seen.add(ticket.id);
  }

  // Scrolling up through the long conversation (older pages load on the way), then down the ticket list.
  await clickUntil(page, `[data-testid="ticket-item-${long.id}"]`, '[data-testid="message-list"]', long.lastBody);
  // A fast wheel: 120 px a frame (about 7,000 px a second) for 10 s each.
  await resetLongTasks(page);
  const pagesBefore = messagePages;
  await scrollFor(page, '[data-testid="message-list"]', -SCROLL_STEP_PX, SCROLL_FRAMES);
  const conversationTasks = await longTasks(page);
  const olderMessagePages = messagePages - pagesBefore;
  await resetLongTasks(page);
  const listBefore = ticketPages;
  await scrollFor(page, '[data-testid="tickets-list-open"] [data-virtuoso-scroller]', SCROLL_STEP_PX, SCROLL_FRAMES);
  const listTasks = await longTasks(page);
  return { listShown, coldOpen, switches, conversationTasks, listTasks, olderMessagePages, ticketPagesLoaded: ticketPages - listBefore, waits };
}

async function main() {
  for (const dist of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
    if (!existsSync(join(root, dist))) throw new Error(`${dist} is missing: run npm run build first`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-bench-web-'));
  const name = `atende_bench_${Date.now().toString(36)}`;
  const dbUrl = new URL(POSTGRES_ADMIN_URL);
  dbUrl.pathname = `/${name}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  if (db === 'postgres') await admin(`create database ${name}`);
  const handle = await openDatabase(db === 'postgres' ? { url: dbUrl.toString() } : { dataDir });
  const seeded = await seedCompany(handle);
  await handle.close();

  const server = await startServer(db === 'postgres' ? { DATA_DIR: dataDir, DATABASE_URL: dbUrl.toString() } : { DATA_DIR: dataDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'pt-BR' });
    // tsx names nested functions with an __name helper the page does not have.
    await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    await page.addInitScript(probes, [ITEM]);
    const m = await measure(page, server.url, seeded);
    const longest = (tasks: number[]) => Math.round(Math.max(0, ...tasks));
    const figures = {
      listShownMs: summary(m.listShown),
      coldOpenMs: summary(m.coldOpen),
      switchFirstVisitMs: summary(m.switches.first),
      switchRevisitMs: summary(m.switches.again),
      conversationScroll: { longestTaskMs: longest(m.conversationTasks), longTasks: m.conversationTasks.length, olderPagesLoaded: m.olderMessagePages },
      listScroll: { longestTaskMs: longest(m.listTasks), longTasks: m.listTasks.length, pagesLoaded: m.ticketPagesLoaded },
    };
    const goals = {
      listShown: figures.listShownMs.max < GOALS.listShownMs,
      coldOpen: figures.coldOpenMs.max < GOALS.coldOpenMs,
      switching: Math.max(figures.switchFirstVisitMs.max, figures.switchRevisitMs.max) < GOALS.switchMs,
      conversationScroll: figures.conversationScroll.longestTaskMs <= GOALS.longTaskMs,
      listScroll: figures.listScroll.longestTaskMs <= GOALS.longTaskMs,
    };
    const pass = Object.values(goals).every(Boolean);
    console.log(JSON.stringify({ figures, goals }, null, 2));
    console.log(JSON.stringify(m.waits, null, 1));
    const file = writeResult('web', db, { seed: { tickets: TICKETS, longConversation: LONG_CONVERSATION }, goalsMs: GOALS, figures, goals, pass, slowestWaits: m.waits });
    console.log(`written ${file}`);
  } finally {
    await browser.close();
    await server.stop();
    if (db === 'postgres') await admin(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
