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
import { io, type Socket } from 'socket.io-client';
import { companyEvent, SERVER_EVENTS, type MessageEvent } from '@atende/contract';
import { argValue, sleep, summary, writeResult } from './support/report.js';
import { createBenchCompany, login, startBenchServer, type BenchDb, type BenchServer } from './support/server.js';

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

async function agentSocket(server: BenchServer, token: string): Promise<Socket> {
  const socket = io(server.url, { path: '/socket.io', transports: ['websocket'], query: { token }, reconnection: false, forceNew: true });
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

/** Offers `rate` messages a second for `seconds`, round robin over the chats, from sequence `first`. */
async function offer(server: BenchServer, ledger: Ledger, chats: Chat[], first: number, rate: number, seconds: number) {
  const total = rate * seconds;
  const start = performance.now();
  let sent = 0;
  let behind = 0;
  while (sent < total) {
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
  return { start, end: performance.now(), senderLagTicks: behind };
}

async function main() {
  const started = Date.now();
  const server = await startBenchServer(db);
  try {
    const company = await createBenchCompany(server, 'Ingest Bench');
    const token = await login(server, company.email, company.password);
    const connectionIds = await pairConnections(server, token);
    const socket = await agentSocket(server, token);
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

    // Latency at a moderate rate.
    const latencyFrom = seq;
    await offer(server, ledger, chats, seq, LATENCY_RATE, LATENCY_SECONDS);
    seq += LATENCY_RATE * LATENCY_SECONDS;
    await waitFor('the latency phase', () => ledger.heard >= seq, 60_000).catch(() => undefined);
    const latency = summary(ledger.latencies(latencyFrom, seq));
    console.log(`latency at ${LATENCY_RATE}/s: p50 ${latency.p50} p95 ${latency.p95} p99 ${latency.p99} ms`);

    // Sustained rate.
    const sustainedFrom = seq;
    const total = SUSTAINED_RATE * SUSTAINED_SECONDS;
    const heardBefore = ledger.heard;
    const progress = setInterval(() => console.log(`  ${ledger.heard - heardBefore} of ${total} heard`), 10_000);
    const run = await offer(server, ledger, chats, seq, SUSTAINED_RATE, SUSTAINED_SECONDS);
    seq += total;
    const backlogAtEnd = seq - ledger.heard;
    await waitFor('the sustained phase', () => ledger.heard >= seq, 120_000).catch(() => undefined);
    clearInterval(progress);
    const heard = ledger.heard - heardBefore;
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
    const stored = await server.database.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('companyId', '=', company.companyId)
      .executeTakeFirstOrThrow();
    const fullSeconds = perSecond.slice(1, Math.floor(SUSTAINED_SECONDS));
    socket.disconnect();

    const sustainedPass = heard === total && drainMs <= DRAIN_GRACE_MS && SUSTAINED_RATE >= GOALS.sustainedPerSecond && SUSTAINED_SECONDS >= GOALS.sustainedSeconds;
    const latencyPass = latency.count === LATENCY_RATE * LATENCY_SECONDS && latency.p99 < GOALS.p99MsAt200PerSecond;
    const result = {
      goal: {
        sustained: `>= ${GOALS.sustainedPerSecond} inbound messages/s for ${GOALS.sustainedSeconds} s (every message stored and heard by the agent, backlog cleared within ${DRAIN_GRACE_MS} ms of the last send)`,
        latency: `p99 < ${GOALS.p99MsAt200PerSecond} ms from the simulator's send to the agent's appMessage event at ${LATENCY_RATE} messages/s`,
      },
      pass: sustainedPass && latencyPass,
      setup: {
        connections: CONNECTIONS,
        chats: CHATS,
        transport: 'real HTTP server on 127.0.0.1; agent: socket.io-client (websocket) in the same process, admin access token from POST /api/auth/login',
        databasePoolSize: db === 'postgres' ? server.ctx.config.databasePoolSize : null,
      },
      latency: { ratePerSecond: LATENCY_RATE, seconds: LATENCY_SECONDS, ms: latency, pass: latencyPass },
      sustained: {
        offeredPerSecond: SUSTAINED_RATE,
        seconds: SUSTAINED_SECONDS,
        offered: total,
        heard,
        storedInDatabase: Number(stored.n),
        duplicatesHeard: ledger.duplicates,
        achievedPerSecond: Math.round(achieved),
        slowestFullSecond: Math.min(...fullSeconds),
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
    await server.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
