import type { FastifyBaseLogger } from 'fastify';
import type { WebhookEvent } from '@atende/contract';
import type { RedisClientType } from 'redis';
import type { Config } from '../config.js';
import type { BoundedMap } from '../channels/whatsapp/delivery.js';
import type { ProviderSession } from '../channels/whatsapp/provider.js';
import type { ProviderRegistry } from '../channels/whatsapp/registry.js';
import type { Database, DatabaseHandle } from '../db/database.js';
import type { AutomationHook, AutomationHooks } from './automation.js';
import type { LiveChannel } from './live.js';
import type { LoginLimiter } from './rate-limit.js';
import type { TokenService } from './tokens.js';
import type { Clock } from './clock.js';
import type { MediaStore } from './media.js';
import type { Uploads } from './uploads.js';

/**
 * What every module's routes and services receive: the process's shared parts, built once by the
 * composition root (composition.ts) and never changed after.
 */
export interface AppContext {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  tokens: TokenService;
  live: LiveChannel;
  loginLimiter: LoginLimiter;
  clock: Clock;
  log: FastifyBaseLogger;
  redis?: RedisClientType;
  /** Media files of the companies (DATA_DIR/media). */
  media: MediaStore;
  /** Files people upload: streamed to disk, limited per route, counted per company. */
  uploads: Uploads;
  /** WhatsApp sessions of this process (modules/connections); it also holds the one provider registry. */
  sessions: SessionManager;
  /** The outbox of this process: told when a message to send was stored. */
  outbox: OutboxBell;
  /** Told after an inbound message is stored or a ticket changes (the queue bot is one). */
  automation: AutomationHooks<AppContext>;
  /**
   * Delivery receipts that overtook the send they belong to (by connection and provider id), kept
   * until the outbox records that id (messages/message-acks.ts).
   */
  earlyAcks: EarlyAcks;
  /** Outgoing webhooks: told of every ticket, message and contact event once it has committed. */
  webhooks: WebhookPublisher;
}

/**
 * The door of the outgoing webhooks (modules/outgoing-webhooks builds it). `publish` neither
 * waits nor throws: the event is queued for the company's subscribers in the background, and
 * `data` (or the function that makes it) is only read when some subscriber listens to the event.
 */
export interface WebhookPublisher {
  publish(companyId: number, event: WebhookEvent, data: unknown): void;
  /** The subscriptions changed: what this process knows of them is read again. */
  forget(): void;
}

export type AppAutomationHook = AutomationHook<AppContext>;

export type EarlyAcks = BoundedMap<string, { ack: number; at: number }>;

export interface OutboxBell {
  /** A new row for this connection: send now when its session runs here. */
  kick(whatsappId: number): void;
}

/**
 * The WhatsApp sessions of this process, as the rest of the app sees them; the connections module
 * builds it (connections.sessions.ts) with the handler of every inbound event.
 */
export interface SessionManager {
  readonly nodeId: string;
  /** The one provider registry of this process: the only place a provider is chosen. */
  readonly registry: ProviderRegistry;
  /** True between start() and stop(): this process runs sessions (the worker role). */
  readonly running: boolean;
  /** Worker boot: takes every wanted connection it can and starts its session, then sweeps periodically. */
  start(): Promise<void>;
  /** Clean shutdown: stops every session (keeping their pairing) and releases the leases. */
  stop(): Promise<void>;
  /** Carries out what the connection's row now asks for, when this process holds or can take it. Never rejects. */
  poke(whatsappId: number): Promise<void>;
  /** One sweep now (the timer does this every renewEveryMs). */
  sweep(): Promise<void>;
  /** The live session of a connection in this process, if any. */
  session(whatsappId: number): ProviderSession | undefined;
  /** Resolves when no operation started so far is still running (tests). */
  idle(): Promise<void>;
}

/**
 * A part that lives in the context and also works with it (the session manager's event handler,
 * the outbox) reads it when work arrives: by then the context is whole.
 */
export type ContextSource = AppContext | (() => AppContext);

export const contextReader = (source: ContextSource): (() => AppContext) => (typeof source === 'function' ? source : () => source);
