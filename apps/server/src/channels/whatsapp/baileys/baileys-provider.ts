/**
 * Provider over Baileys 7 (WhatsApp Web multi-device). This file owns the connection lifecycle:
 * QR or pairing code, the restart WhatsApp asks for right after pairing, logout, and reconnects
 * with backoff. Sending and lookups live in baileys-actions.ts; message mapping in map-inbound.ts.
 */
import makeWASocket, { DisconnectReason, type UserFacingSocketConfig, type WAMessage } from 'baileys';
import type { TimerHandle } from '../clock.js';
import { BoundedMap, defaultBackoff, type BackoffPolicy } from '../delivery.js';
import { digitsOnly, isBroadcastJid, isLidJid, isPhoneJid, jidToNumber, normalizeJid } from '../numbers.js';
import type { Capabilities, ProviderOptions, ProviderSession } from '../provider.js';
import { loadAuthState, type StoredAuthState } from './auth-state.js';
import { BaileysActions, type BaileysSocket } from './baileys-actions.js';
import { toBaileysLogger } from './logger.js';
import { ackFromStatus, addressOf, mapCall, mapInbound } from './map-inbound.js';

export interface BaileysSessionOptions {
  /** Overridable so tests can point the session at an unreachable or local address. */
  waWebSocketUrl?: string;
  connectTimeoutMs?: number;
  qrTimeoutMs?: number;
  reconnect?: Partial<BackoffPolicy>;
  browser?: [string, string, string];
  version?: [number, number, number];
  syncFullHistory?: boolean;
  /** Tests replace the socket; production uses Baileys' makeWASocket. */
  makeSocket?: (config: UserFacingSocketConfig) => BaileysSocket;
}

export const BAILEYS_CAPABILITIES: Readonly<Capabilities> = Object.freeze({
  qr: true, pairingCode: true, edit: true, delete: true, voice: true, location: true, contactCard: true,
  calls: true, customerWindow24h: false, markRead: true, profilePicture: true, numberCheck: true, history: true,
});

const statusCodeOf = (error: unknown) => (error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;

export class BaileysSession extends BaileysActions implements ProviderSession {
  readonly kind = 'baileys' as const;
  readonly capabilities = BAILEYS_CAPABILITIES;
  private readonly config: BaileysSessionOptions;
  private readonly policy: BackoffPolicy;
  private auth: StoredAuthState | undefined;
  private running = false;
  private timer: TimerHandle | undefined;
  private pairingPhone: string | undefined;
  private pairingRequested = false;
  private readonly seenCalls = new BoundedMap<string, true>(1_000);
  private readonly identities = new BoundedMap<string, string>(50_000);

  constructor(options: ProviderOptions & BaileysSessionOptions) {
    super(options);
    this.config = options;
    this.policy = { ...defaultBackoff, ...options.reconnect };
  }

  async start(options: { pairingPhone?: string } = {}): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.retries = 0;
    this.pairingPhone = options.pairingPhone ? digitsOnly(options.pairingPhone) : undefined;
    try {
      this.auth = await loadAuthState(this.options.authStore);
    } catch (error) {
      this.running = false; // the store is down: the caller may start again later
      throw error;
    }
    this.openSocket();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    const sock = this.sock;
    this.sock = undefined;
    if (sock) {
      try {
        await sock.end(undefined);
      } catch (error) {
        this.options.logger.debug({ err: error }, 'baileys socket end failed');
      }
    }
    await this.auth?.flushed();
    if (this.currentStatus !== 'DISCONNECTED') this.setStatus('DISCONNECTED', { qrcode: '' });
    await this.delivery.idle();
  }

  async logout(): Promise<void> {
    const sock = this.sock;
    this.running = false; // the logged-out close that follows is ours, not a failure to handle
    if (sock && this.currentStatus === 'CONNECTED') {
      try {
        await sock.logout();
      } catch (error) {
        this.options.logger.warn({ err: error }, 'baileys logout failed; wiping the pairing anyway');
      }
    }
    await this.stop();
    await this.options.authStore.clear();
    this.auth = undefined;
  }

  private openSocket(): void {
    if (!this.running || !this.auth) return;
    this.pairingRequested = false;
    this.setStatus('OPENING');
    const c = this.config;
    const settings: UserFacingSocketConfig = {
      auth: this.auth.state,
      logger: toBaileysLogger(this.options.logger, { connectionId: this.connectionId, provider: 'baileys' }),
      markOnlineOnConnect: false, // the owner's phone keeps receiving notifications
      syncFullHistory: c.syncFullHistory ?? false,
      getMessage: async (key) => (key.id ? this.recent.get(key.id)?.message ?? undefined : undefined),
      shouldIgnoreJid: (jid) => isBroadcastJid(jid),
      // Baileys spreads this over its defaults: an undefined value would erase a default.
      ...(c.waWebSocketUrl ? { waWebSocketUrl: c.waWebSocketUrl } : {}),
      ...(c.connectTimeoutMs ? { connectTimeoutMs: c.connectTimeoutMs } : {}),
      ...(c.qrTimeoutMs ? { qrTimeout: c.qrTimeoutMs } : {}),
      ...(c.browser ? { browser: c.browser } : {}),
      ...(c.version ? { version: c.version } : {}),
    };
    let sock: BaileysSocket;
    try {
      sock = (c.makeSocket ?? (makeWASocket as unknown as (s: UserFacingSocketConfig) => BaileysSocket))(settings);
    } catch (error) {
      this.options.logger.error({ err: error }, 'could not create the baileys socket');
      this.running = false;
      this.setStatus('DISCONNECTED', { reason: 'bad_config' });
      return;
    }
    this.sock = sock;
    this.listen(sock);
  }

  private listen(sock: BaileysSocket): void {
    const auth = this.auth!;
    sock.ev.on('creds.update', () => {
      auth.saveCreds().catch((error: unknown) => this.options.logger.error({ err: error }, 'could not store whatsapp creds'));
    });
    sock.ev.on('connection.update', (update) => {
      if (sock !== this.sock) return; // a socket we already replaced or stopped
      if (update.qr) this.onQr(sock, update.qr);
      if (update.connection === 'open') {
        this.retries = 0;
        const me = sock.user;
        const number = me?.id ? jidToNumber(normalizeJid(me.id)) : null;
        this.setStatus('CONNECTED', { qrcode: '', ...(number ? { number } : {}) });
        if (me?.id && me.lid) this.noteIdentity(me.id, me.lid);
      }
      if (update.connection === 'close') {
        this.onClose(update.lastDisconnect?.error).catch((error: unknown) => {
          this.options.logger.error({ err: error }, 'failed handling a closed whatsapp connection');
          this.running = false;
          this.setStatus('DISCONNECTED', { reason: 'error' });
        });
      }
    });
    sock.ev.on('messages.upsert', ({ messages }) => {
      for (const message of messages) this.onMessage(message, false);
    });
    sock.ev.on('messaging-history.set', ({ messages, lidPnMappings }) => {
      for (const pair of lidPnMappings ?? []) this.noteIdentity(pair.pn, pair.lid);
      for (const message of messages) this.onMessage(message, true);
    });
    sock.ev.on('messages.update', (updates) => {
      for (const { key, update } of updates) {
        const ack = key.fromMe && key.id ? ackFromStatus(update.status) : null;
        if (ack) this.pushAck(key.id!, ack, { chatId: addressOf(key)?.chatId });
      }
    });
    sock.ev.on('lid-mapping.update', ({ lid, pn }) => this.noteIdentity(pn, lid));
    sock.ev.on('call', (calls) => {
      for (const call of calls) {
        const event = mapCall(call);
        if (!event || this.seenCalls.has(call.id)) continue;
        this.seenCalls.set(call.id, true);
        void this.delivery.push('call', event);
      }
    });
  }

  private onQr(sock: BaileysSocket, qr: string): void {
    if (!this.pairingPhone || this.auth?.state.creds.registered) {
      this.setStatus('qrcode', { qrcode: qr });
      return;
    }
    if (this.pairingRequested) return; // QR rotations continue underneath; the code stays valid
    this.pairingRequested = true;
    sock.requestPairingCode(this.pairingPhone).then(
      (code) => {
        if (sock === this.sock) this.setStatus('PAIRING', { pairingCode: code });
      },
      (error: unknown) => {
        this.options.logger.warn({ err: error }, 'pairing code request failed; showing the QR instead');
        if (sock === this.sock) this.setStatus('qrcode', { qrcode: qr });
      },
    );
  }

  private async onClose(error: unknown): Promise<void> {
    this.sock = undefined;
    if (!this.running) return; // stop() or logout() asked for it
    const code = statusCodeOf(error);
    const waitingForScan = this.currentStatus === 'qrcode' || this.currentStatus === 'PAIRING';
    if (code === DisconnectReason.restartRequired) {
      // WhatsApp closes once right after a successful pairing and expects a new connection.
      await this.auth?.flushed();
      this.openSocket();
    } else if (code === DisconnectReason.loggedOut || code === DisconnectReason.forbidden || code === DisconnectReason.multideviceMismatch) {
      this.running = false;
      await this.options.authStore.clear();
      this.auth = undefined;
      this.setStatus('DISCONNECTED', { qrcode: '', reason: 'logged_out' });
    } else if (code === DisconnectReason.connectionReplaced) {
      this.running = false; // another session took over; reconnecting would fight it
      this.setStatus('DISCONNECTED', { reason: 'replaced' });
    } else if (waitingForScan && /QR refs/i.test((error as Error | undefined)?.message ?? '')) {
      this.running = false;
      this.setStatus('DISCONNECTED', { qrcode: '', reason: 'qr_expired' });
    } else {
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect(): void {
    this.timer = this.retryLater(
      this.policy,
      () => {
        this.timer = undefined;
        this.openSocket();
      },
      { qrcode: '' },
    );
  }

  private onMessage(raw: WAMessage, history: boolean): void {
    if (raw.key?.id) this.recent.set(raw.key.id, raw);
    if (raw.key?.fromMe && raw.key.id && this.ownSends.has(raw.key.id)) return;
    const mapped = mapInbound(raw, { history });
    if (!mapped) return;
    if (mapped.type === 'edit') return void this.delivery.push('edit', mapped.edit);
    if (mapped.type === 'revoke') return void this.delivery.push('revoke', mapped.revoke);
    const message = mapped.message;
    const remote = raw.key.remoteJidAlt && isPhoneJid(raw.key.remoteJidAlt) ? raw.key.remoteJidAlt : raw.key.remoteJid;
    // WhatsApp may know an old Brazilian number without the ninth digit: remember its real jid.
    if (remote && isPhoneJid(remote) && !message.isGroup) this.learnJid(message.chatId, remote);
    if (message.lid && isPhoneJid(message.chatId)) this.noteIdentity(message.chatId, message.lid);
    const ref = message.media?.ref;
    this.deliverMessage({ ...message, media: message.media && ref ? { ...message.media, fetch: () => this.downloadMedia(ref) } : undefined });
  }

  private noteIdentity(phone: string, lid: string): void {
    if (!isPhoneJid(phone) || !isLidJid(lid)) return;
    const phoneJid = normalizeJid(phone);
    const lidJid = normalizeJid(lid);
    if (this.identities.get(lidJid) === phoneJid) return;
    this.identities.set(lidJid, phoneJid);
    if (jidToNumber(phoneJid)) void this.delivery.push('identity', { phoneJid, lid: lidJid });
  }
}

export function createBaileysSession(options: ProviderOptions & BaileysSessionOptions): ProviderSession {
  return new BaileysSession(options);
}
