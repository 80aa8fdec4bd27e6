/**
 * Provider over the official WhatsApp Cloud API. There is no socket: "connected" means the phone
 * number answers with our token; inbound arrives by webhook through `receiveWebhook`. Meta's
 * rule that free-form messages need the customer to have written in the last 24 h is checked
 * before sending (and Meta's own refusal, code 131047, maps to the same error).
 */
import type { TimerHandle } from '../clock.js';
import { defaultBackoff, BoundedMap, type BackoffPolicy } from '../delivery.js';
import { canonicalNumber, jidToNumber, toChatId } from '../numbers.js';
import {
  WhatsAppError,
  type Capabilities, type CheckNumberResult, type InboundMessage, type ProviderOptions, type ProviderSession,
  type SendContactInput, type SendLocationInput, type SendMediaInput, type SendResult, type SendTextInput,
  type SendVoiceInput,
} from '../provider.js';
import { SessionBase } from '../session-base.js';
import { parseVcards } from '../vcard.js';
import { GraphClient, GraphCodes, GraphError } from './graph-client.js';
import { DEFAULT_STALE_AFTER_MS, mapWebhook } from './webhook.js';

export interface CloudConnectionConfig {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  baseUrl?: string;
}

export interface CloudSessionOptions extends CloudConnectionConfig {
  /** When the customer last wrote (ms), from the message store; the session's own memory is the fallback. */
  lastInboundAt?: (chatId: string) => Promise<number | null>;
  staleAfterMs?: number;
  /** Drop stale events instead of flagging them. Off by default: see webhook.ts. */
  dropStale?: boolean;
  customerWindowMs?: number;
  reconnect?: Partial<BackoffPolicy>;
  fetch?: typeof fetch;
}

export const CLOUD_CAPABILITIES: Readonly<Capabilities> = Object.freeze({
  qr: false, pairingCode: false, edit: false, delete: false, voice: true, location: true, contactCard: true,
  calls: false, customerWindow24h: true, markRead: true, profilePicture: false, numberCheck: false, history: false,
});

const DAY_MS = 24 * 60 * 60_000;

type Outgoing = Record<string, unknown> & { type: string };

export class CloudSession extends SessionBase implements ProviderSession {
  readonly kind = 'cloud' as const;
  readonly capabilities = CLOUD_CAPABILITIES;
  private readonly graph: GraphClient;
  private readonly config: CloudSessionOptions;
  private readonly policy: BackoffPolicy;
  private readonly lastInbound = new BoundedMap<string, number>(50_000);
  private timer: TimerHandle | undefined;
  private running = false;

  constructor(options: ProviderOptions & CloudSessionOptions) {
    super(options);
    this.config = options;
    this.policy = { ...defaultBackoff, ...options.reconnect };
    this.graph = new GraphClient({ baseUrl: options.baseUrl, accessToken: options.accessToken, fetch: options.fetch });
  }

  async start(): Promise<void> {
    this.running = true;
    this.retries = 0;
    await this.probe();
    await this.delivery.idle();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.clock.clearTimeout(this.timer);
    if (this.currentStatus !== 'DISCONNECTED') this.setStatus('DISCONNECTED');
    await this.delivery.idle();
  }

  /** Nothing is paired on our side; the stored state is wiped for symmetry with other providers. */
  async logout(): Promise<void> {
    await this.stop();
    await this.options.authStore.clear();
  }

  /** Maps a verified webhook payload and waits for every listener: answer 200 only after this resolves. */
  async receiveWebhook(payload: unknown): Promise<void> {
    const events = mapWebhook(payload, { now: this.clock.now(), staleAfterMs: this.config.staleAfterMs ?? DEFAULT_STALE_AFTER_MS });
    for (const event of events) {
      if (event.phoneNumberId !== this.config.phoneNumberId) continue;
      if (event.type === 'message') {
        const m = event.message;
        if (m.stale && this.config.dropStale) continue;
        const known = this.lastInbound.get(m.chatId) ?? 0;
        if (m.timestamp > known) this.lastInbound.set(m.chatId, m.timestamp);
        const ref = m.media?.ref;
        const message: InboundMessage = {
          ...m,
          media: m.media && ref ? { ...m.media, fetch: () => this.downloadMedia(ref) } : undefined,
        };
        await this.events.emit('message', await this.withStoredMedia(message));
      } else if (event.type === 'ack') {
        if (event.ack.stale && this.config.dropStale) continue;
        if (this.acks.advance(event.ack.providerMessageId, event.ack.ack)) await this.events.emit('ack', event.ack);
      } else if (event.type === 'edit') await this.events.emit('edit', event.edit);
      else if (event.type === 'revoke') await this.events.emit('revoke', event.revoke);
      else if (event.type === 'sendFailed') await this.events.emit('sendFailed', event.failure);
      else this.options.logger.warn({ code: event.code, title: event.title, details: event.details }, 'cloud api reported an error');
    }
  }

  sendText(input: SendTextInput): Promise<SendResult> {
    return this.send(input.idempotencyKey, input.to, input.quotedId, { type: 'text', text: { body: input.body, preview_url: true } });
  }

  sendMedia(input: SendMediaInput): Promise<SendResult> {
    return this.sendWithUpload(input, input.kind, input.data, input.mimeType, (id) => {
      const object: Record<string, unknown> = { id };
      if (input.caption && input.kind !== 'audio' && input.kind !== 'sticker') object.caption = input.caption;
      if (input.kind === 'document' && input.fileName) object.filename = input.fileName;
      return object;
    }, input.fileName);
  }

  sendVoice(input: SendVoiceInput): Promise<SendResult> {
    return this.sendWithUpload(input, 'audio', input.data, input.mimeType ?? 'audio/ogg; codecs=opus', (id) => ({ id, voice: true }), 'voice.ogg');
  }

  sendLocation(input: SendLocationInput): Promise<SendResult> {
    const { latitude, longitude, name, address } = input;
    return this.send(input.idempotencyKey, input.to, input.quotedId, { type: 'location', location: { latitude, longitude, name, address } });
  }

  sendContact(input: SendContactInput): Promise<SendResult> {
    const contacts = input.contacts.map((card) => {
      const fromCard = card.vcard ? parseVcards(card.vcard).flatMap((c) => c.numbers) : [];
      const numbers = fromCard.length > 0 ? fromCard : [canonicalNumber(card.number)];
      return {
        name: { formatted_name: card.name, first_name: card.name },
        phones: numbers.map((n) => ({ phone: `+${n}`, wa_id: n, type: 'CELL' })),
      };
    });
    return this.send(input.idempotencyKey, input.to, input.quotedId, { type: 'contacts', contacts });
  }

  async editMessage(): Promise<void> {
    this.requireCapability('edit');
  }

  async deleteMessage(): Promise<void> {
    this.requireCapability('delete');
  }

  /** Marking the newest one read marks the earlier ones too. */
  async markRead(input: { chatId: string; providerMessageIds: string[] }): Promise<void> {
    this.requireConnected();
    const last = input.providerMessageIds.at(-1);
    if (!last) return;
    await this.call(() => this.graph.request('POST', `/${this.config.phoneNumberId}/messages`, { messaging_product: 'whatsapp', status: 'read', message_id: last }));
  }

  async downloadMedia(ref: string): Promise<Buffer> {
    try {
      return (await this.graph.downloadMedia(ref)).data;
    } catch (error) {
      throw new WhatsAppError('ERR_WAPP_DOWNLOAD_MEDIA', (error as Error).message, { cause: error });
    }
  }

  async profilePicture(): Promise<string | null> {
    return null;
  }

  /** The Cloud API has no contact lookup; any plausible number is assumed to exist. */
  async checkNumber(number: string): Promise<CheckNumberResult> {
    const chatId = toChatId(number);
    const digits = jidToNumber(chatId);
    if (!digits || digits.length < 8) return { exists: false, chatId: null, verified: false };
    return { exists: true, chatId, verified: false };
  }

  // ---- internals --------------------------------------------------------------------------

  private async probe(): Promise<void> {
    if (!this.running) return;
    if (this.currentStatus !== 'CONNECTED') this.setStatus('OPENING');
    try {
      await this.graph.request('GET', `/${encodeURIComponent(this.config.phoneNumberId)}?fields=id,display_phone_number`);
      this.retries = 0;
      if (this.running) this.setStatus('CONNECTED');
    } catch (error) {
      if (!this.running) return;
      if (error instanceof GraphError && (error.status === 401 || error.code === GraphCodes.INVALID_TOKEN || error.status === 404)) {
        this.running = false;
        this.setStatus('DISCONNECTED', { reason: error.status === 404 ? 'unknown_phone_number' : 'invalid_token' });
        return;
      }
      this.timer = this.retryLater(this.policy, () => void this.probe());
    }
  }

  private async ensureWindowOpen(chatId: string): Promise<void> {
    const fromStore = this.config.lastInboundAt ? await this.config.lastInboundAt(chatId) : null;
    const last = Math.max(fromStore ?? 0, this.lastInbound.get(chatId) ?? 0);
    if (this.clock.now() - last > (this.config.customerWindowMs ?? DAY_MS)) throw new WhatsAppError('ERR_WAPP_WINDOW_CLOSED');
  }

  private sendWithUpload(
    input: { idempotencyKey: string; to: string; quotedId?: string },
    type: string, data: Buffer, mimeType: string, object: (mediaId: string) => Record<string, unknown>, fileName?: string,
  ): Promise<SendResult> {
    return this.send(input.idempotencyKey, input.to, input.quotedId, async () => {
      const id = await this.call(() => this.graph.uploadMedia(this.config.phoneNumberId, data, mimeType, fileName));
      return { type, [type]: object(id) };
    });
  }

  private send(key: string, to: string, quotedId: string | undefined, content: Outgoing | (() => Promise<Outgoing>)): Promise<SendResult> {
    return this.sendOnce(key, async () => {
      const chatId = toChatId(to);
      const number = jidToNumber(chatId);
      if (!number) throw new WhatsAppError('ERR_WAPP_INVALID_CONTACT', 'the Cloud API sends to phone numbers only');
      await this.ensureWindowOpen(chatId);
      const body = typeof content === 'function' ? await content() : content;
      const answer = await this.call(() => this.graph.request<{ messages?: Array<{ id: string }> }>('POST', `/${this.config.phoneNumberId}/messages`, {
        messaging_product: 'whatsapp', recipient_type: 'individual', to: number,
        ...(quotedId ? { context: { message_id: quotedId } } : {}),
        ...body,
      }));
      const providerMessageId = answer.messages?.[0]?.id;
      if (!providerMessageId) throw new WhatsAppError('ERR_SENDING_WAPP_MSG', 'the Graph API answered without a message id');
      return { providerMessageId, timestamp: this.clock.now() };
    });
  }

  /** Translates Graph failures into our codes; a dead token takes the connection down. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (!(error instanceof GraphError)) throw new WhatsAppError('ERR_SENDING_WAPP_MSG', (error as Error)?.message, { cause: error });
      if (error.code === GraphCodes.REENGAGEMENT) throw new WhatsAppError('ERR_WAPP_WINDOW_CLOSED', error.message, { cause: error });
      if (error.code === GraphCodes.UNDELIVERABLE || error.code === GraphCodes.RECIPIENT_NOT_ALLOWED) {
        throw new WhatsAppError('ERR_WAPP_INVALID_CONTACT', error.message, { cause: error });
      }
      if (error.status === 401 || error.code === GraphCodes.INVALID_TOKEN) {
        this.running = false;
        this.clock.clearTimeout(this.timer);
        this.setStatus('DISCONNECTED', { reason: 'invalid_token' });
        throw new WhatsAppError('ERR_WAPP_NOT_INITIALIZED', error.message, { cause: error });
      }
      throw new WhatsAppError('ERR_SENDING_WAPP_MSG', error.message, { cause: error });
    }
  }
}

export function createCloudSession(options: ProviderOptions & CloudSessionOptions): ProviderSession {
  return new CloudSession(options);
}
