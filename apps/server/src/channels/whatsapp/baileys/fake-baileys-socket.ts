/**
 * A stand-in for Baileys' socket (tests only): it emits the events Baileys documents in
 * Types/Events.d.ts and records what the session asked of it.
 */
import { EventEmitter } from 'node:events';
import type { AnyMessageContent, Contact, MiscMessageGenerationOptions, WAMessageKey } from 'baileys';
import { ManualClock } from '../clock.js';
import { MemoryAuthStore } from '../memory-auth-store.js';
import { silentLogger, type ProviderEventMap, type ProviderSession } from '../provider.js';
import type { BaileysSocket } from './baileys-actions.js';
import { createBaileysSession } from './baileys-provider.js';
import { PHONE_JID, T0 } from './fake-wa-messages.js';

export const boom = (statusCode: number, message = 'Connection Failure') => Object.assign(new Error(message), { output: { statusCode } });

export class FakeSocket {
  readonly ev = new EventEmitter();
  user: Contact | undefined;
  ended = false;
  readonly sent: Array<{ jid: string; content: AnyMessageContent; options?: MiscMessageGenerationOptions }> = [];
  readonly read: WAMessageKey[] = [];
  pairingPhones: string[] = [];
  registered = new Map<string, string>([['5511987654321', PHONE_JID]]);

  async end(error: Error | undefined) {
    if (this.ended) return;
    this.ended = true;
    this.ev.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
  }
  async logout() {
    await this.end(boom(401, 'Intentional Logout'));
  }
  async requestPairingCode(phone: string) {
    this.pairingPhones.push(phone);
    return 'K7Q2M9XD';
  }
  async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions) {
    this.sent.push({ jid, content, options });
    const message = { key: { remoteJid: jid, fromMe: true, id: options?.messageId ?? 'X' }, message: { conversation: 'eco' }, messageTimestamp: T0 };
    this.ev.emit('messages.upsert', { type: 'append', messages: [message] }); // Baileys echoes own sends
    return message;
  }
  async readMessages(keys: WAMessageKey[]) {
    this.read.push(...keys);
  }
  async profilePictureUrl() {
    return 'https://pps.whatsapp.net/v/pic.jpg';
  }
  async onWhatsApp(...numbers: string[]) {
    return numbers.map((n) => ({ jid: this.registered.get(n) ?? `${n}@s.whatsapp.net`, exists: this.registered.has(n) || [...this.registered.values()].includes(`${n}@s.whatsapp.net`) }));
  }
  async updateMediaMessage(m: unknown) {
    return m;
  }
  /** Test helpers: what WhatsApp would do. */
  update(u: Record<string, unknown>) {
    this.ev.emit('connection.update', u);
  }
  close(statusCode: number, message?: string) {
    void this.end(boom(statusCode, message));
  }
}

export function setupSession(options: { pairingPhone?: string; authStore?: MemoryAuthStore } = {}) {
  const clock = new ManualClock();
  const sockets: FakeSocket[] = [];
  const authStore = options.authStore ?? new MemoryAuthStore();
  const session: ProviderSession = createBaileysSession({
    connectionId: 5, companyId: 1, authStore, logger: silentLogger, clock,
    reconnect: { maxRetries: 3, baseDelayMs: 1_000, maxDelayMs: 60_000, jitter: 0 },
    makeSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as BaileysSocket;
    },
  });
  const seen = { status: [], message: [], ack: [], edit: [], revoke: [], call: [], identity: [], sendFailed: [] } as {
    [K in keyof ProviderEventMap]: ProviderEventMap[K][];
  };
  for (const name of Object.keys(seen) as Array<keyof ProviderEventMap>) session.on(name, (e) => void (seen[name] as unknown[]).push(e));
  const sock = () => sockets.at(-1)!;
  const connect = async () => {
    await session.start(options);
    sock().user = { id: '5511900000000:3@s.whatsapp.net', lid: '999000111222333:3@lid' };
    sock().update({ connection: 'open' });
    await clock.settle();
  };
  return { clock, sockets, sock, session, seen, authStore, connect, statuses: () => seen.status.map((s) => s.status) };
}
