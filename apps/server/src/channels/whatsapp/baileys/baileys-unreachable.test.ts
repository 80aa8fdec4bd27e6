/**
 * The real Baileys socket pointed at addresses where no WhatsApp answers: the session must end in
 * a clean status, reject nothing unhandled, and leave no sockets or timers behind.
 */
import { execFile } from 'node:child_process';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryAuthStore } from '../memory-auth-store.js';
import { silentLogger, type ProviderSession, type StatusEvent } from '../provider.js';
import { createBaileysSession, type BaileysSessionOptions } from './baileys-provider.js';

const NETWORK_HANDLES = new Set(['TCPSocketWrap', 'TCPWRAP', 'TCPServerWrap', 'Timeout']);
const networkHandles = () => process.getActiveResourcesInfo().filter((r) => NETWORK_HANDLES.has(r)).length;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean, what: string, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

function session(options: BaileysSessionOptions) {
  const statuses: StatusEvent[] = [];
  const s: ProviderSession = createBaileysSession({
    connectionId: 11, companyId: 1, authStore: new MemoryAuthStore(), logger: silentLogger, ...options,
  });
  s.on('status', (e) => void statuses.push(e));
  return { s, statuses };
}

/** Accepts TCP connections and never says a word: the websocket handshake hangs. */
async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/ws/chat`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('baileys session against an unreachable WhatsApp', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  let baseline = 0;

  beforeEach(async () => {
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
    await sleep(20);
    baseline = networkHandles();
  });
  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
  });

  it('retries a refused connection with backoff, shows DISCONNECTED past the cap while still trying, and cleans up', async () => {
    const { s, statuses } = session({ waWebSocketUrl: 'ws://127.0.0.1:9', reconnect: { maxRetries: 2, baseDelayMs: 20, jitter: 0 } });
    await s.start();
    await waitFor(() => statuses.length >= 8, 'a retry after DISCONNECTED');
    expect(statuses.slice(0, 8).map((e) => `${e.status}:${e.retries}`)).toEqual([
      'OPENING:0', 'TIMEOUT:1', 'OPENING:1', 'TIMEOUT:2', 'OPENING:2', 'DISCONNECTED:3', 'OPENING:3', 'DISCONNECTED:4',
    ]);
    expect(statuses[5]).toMatchObject({ reason: 'unreachable', nextRetryAt: expect.any(Number) });
    await s.stop();
    await sleep(50);
    expect(unhandled).toEqual([]);
    expect(networkHandles()).toBeLessThanOrEqual(baseline);
  });

  it('times out a handshake that never completes (TIMEOUT, then DISCONNECTED, still trying)', async () => {
    const server = await silentServer();
    try {
      const { s, statuses } = session({ waWebSocketUrl: server.url, connectTimeoutMs: 300, reconnect: { maxRetries: 1, baseDelayMs: 20, jitter: 0 } });
      await s.start();
      await waitFor(() => s.status === 'DISCONNECTED', 'DISCONNECTED');
      expect(statuses.slice(0, 4).map((e) => e.status)).toEqual(['OPENING', 'TIMEOUT', 'OPENING', 'DISCONNECTED']);
      await s.stop();
    } finally {
      await server.close();
    }
    await sleep(50);
    expect(unhandled).toEqual([]);
    expect(networkHandles()).toBeLessThanOrEqual(baseline);
  });

  it('stop() during a hanging handshake resolves at once and leaves nothing open', async () => {
    const server = await silentServer();
    try {
      const { s, statuses } = session({ waWebSocketUrl: server.url, connectTimeoutMs: 60_000 });
      await s.start();
      await sleep(100);
      expect(s.status).toBe('OPENING');
      expect(networkHandles()).toBeGreaterThan(baseline); // the measurement does see an open socket
      const began = Date.now();
      await s.stop();
      expect(Date.now() - began).toBeLessThan(2_000);
      expect(statuses.at(-1)?.status).toBe('DISCONNECTED');
    } finally {
      await server.close();
    }
    await sleep(50);
    expect(unhandled).toEqual([]);
    expect(networkHandles()).toBeLessThanOrEqual(baseline);
  });

  it('stop() while waiting to reconnect cancels the pending retry', async () => {
    const { s, statuses } = session({ waWebSocketUrl: 'ws://127.0.0.1:9', reconnect: { maxRetries: 5, baseDelayMs: 60_000, jitter: 0 } });
    await s.start();
    await waitFor(() => s.status === 'TIMEOUT', 'TIMEOUT');
    await s.stop();
    expect(statuses.map((e) => e.status)).toEqual(['OPENING', 'TIMEOUT', 'DISCONNECTED']);
    await sleep(50);
    expect(unhandled).toEqual([]);
    expect(networkHandles()).toBeLessThanOrEqual(baseline);
  });
});

/** Run in a child process that never calls exit: it only ends if nothing was left running. */
const CHILD = `
const { createBaileysSession } = await import(process.env.SESSION_MODULE);
const { MemoryAuthStore } = await import(process.env.STORE_MODULE);
const logger = { debug() {}, info() {}, warn() {}, error() {} };
const s = createBaileysSession({ connectionId: 1, companyId: 1, authStore: new MemoryAuthStore(), logger,
  waWebSocketUrl: 'ws://127.0.0.1:9', reconnect: { maxRetries: 1, baseDelayMs: 10, jitter: 0 } });
const seen = [];
s.on('status', (e) => void seen.push(e.status));
await s.start();
await new Promise((resolve) => { const t = setInterval(() => { if (s.status === 'DISCONNECTED') { clearInterval(t); resolve(); } }, 10); });
await s.stop();
console.log(JSON.stringify(seen));
`;

describe('baileys session process hygiene', () => {
  it('lets the process exit by itself after giving up and stopping', async () => {
    const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));
    const output = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
        timeout: 20_000,
        env: { ...process.env, SESSION_MODULE: here('./baileys-provider.ts'), STORE_MODULE: here('../memory-auth-store.ts') },
      }, (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)));
    });
    expect(JSON.parse(output.trim())).toEqual(['OPENING', 'TIMEOUT', 'OPENING', 'DISCONNECTED']);
  });
});
