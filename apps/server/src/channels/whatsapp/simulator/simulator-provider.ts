/**
 * A provider session over the SimulatorNetwork. It behaves like the Baileys session as seen from
 * outside: QR until scanned, OPENING then CONNECTED, TIMEOUT with backoff when the link drops,
 * pairing kept in the AuthStateStore so a restart reconnects without a QR.
 */
import { randomBytes } from 'node:crypto';
import type { TimerHandle } from '../clock.js';
import { messageIdFor, type BackoffPolicy } from '../delivery.js';
import { canonicalNumber, jidToNumber, numberToJid, toChatId } from '../numbers.js';
import {
  Ack, WhatsAppError,
  type AckLevel, type Capabilities, type CheckNumberResult, type InboundMessage, type MessageKind, type MessageRef, type ProviderOptions,
  type ProviderSession, type SendContactInput, type SendLocationInput, type SendMediaInput, type SendResult,
  type SendTextInput, type SendVoiceInput,
} from '../provider.js';
import { SessionBase } from '../session-base.js';
import { buildVcard } from '../vcard.js';
import { sharedSimulatorNetwork, type OutboundEntryInput, type SimulatorNetwork } from './network.js';
import type { SimInbound, SimulatorLink } from './phone-line.js';

export interface SimulatorSessionOptions {
  network?: SimulatorNetwork;
  /** How long a QR lives before the next one is shown, and how many are shown before giving up. */
  qrRotateMs?: number;
  qrRotations?: number;
  /** Demo servers: keep showing fresh QRs until the line is scanned, so a newcomer never finds it expired. */
  keepOfferingQr?: boolean;
  openDelayMs?: number;
  reconnect?: Partial<BackoffPolicy>;
}

export const SIMULATOR_CAPABILITIES: Readonly<Capabilities> = Object.freeze({
  qr: true, pairingCode: true, edit: true, delete: true, voice: true, location: true, contactCard: true,
  calls: true, customerWindow24h: false, markRead: true, profilePicture: true, numberCheck: true, history: false,
});

const SIM_REF = /^sim:(\d+):(.+)$/;

export class SimulatorSession extends SessionBase implements ProviderSession, SimulatorLink {
  readonly kind = 'simulator' as const;
  readonly capabilities = SIMULATOR_CAPABILITIES;
  private readonly network: SimulatorNetwork;
  private readonly policy: BackoffPolicy;
  private timer: TimerHandle | undefined;
  private qrShown = 0;
  private running = false;
  private readonly knownLids = new Set<string>();

  constructor(options: ProviderOptions & SimulatorSessionOptions) {
    super({ ...options, clock: options.clock ?? options.network?.clock ?? sharedSimulatorNetwork().clock });
    this.network = options.network ?? sharedSimulatorNetwork();
    this.policy = { maxRetries: 5, baseDelayMs: 1_000, maxDelayMs: 30_000, jitter: 0, ...options.reconnect };
  }

  private get settings() {
    const o = this.options as ProviderOptions & SimulatorSessionOptions;
    const qrRotations = o.keepOfferingQr ? Number.POSITIVE_INFINITY : (o.qrRotations ?? 5);
    return { qrRotateMs: o.qrRotateMs ?? 20_000, qrRotations, openDelayMs: o.openDelayMs ?? 300 };
  }

  private get line() {
    return this.network.line(this.connectionId);
  }

  async start(options: { pairingPhone?: string } = {}): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.retries = 0;
    this.qrShown = 0;
    this.network.attach(this.connectionId, this);
    const paired = pairedIn(await this.options.authStore.readCreds());
    if (!this.running) return; // stopped while reading
    if (paired) this.connect();
    else if (options.pairingPhone) {
      const code = messageIdFor(this.connectionId, `pair:${this.clock.now()}`, '').slice(0, 8);
      this.setStatus('PAIRING', { pairingCode: code });
    } else this.showNextQr();
  }

  async stop(): Promise<void> {
    if (this.running) {
      this.running = false;
      this.clock.clearTimeout(this.timer);
      this.line.goOffline();
      this.network.detach(this.connectionId, this);
      this.retries = 0;
      this.setStatus('DISCONNECTED', { qrcode: '' });
    }
    await this.delivery.idle();
  }

  async logout(): Promise<void> {
    await this.stop();
    await this.options.authStore.clear();
  }

  // ---- what the network tells us ----------------------------------------------------------

  onScanned(): void {
    if (!this.running || (this.status !== 'qrcode' && this.status !== 'PAIRING')) {
      throw new Error(`connection ${this.connectionId} is not waiting for a scan (status ${this.status})`);
    }
    this.clock.clearTimeout(this.timer);
    const me = this.ownNumber;
    this.options.authStore.writeCreds(JSON.stringify({ paired: true, me })).catch((error: unknown) => {
      this.options.logger.error({ err: error }, 'could not store the simulator pairing');
    });
    this.connect();
  }

  onLinkDown(): void {
    if (!this.running) return;
    this.clock.clearTimeout(this.timer);
    this.timer = this.retryLater(this.policy, () => this.connect());
  }

  onInbound(message: SimInbound): void {
    const chatId = numberToJid(message.number);
    if (message.lid && !this.knownLids.has(message.lid)) {
      this.knownLids.add(message.lid);
      void this.delivery.push('identity', { phoneJid: chatId, lid: message.lid });
    }
    const ref = `sim:${this.connectionId}:${message.id}`;
    const inbound: InboundMessage = {
      providerMessageId: message.id, chatId, lid: message.lid, fromMe: false, timestamp: message.timestamp,
      pushName: message.name, kind: message.kind, body: message.body, quotedId: message.quotedId,
      location: message.location, vcard: message.vcard, reaction: message.reaction, isGroup: false, history: false,
      media: message.media && {
        mimeType: message.media.mimeType, fileName: message.media.fileName, size: message.media.data.length, ref,
        fetch: () => this.downloadMedia(ref),
      },
    };
    this.deliverMessage(inbound);
  }

  onAck(id: string, number: string, ack: AckLevel): void {
    this.pushAck(id, ack, { chatId: numberToJid(number), timestamp: this.clock.now() });
  }

  onEdit(id: string, number: string, body: string, timestamp: number): void {
    void this.delivery.push('edit', { providerMessageId: id, chatId: numberToJid(number), newBody: body, timestamp, fromMe: false });
  }

  onRevoke(id: string, number: string, timestamp: number): void {
    void this.delivery.push('revoke', { providerMessageId: id, chatId: numberToJid(number), timestamp, fromMe: false });
  }

  onCall(number: string, timestamp: number, isVideo: boolean, callId: string): void {
    void this.delivery.push('call', { from: numberToJid(number), timestamp, isVideo, callId });
  }

  // ---- sending ----------------------------------------------------------------------------

  sendText(input: SendTextInput): Promise<SendResult> {
    return this.send(input.idempotencyKey, { to: input.to, kind: 'text', body: input.body, quotedId: input.quotedId });
  }

  sendMedia(input: SendMediaInput): Promise<SendResult> {
    return this.send(input.idempotencyKey, {
      to: input.to, kind: input.kind, body: input.caption ?? '', quotedId: input.quotedId,
      media: { mimeType: input.mimeType, fileName: input.fileName, data: input.data },
    });
  }

  sendVoice(input: SendVoiceInput): Promise<SendResult> {
    return this.send(input.idempotencyKey, {
      to: input.to, kind: 'voice', body: '', quotedId: input.quotedId,
      media: { mimeType: input.mimeType ?? 'audio/ogg; codecs=opus', data: input.data },
    });
  }

  sendLocation(input: SendLocationInput): Promise<SendResult> {
    const { latitude, longitude, name, address } = input;
    return this.send(input.idempotencyKey, {
      to: input.to, kind: 'location', body: name ?? '', quotedId: input.quotedId, location: { latitude, longitude, name, address },
    });
  }

  sendContact(input: SendContactInput): Promise<SendResult> {
    const vcard = input.contacts.map((c) => c.vcard ?? buildVcard(c)).join('\n');
    return this.send(input.idempotencyKey, {
      to: input.to, kind: 'contact', body: input.contacts.map((c) => c.name).join(', '), quotedId: input.quotedId, vcard,
    });
  }

  async editMessage(input: MessageRef & { newBody: string }): Promise<void> {
    this.requireConnected();
    this.line.editByBusiness(this.numberOf(input.chatId), input.providerMessageId, input.newBody);
  }

  async deleteMessage(input: MessageRef): Promise<void> {
    this.requireConnected();
    try {
      this.line.deleteByBusiness(this.numberOf(input.chatId), input.providerMessageId);
    } catch (error) {
      throw new WhatsAppError('ERR_DELETE_WAPP_MSG', (error as Error).message, { cause: error });
    }
  }

  async markRead(input: { chatId: string; providerMessageIds: string[] }): Promise<void> {
    this.requireConnected();
    this.line.markReadByBusiness(this.numberOf(input.chatId), input.providerMessageIds);
  }

  async downloadMedia(ref: string): Promise<Buffer> {
    const match = SIM_REF.exec(ref);
    const media = match ? this.network.line(Number(match[1])).media(match[2]) : undefined;
    if (!media) throw new WhatsAppError('ERR_WAPP_DOWNLOAD_MEDIA');
    return Buffer.from(media.data);
  }

  /** Simulated customers have no photo: the web shows their initials rather than loading a picture from nowhere. */
  async profilePicture(_chatId: string): Promise<string | null> {
    return null;
  }

  async checkNumber(number: string): Promise<CheckNumberResult> {
    this.requireConnected();
    const exists = this.network.numberExists(number);
    return { exists, chatId: exists ? numberToJid(number) : null, verified: true };
  }

  // ---- internals --------------------------------------------------------------------------

  private send(idempotencyKey: string, entry: Omit<OutboundEntryInput, 'id'> & { to: string }): Promise<SendResult> {
    return this.sendOnce(idempotencyKey, async () => {
      const number = this.numberOf(entry.to);
      if (!this.network.numberExists(number)) throw new WhatsAppError('ERR_WAPP_INVALID_CONTACT');
      // WhatsApp gives each send its own id; a random part keeps ids unique across restarts.
      const id = `3EB0${randomBytes(9).toString('hex').toUpperCase()}`;
      const timestamp = this.line.sendFromBusiness({ ...entry, kind: entry.kind as MessageKind, id, number });
      this.pushAck(id, Ack.SENT, { chatId: numberToJid(number), timestamp });
      return { providerMessageId: id, timestamp };
    });
  }

  private numberOf(to: string): string {
    const number = jidToNumber(toChatId(to));
    if (!number) throw new WhatsAppError('ERR_WAPP_INVALID_CONTACT', 'the simulator has no groups or unknown LIDs');
    return number;
  }

  /** The simulated business phone's number, derived from the connection. */
  private get ownNumber(): string {
    return canonicalNumber(`55000${String(this.connectionId).padStart(8, '0')}`);
  }

  private showNextQr(): void {
    if (!this.running) return;
    this.qrShown++;
    if (this.qrShown > this.settings.qrRotations) {
      this.running = false;
      this.network.detach(this.connectionId, this);
      this.setStatus('DISCONNECTED', { qrcode: '', reason: 'qr_expired' });
      return;
    }
    const code = `SIMQR:${this.connectionId}:${this.qrShown}:${messageIdFor(this.connectionId, `qr:${this.clock.now()}:${this.qrShown}`)}`;
    this.setStatus('qrcode', { qrcode: code });
    this.timer = this.clock.setTimeout(() => this.showNextQr(), this.settings.qrRotateMs);
  }

  private connect(): void {
    if (!this.running) return;
    this.setStatus('OPENING', { qrcode: '' });
    this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(() => {
      if (!this.running) return;
      if (!this.line.acceptConnection()) {
        this.onLinkDown();
        return;
      }
      // CONNECTED is announced before the queued offline events flow, as on a real reconnect.
      this.retries = 0;
      this.setStatus('CONNECTED', { number: this.ownNumber });
      this.line.goOnline();
    }, this.settings.openDelayMs);
  }
}

/** Creds left by another provider (the connection switched) do not count as a simulator pairing. */
function pairedIn(creds: string | null): boolean {
  try {
    return Boolean(creds && (JSON.parse(creds) as { paired?: unknown }).paired === true);
  } catch {
    return false;
  }
}

export function createSimulatorSession(options: ProviderOptions & SimulatorSessionOptions): ProviderSession {
  return new SimulatorSession(options);
}
