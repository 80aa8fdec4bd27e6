/**
 * What every provider session shares: status bookkeeping, ordered event delivery, idempotent
 * sends, forward-only acks and eager media saving. Providers extend it and only speak their
 * network.
 */
import { systemClock, type Clock, type TimerHandle } from './clock.js';
import { AckLedger, IdempotentSender, backoffDelay, memorySendLedger, type BackoffPolicy } from './delivery.js';
import { ProviderEvents, SerialDelivery } from './events.js';
import {
  WhatsAppError,
  type AckLevel, type Capabilities, type ConnectionStatus, type InboundMessage, type ProviderEventName,
  type ProviderKind, type ProviderListener, type ProviderOptions, type SendResult, type StatusEvent,
} from './provider.js';

export abstract class SessionBase {
  abstract readonly kind: ProviderKind;
  abstract readonly capabilities: Capabilities;

  protected readonly events = new ProviderEvents();
  protected readonly delivery: SerialDelivery;
  protected readonly sender: IdempotentSender;
  protected readonly acks = new AckLedger();
  protected readonly clock: Clock;
  protected currentStatus: ConnectionStatus = 'DISCONNECTED';
  protected retries = 0;

  constructor(protected readonly options: ProviderOptions) {
    this.clock = options.clock ?? systemClock;
    this.delivery = new SerialDelivery(this.events, options.logger);
    this.sender = new IdempotentSender(options.sendLedger ?? memorySendLedger(), (error) =>
      options.logger.error({ err: error }, 'could not record a sent message; a retry of the same key may send again'));
  }

  get connectionId(): number {
    return this.options.connectionId;
  }

  get status(): ConnectionStatus {
    return this.currentStatus;
  }

  on<K extends ProviderEventName>(event: K, listener: ProviderListener<K>): () => void {
    return this.events.on(event, listener);
  }

  off<K extends ProviderEventName>(event: K, listener: ProviderListener<K>): void {
    this.events.off(event, listener);
  }

  protected setStatus(status: ConnectionStatus, extra: Omit<StatusEvent, 'status' | 'retries'> = {}): void {
    this.currentStatus = status;
    void this.delivery.push('status', { status, retries: this.retries, ...extra });
  }

  /**
   * After a failed attempt: the next one after a capped exponential backoff with jitter, announced
   * with its time. A session never gives up on its own (only a logout or a ban ends it): past
   * `maxRetries` failures in a row it shows DISCONNECTED, still trying at most `maxDelayMs` apart.
   */
  protected retryLater(policy: BackoffPolicy, attempt: () => void, extra: Omit<StatusEvent, 'status' | 'retries' | 'nextRetryAt'> = {}): TimerHandle {
    this.retries++;
    const delay = backoffDelay(policy, this.retries);
    const unreachable = this.retries > policy.maxRetries;
    this.setStatus(unreachable ? 'DISCONNECTED' : 'TIMEOUT', {
      ...extra,
      ...(unreachable ? { reason: 'unreachable' } : {}),
      nextRetryAt: this.clock.now() + delay,
    });
    return this.clock.setTimeout(attempt, delay);
  }

  /** Emits the ack only when it moves the message forward. */
  protected pushAck(providerMessageId: string, ack: AckLevel, extra: { chatId?: string; timestamp?: number; stale?: boolean } = {}): void {
    if (this.acks.advance(providerMessageId, ack)) {
      void this.delivery.push('ack', { providerMessageId, ack, ...extra });
    }
  }

  /** Queues an inbound message; its media is saved first when a sink is configured. */
  protected deliverMessage(message: InboundMessage): void {
    void this.delivery.pushLazy('message', message.chatId, () => this.withStoredMedia(message));
  }

  /** Saves the media first when a sink is configured, so an expiring provider URL is never the only copy. */
  protected async withStoredMedia(message: InboundMessage): Promise<InboundMessage> {
    const sink = this.options.mediaSink;
    if (!sink || !message.media || message.history) return message;
    try {
      const data = await message.media.fetch();
      const storedAs = await sink.save({
        companyId: this.options.companyId,
        connectionId: this.options.connectionId,
        providerMessageId: message.providerMessageId,
        mimeType: message.media.mimeType,
        fileName: message.media.fileName,
        data,
      });
      return { ...message, media: { ...message.media, storedAs } };
    } catch (error) {
      this.options.logger.warn({ err: error, id: message.providerMessageId }, 'could not save inbound media; it can be fetched later');
      return message;
    }
  }

  protected requireConnected(): void {
    if (this.currentStatus !== 'CONNECTED') throw new WhatsAppError('ERR_WAPP_NOT_INITIALIZED');
  }

  protected requireCapability(flag: keyof Capabilities): void {
    if (!this.capabilities[flag]) throw new WhatsAppError('ERR_WAPP_UNSUPPORTED', `${this.kind} cannot ${flag}`);
  }

  /** Runs a send once per key; failures that are not ours become ERR_SENDING_WAPP_MSG. */
  protected sendOnce(idempotencyKey: string, send: () => Promise<SendResult>): Promise<SendResult> {
    return this.sender.run(idempotencyKey, async () => {
      this.requireConnected();
      try {
        return await send();
      } catch (error) {
        if (error instanceof WhatsAppError) throw error;
        throw new WhatsAppError('ERR_SENDING_WAPP_MSG', (error as Error)?.message, { cause: error });
      }
    });
  }
}
