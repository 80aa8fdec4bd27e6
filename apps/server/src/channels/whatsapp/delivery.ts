/**
 * Bookkeeping every provider needs around messages: sending once per idempotency key, acks that
 * only move forward, and the reconnect backoff. Providers deliver at least once and out of order;
 * these make each session behave as if they did not.
 */
import { createHash } from 'node:crypto';
import type { AckLevel, SendLedger, SendResult } from './provider.js';

/**
 * A message id derived from the idempotency key, in the shape WhatsApp Web uses ('3EB0' + hex).
 * Providers that let us choose the id (Baileys, simulator) send the same key with the same id
 * even from another process, so the recipient's phone sees one message.
 */
export function messageIdFor(connectionId: number, idempotencyKey: string, prefix = '3EB0'): string {
  const hash = createHash('sha256').update(`${connectionId}:${idempotencyKey}`).digest('hex').toUpperCase();
  return prefix + hash.slice(0, 18);
}

/** A bounded map that forgets the oldest entries: sessions run for months. */
export class BoundedMap<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    return this.map.get(key);
  }
  has(key: K): boolean {
    return this.map.has(key);
  }
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) {
      const oldest = this.map.keys().next().value as K;
      this.map.delete(oldest);
    }
  }
  delete(key: K): void {
    this.map.delete(key);
  }
}

export function memorySendLedger(capacity = 5000): SendLedger {
  const results = new BoundedMap<string, SendResult>(capacity);
  return {
    get: async (key) => results.get(key),
    put: async (key, result) => results.set(key, result),
  };
}

/**
 * Sends at most once per key: a second call while the first is in flight gets the same promise;
 * after success the stored result is returned without sending. A failed send is forgotten so the
 * caller may retry it.
 */
export class IdempotentSender {
  private readonly inFlight = new Map<string, Promise<SendResult>>();

  constructor(
    private readonly ledger: SendLedger = memorySendLedger(),
    /** A failed ledger write is reported, not thrown: the message did go out. */
    private readonly onLedgerError: (error: unknown) => void = () => undefined,
  ) {}

  run(idempotencyKey: string, send: () => Promise<SendResult>): Promise<SendResult> {
    const running = this.inFlight.get(idempotencyKey);
    if (running) return running;
    const attempt = (async () => {
      const done = await this.ledger.get(idempotencyKey);
      if (done) return done;
      const result = await send();
      await this.ledger.put(idempotencyKey, result).catch(this.onLedgerError);
      return result;
    })().finally(() => this.inFlight.delete(idempotencyKey));
    this.inFlight.set(idempotencyKey, attempt);
    return attempt;
  }
}

/** Highest ack seen per message; `advance` says whether an ack is news. */
export class AckLedger {
  private readonly acks = new BoundedMap<string, AckLevel>(20_000);

  advance(providerMessageId: string, ack: AckLevel): boolean {
    const seen = this.acks.get(providerMessageId) ?? 0;
    if (ack <= seen) return false;
    this.acks.set(providerMessageId, ack);
    return true;
  }

  current(providerMessageId: string): AckLevel | undefined {
    return this.acks.get(providerMessageId);
  }
}

export interface BackoffPolicy {
  /** Failed attempts in a row after which the connection shows DISCONNECTED (it keeps trying, maxDelayMs apart). */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** 0..1: spread of the random part, so many sessions do not reconnect in lockstep after an outage. */
  jitter: number;
}

export const defaultBackoff: BackoffPolicy = { maxRetries: 8, baseDelayMs: 2_000, maxDelayMs: 60_000, jitter: 0.2 };

/** Delay before attempt number `retry` (1-based): base * 2^(retry-1), capped, with jitter. */
export function backoffDelay(policy: BackoffPolicy, retry: number, random: () => number = Math.random): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  const spread = exponential * policy.jitter;
  return Math.round(exponential - spread + random() * 2 * spread);
}
