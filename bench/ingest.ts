/**
 * Inbound throughput and latency: simulated customers write on 10 simulator connections over 200
 * chats; an admin agent's socket (socket.io client, real access token) hears
 * `company-{id}-appMessage`. Latency is from the simulator's send (network.customerSends) to the
 * agent's event. Open loop: messages are offered at a fixed rate whatever the server does, so a
 * server that falls behind shows a growing backlog instead of a slower, flattering rate.
 *
 *   tsx --conditions=source bench/ingest.ts --db postgres|pglite [--seconds 60] [--rate 1000]
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { io, type Socket } from 'socket.io-client';
import { companyEvent, SERVER_EVENTS, type MessageEvent } from '@atende/contract';
import { argValue, runBench, sleep, summary, writeResult } from './support/report.js';
import { createBenchCompany, login, startBenchServer, type BenchDb, type BenchServer } from './support/server.js';
import { statementCount, watchQueries } from './support/slow-queries.js';

const db = argValue('db', 'postgres') as BenchDb;
const CONNECTIONS = 10;
const CHATS = 200;
const SUSTAINED_RATE = Number(argValue('rate', '1000'));
const SUSTAINED_SECONDS = Number(argValue('seconds', '60'));
const LATENCY_RATE = 200;
const LATENCY_SECONDS = Number(argValue('latency-seconds', '20'));
const GOALS = { sustainedPerSecond: 1000, sustainedSeconds: 60, p99MsAt200PerSecond: 150 };
/** After the last send, how long the backlog may take to clear for the rate to count as sustained. */
const DRAIN_GRACE_MS = 1_000;
const MAX_BACKLOG_SECONDS = 10;

async function api(server: BenchServer, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms = 30_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Simulator connections, paired and CONNECTED (as an admin does it: create, scan the QR). */
async function pairConnections(server: BenchServer, token: string): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= CONNECTIONS; i++) {
    const created = (await api(server, token, 'POST', '/whatsapp', { name: `Bench ${i}`, provider: 'simulator', queueIds: [] })) as { id: number };
    ids.push(created.id);
  }
  const status = async (id: number) => ((await api(server, token, 'GET', `/whatsapp/${id}`)) as { status: string }).status;
  for (const id of ids) {
    await waitFor(`QR of connection ${id}`, async () => (await status(id)) === 'qrcode');
    server.network.scan(id);
  }
  for (const id of ids) await waitFor(`connection ${id}`, async () => (await status(id)) === 'CONNECTED');
  return ids;
}

/** The agent's socket; it reconnects like the web app's does, and `drops` counts how often it had to. */
async function agentSocket(server: BenchServer, token: string): Promise<Socket & { drops: string[] }> {
  const socket = io(server.url, { path: '/socket.io', transports: ['websocket'], query: { token }, forceNew: true }) as Socket & { drops: string[] };
  socket.drops = [];
  socket.on('disconnect', (reason) => {
    if (reason !== 'io client disconnect') socket.drops.push(reason);
  });
  await new Promise((resolve, reject) => {
    socket.once(SERVER_EVENTS.ready, resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Send and arrival times by sequence number (the number is the message body). */
class Ledger {
  sentAt: number[] = [];
  heardAt: number[] = [];
  heard = 0;
  duplicates = 0;

  hear(body: string) {
    const seq = Number(body.slice(6));
    if (!body.startsWith('bench ') || !Number.isInteger(seq)) return;
    if (this.heardAt[seq] !== undefined) {
      this.duplicates++;
      return;
    }
    this.heardAt[seq] = performance.now();
    this.heard++;
  }

  latencies(from: number, to: number): number[] {
    const out: number[] = [];
    for (let seq = from; seq < to; seq++) {
      if (this.heardAt[seq] !== undefined) out.push(this.heardAt[seq] - this.sentAt[seq]);
    }
    return out;
  }
}

interface Chat {
  connectionId: number;
  number: string;
}

/**
 * Offers `rate` messages a second for `seconds`, round robin over the chats, from sequence
 * `first`. Gives up once more than MAX_BACKLOG_SECONDS of messages wait unheard: the rate is then
 * plainly not sustained, and a longer run would only pile up work for the machine.
 */
async function offer(server: BenchServer, ledger: Ledger, chats: Chat[], first: number, rate: number, seconds: number) {
  const total = rate * seconds;
  const start = performance.now();
  const heardBefore = ledger.heard;
  let sent = 0;
  let behind = 0;
  let gaveUpAtSecond: number | null = null;
  while (sent < total) {
    if (sent - (ledger.heard - heardBefore) > rate * MAX_BACKLOG_SECONDS) {
      gaveUpAtSecond = Math.round((performance.now() - start) / 1000);
      break;
    }
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
    if (due - sent > rate / 10) behind++; // the sender itself lagged more than 100 ms (the process is saturated)
    for (; sent < due; sent++) {
      const seq = first + sent;
      const chat = chats[seq % chats.length];
      ledger.sentAt[seq] = performance.now();
      server.network.customerSends({ connectionId: chat.connectionId, from: chat.number, name: `Cliente ${chat.number.slice(-3)}`, body: `bench ${seq}` });
    }
    await sleep(5);
  }
  return { start, end: performance.now(), sent, senderLagTicks: behind, gaveUpAtSecond };
}

/**
 * What the machine gives before any product code: 10 callers (one per connection) sending a
 * trivial statement through the server's own database handle for 3 s. Each inbound message costs
 * several such round trips, so this bounds the rate the pipeline can reach here.
 */
async function roundTripsPerSecond(server: BenchServer): Promise<number> {
  const until = performance.now() + 3_000;
  let count = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        await sql`select 1`.execute(server.database.db);
        count++;
      }
    }),
  );
  return Math.round(count / 3);
}

async function main() {
  const started = Date.now();
  if (db === 'postgres') watchQueries();
  const server = await startBenchServer(db);
  try {
    const company = await createBenchCompany(server, 'Ingest Bench');
    const token = await login(server, company.email, company.password);
    const connectionIds = await pairConnections(server, token);
    const socket = await agentSocket(server, token);
    const roundTrips = await roundTripsPerSecond(server);
    console.log(`database round trips: ${roundTrips}/s with ${CONNECTIONS} callers`);
    const ledger = new Ledger();
    socket.on(companyEvent(company.companyId, 'appMessage'), (payload: MessageEvent) => {
      if (payload.action === 'create') ledger.hear(payload.message.body);
    });
    const chats: Chat[] = Array.from({ length: CHATS }, (_, i) => ({
      connectionId: connectionIds[i % CONNECTIONS],
      number: `55119${String(10_000_000 + i)}`,
    }));

    // Warm-up: every chat's first message creates its contact and ticket.
    let seq = 0;
    const warm = await offer(server, ledger, chats, seq, CHATS, 1);
    seq += CHATS;
    await waitFor('the warm-up messages', () => ledger.heard >= seq, 60_000);
    console.log(`warm-up: ${CHATS} chats in ${Math.round(performance.now() - warm.start)} ms`);
    // Heard is not done: each new ticket's automations (the bot) run after its announcement. The
    // lone message's delay is measured on an inbox with nothing else to do.
    await server.parts.inbound.idle?.();

    // Latency of a lone message (10 a second, well within what any setup handles): the pipeline's own delay.
    const loneFrom = seq;
    const loneRun = await offer(server, ledger, chats, seq, 10, 10);
    seq += loneRun.sent;
    await waitFor('the lone messages', () => ledger.heard >= seq, 60_000).catch(() => undefined);
    const lone = summary(ledger.latencies(loneFrom, seq));
    console.log(`latency at 10/s: p50 ${lone.p50} p95 ${lone.p95} p99 ${lone.p99} ms`);

    // Latency at a moderate rate.
    const latencyFrom = seq;
    const latencyRun = await offer(server, ledger, chats, seq, LATENCY_RATE, LATENCY_SECONDS);
    seq += latencyRun.sent;
    await waitFor('the latency phase', () => ledger.heard >= seq, 60_000).catch(() => undefined);
    const latency = summary(ledger.latencies(latencyFrom, seq));
    console.log(`latency at ${LATENCY_RATE}/s: p50 ${latency.p50} p95 ${latency.p95} p99 ${latency.p99} ms`);

    // Sustained rate.
    const sustainedFrom = seq;
    const total = SUSTAINED_RATE * SUSTAINED_SECONDS;
    let base = ledger.heard;
    const sustainedHeardBase = () => base;
    const statementsBefore = statementCount();
    const progress = setInterval(() => console.log(`  ${ledger.heard - sustainedHeardBase()} of ${total} heard`), 10_000);
    // Let a backlog left by the latency phase clear first, so this phase starts from an idle inbox.
    await waitFor('the inbox to be idle', () => ledger.heard >= seq, 120_000).catch(() => undefined);
    base = ledger.heard;
    const run = await offer(server, ledger, chats, seq, SUSTAINED_RATE, SUSTAINED_SECONDS);
    seq += run.sent;
    const backlogAtEnd = seq - ledger.heard;
    await waitFor('the sustained phase', () => ledger.heard >= seq, 120_000).catch(() => undefined);
    clearInterval(progress);
    const heard = ledger.heard - base;
    const statementsPerMessage = db === 'postgres' && heard ? Math.round(((statementCount() - statementsBefore) / heard) * 10) / 10 : null;
    let lastHeard = 0;
    const perSecond = new Array<number>(Math.ceil(SUSTAINED_SECONDS) + 121).fill(0);
    for (let s = sustainedFrom; s < seq; s++) {
      const at = ledger.heardAt[s];
      if (at === undefined) continue;
      lastHeard = Math.max(lastHeard, at);
      perSecond[Math.floor((at - run.start) / 1000)]++;
    }
    const drainMs = Math.max(0, lastHeard - run.end);
    const achieved = heard / ((lastHeard - run.start) / 1000);
    const sustainedLatency = summary(ledger.latencies(sustainedFrom, seq));
    // A database that stopped answering must not keep the result from being written.
    const stored = await Promise.race([
      server.database.db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('companyId', '=', company.companyId)
        .executeTakeFirstOrThrow(),
      sleep(10_000).then(() => ({ n: null })),
    ]);
    const fullSeconds = perSecond.slice(1, Math.max(2, Math.floor((run.end - run.start) / 1000)));
    socket.disconnect();

    // The rate is judged second by second too: an average over the run can hide seconds far
    // below the goal (a stall made up for by a burst afterwards).
    const slowestFullSecond = fullSeconds.length ? Math.min(...fullSeconds) : 0;
    const sustainedPass =
      heard === total &&
      drainMs <= DRAIN_GRACE_MS &&
      slowestFullSecond >= GOALS.sustainedPerSecond &&
      SUSTAINED_RATE >= GOALS.sustainedPerSecond &&
      SUSTAINED_SECONDS >= GOALS.sustainedSeconds;
    const latencyPass = latency.count === LATENCY_RATE * LATENCY_SECONDS && latency.p99 < GOALS.p99MsAt200PerSecond;
    const result = {
      goal: {
        sustained: `>= ${GOALS.sustainedPerSecond} inbound messages/s for ${GOALS.sustainedSeconds} s, in every full second of the run (every message stored and heard by the agent, backlog cleared within ${DRAIN_GRACE_MS} ms of the last send)`,
        latency: `p99 < ${GOALS.p99MsAt200PerSecond} ms from the simulator's send to the agent's appMessage event at ${LATENCY_RATE} messages/s`,
      },
      pass: sustainedPass && latencyPass,
      setup: {
        connections: CONNECTIONS,
        chats: CHATS,
        transport: 'real HTTP server on 127.0.0.1; agent: socket.io-client (websocket) in the same process, admin access token from POST /api/auth/login',
        databasePoolSize: db === 'postgres' ? server.ctx.config.databasePoolSize : null,
      },
      capacity: {
        databaseRoundTripsPerSecond: roundTrips,
        statementsPerInboundMessage: statementsPerMessage,
        note: 'events of one chat are handled one at a time, chats side by side (connections.events.ts contract); everyday messages of many chats share one transaction (modules/inbound/inbound.batch.ts)',
      },
      latencyAt10PerSecond: { seconds: 10, ms: lone, goal: 'none (the delay of a lone message)' },
      latency: {
        ratePerSecond: LATENCY_RATE,
        seconds: LATENCY_SECONDS,
        sent: latencyRun.sent,
        heard: latency.count,
        gaveUpAtSecond: latencyRun.gaveUpAtSecond,
        ms: latency,
        pass: latencyPass,
      },
      sustained: {
        offeredPerSecond: SUSTAINED_RATE,
        seconds: SUSTAINED_SECONDS,
        offered: run.sent,
        gaveUpAtSecond: run.gaveUpAtSecond,
        heard,
        storedInDatabase: stored.n === null ? 'no answer within 10 s' : Number(stored.n),
        duplicatesHeard: ledger.duplicates,
        // A server whose event loop stalls past socket.io's ping timeout drops the agent; events meanwhile are lost to it.
        agentSocketDrops: socket.drops,
        achievedPerSecond: Math.round(achieved),
        slowestFullSecond,
        backlogWhenSendingStopped: backlogAtEnd,
        drainMs: Math.round(drainMs),
        senderLagTicks: run.senderLagTicks,
        latencyMs: sustainedLatency,
        pass: sustainedPass,
      },
      durationSeconds: Math.round((Date.now() - started) / 1000),
    };
    const file = writeResult('ingest', db, result);
    console.log(JSON.stringify({ latency: result.latency, sustained: result.sustained, pass: result.pass }, null, 2));
    console.log(`written ${file}`);
  } finally {
    // A server left with a backlog would work through all of it before closing: give it a few
    // seconds, then drop its database regardless.
    await Promise.race([server.close(), sleep(10_000)]);
    await server.abandon();
  }
}

runBench(main);
