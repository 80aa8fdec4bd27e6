/**
 * The composition root: every long-lived part of the server is built here, once, in the order
 * below, and handed to whoever needs it. Nothing starts while parts are built; `start()` starts
 * what the process's roles run (ROLES: api, realtime, worker) and `stop()` stops it again.
 *
 *  1. platform: database, clock, token service, login limiter, media store, provider registry
 *  2. live channel (socket.io; served only by the realtime role, emitting everywhere)
 *  3. conversation engine: inbound handler (with its batcher), automation hooks (the queue bot,
 *     the AI prompt agent, the queue integrations), early acks; then the session manager, which
 *     cannot exist without that handler
 *  4. the context, whole: what every route and service receives
 *  5. background parts of the worker role: sessions, outbox, ticket timers, schedule sender,
 *     contact-list number check, invoices, campaign dispatcher, webhook deliveries
 *
 * A new job (a campaign dispatcher, an invoice run...) is one more entry of `background`.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RedisClientType } from 'redis';
import type { Config, Role } from './config.js';
import { createProviderRegistry, type RegistryOptions } from './channels/whatsapp/registry.js';
import type { DatabaseHandle } from './db/database.js';
import { checkSessions, resolveActor } from './modules/auth/auth.service.js';
import { createPromptAgent, type PromptAgent } from './modules/bot/prompt-agent.js';
import { createIntegrationAgent, type IntegrationAgent } from './modules/bot/integrations/integration-agent.js';
import { queueBot } from './modules/bot/queue-bot.js';
import { createTicketTimers, type TicketTimers } from './modules/bot/ticket-timers.js';
import type { ChannelEventHandler } from './modules/connections/connections.events.js';
import { campaignConfirmations, createCampaignDispatcher, type CampaignDispatcher } from './modules/campaigns/campaign-dispatcher.js';
import { createNumberChecker, type NumberChecker } from './modules/contact-lists/contact-lists.jobs.js';
import { createSessionManager, type SessionManagerOptions } from './modules/connections/connections.sessions.js';
import { createInboundHandler, type InboundHandler } from './modules/inbound/inbound.handler.js';
import { createEarlyAcks } from './modules/messages/message-acks.js';
import { createOutbox, type Outbox } from './modules/messages/outbox.js';
import { createScheduleSender, type ScheduleSender } from './modules/schedules/schedule-sender.js';
import { createInvoiceJob, type InvoiceJob } from './modules/billing/billing.jobs.js';
import { WebhookDispatcher, createWebhookPublisher, type Publisher } from './modules/outgoing-webhooks/outgoing-webhooks.jobs.js';
import { registerTicketRoom } from './modules/tickets/tickets.routes.js';
import { registerUserPresence } from './modules/users/users.service.js';
import { createGuards, type Guards } from './platform/authenticate.js';
import { AutomationHooks } from './platform/automation.js';
import { systemClock, type Clock } from './platform/clock.js';
import type { AppContext } from './platform/context.js';
import { createLiveServer, type LiveServer } from './platform/live.js';
import { createMediaStore } from './platform/media.js';
import { createSecretBox } from './platform/sealed.js';
import { createLoginLimiter } from './platform/rate-limit.js';
import { createUploads } from './platform/uploads.js';
import { createTokenService } from './platform/tokens.js';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  redis?: RedisClientType;
  /** Access token lifetime override (tests of the expired-token path). */
  accessTokenTtlSeconds?: number;
  /** Provider defaults (simulator network, Baileys socket URL, Graph URL...); the simulator is on when config.simulator is. */
  whatsapp?: Omit<RegistryOptions, 'simulatorEnabled'>;
  /** Lease timings and node id of the WhatsApp session manager. */
  sessions?: SessionManagerOptions;
  /** In place of the conversation engine: where the sessions hand inbound events (tests that watch the sessions alone). */
  inboundEvents?: (log: FastifyBaseLogger) => ChannelEventHandler;
}

/** Something that runs in the background of a process of some role, started and stopped by the root. */
export interface BackgroundPart {
  name: string;
  role: Role;
  start(): Promise<void> | void;
  stop(): Promise<void>;
}

export interface Composition {
  ctx: AppContext;
  live: LiveServer;
  guards: Guards;
  /** The session manager's handler of inbound events (tests wait for its lanes). */
  inbound: ChannelEventHandler & Partial<Pick<InboundHandler, 'idle'>>;
  outbox: Outbox;
  ticketTimers: TicketTimers;
  scheduleSender: ScheduleSender;
  numberChecker: NumberChecker;
  invoiceJob: InvoiceJob;
  campaignDispatcher: CampaignDispatcher;
  /** The AI prompt agent (tests wait until it answered). */
  promptAgent: PromptAgent;
  /** Outgoing webhooks: the event publisher (every role) and the worker's sender. */
  webhookPublisher: Publisher;
  webhookDispatcher: WebhookDispatcher;
  /** The queue integrations' hook (tests wait until its answers are done). */
  integrationAgent: IntegrationAgent;
  /** Started in this order, stopped in the reverse one. */
  background: BackgroundPart[];
  /** Starts the background parts of these roles (the process's ROLES by default) that are not running yet. */
  start(roles?: Iterable<Role>): Promise<void>;
  /** Stops every background part, the last one first (also one a test started by hand). */
  stop(): Promise<void>;
  /** Names of the parts running now. */
  running(): string[];
}

/** Builds every part of one app on `app` (the Fastify instance whose server the socket attaches to). */
export function compose(app: FastifyInstance, options: AppOptions): Composition {
  const { config, database } = options;
  const log = app.log;

  // 1. Platform.
  const clock = options.clock ?? systemClock;
  const tokens = createTokenService(config.jwtSecret, options.accessTokenTtlSeconds);
  const loginLimiter = createLoginLimiter(config.login, options.redis);
  const media = createMediaStore({ dataDir: config.dataDir, ffmpegPath: config.ffmpegPath });
  const uploads = createUploads({ dataDir: config.dataDir, db: database.db, media, redis: options.redis, ...config.uploads });
  // The one provider registry of this process: the only place a connection's provider is chosen.
  const registry = createProviderRegistry({
    ...options.whatsapp,
    simulatorEnabled: config.simulator,
    // On a demo server the simulated line waits for its scan however long a newcomer takes to find it.
    simulatorSession: { keepOfferingQr: config.demo, ...options.whatsapp?.simulatorSession },
    cloud: { baseUrl: config.whatsappGraphUrl, ...options.whatsapp?.cloud },
  });

  // 2. Live channel. The handshake resolves callers through the context (read when a socket connects).
  const live = createLiveServer(
    app,
    { config, redis: options.redis, serve: config.roles.has('realtime'), log, checkSessions: (ids) => checkSessions(ctx, ids) },
    (token) => resolveActor(ctx, token),
  );

  // 3. Conversation engine. Sessions feed the engine, the engine answers through the outbox and the
  // outbox sends through the sessions: the handler and the outbox's bell read the context only
  // when work arrives, by then whole.
  // Prompts and integrations come after the queue bot: a menu choice may just have put the ticket
  // in a queue with one. At most one of them is in charge of a ticket (automated-agent.ts).
  const promptAgent = createPromptAgent();
  const integrationAgent = createIntegrationAgent();
  const automation = new AutomationHooks<AppContext>([queueBot, promptAgent, integrationAgent, campaignConfirmations(() => campaignDispatcher)]);
  const earlyAcks = createEarlyAcks();
  const webhookPublisher = createWebhookPublisher({ db: database.db, clock, log });
  const inbound = options.inboundEvents ? options.inboundEvents(log) : createInboundHandler(() => ctx);
  const sessions = createSessionManager(
    { db: database.db, live, log, clock, media, registry, handler: inbound },
    { nodeId: config.nodeId, ...options.sessions },
  );

  // 4. The context.
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    tokens,
    loginLimiter,
    clock,
    log,
    redis: options.redis,
    live,
    media,
    uploads,
    sessions,
    outbox: { kick: (whatsappId) => outbox.kick(whatsappId) },
    automation,
    earlyAcks,
    secrets: createSecretBox(config.secretsKey),
    webhooks: webhookPublisher,
  };
  const guards = createGuards((token, options) => resolveActor(ctx, token, options));

  // 5. Background work of the worker role. The sweeps work only while this process runs sessions.
  const outbox = createOutbox(ctx);
  const ticketTimers = createTicketTimers(ctx);
  const scheduleSender = createScheduleSender(ctx);
  const numberChecker = createNumberChecker(ctx);
  const invoiceJob = createInvoiceJob(ctx);
  const campaignDispatcher = createCampaignDispatcher(ctx);
  const webhookDispatcher = new WebhookDispatcher(ctx);
  const background: BackgroundPart[] = [
    { name: 'whatsapp-sessions', role: 'worker', start: () => sessions.start(), stop: () => sessions.stop() },
    { name: 'outbox', role: 'worker', start: () => outbox.start(), stop: () => outbox.stop() },
    { name: 'ticket-timers', role: 'worker', start: () => ticketTimers.start(), stop: () => ticketTimers.stop() },
    { name: 'schedule-sender', role: 'worker', start: () => scheduleSender.start(), stop: () => scheduleSender.stop() },
    { name: 'contact-list-number-check', role: 'worker', start: () => numberChecker.start(), stop: () => numberChecker.stop() },
    { name: 'invoices', role: 'worker', start: () => invoiceJob.start(), stop: () => invoiceJob.stop() },
    { name: 'campaign-dispatcher', role: 'worker', start: () => campaignDispatcher.start(), stop: () => campaignDispatcher.stop() },
    // Answers the AI or an integration is still working on finish before the parts they need stop.
    { name: 'prompt-agent', role: 'worker', start: () => undefined, stop: () => promptAgent.idle() },
    { name: 'integration-agent', role: 'worker', start: () => undefined, stop: () => integrationAgent.idle() },
    { name: 'webhook-deliveries', role: 'worker', start: () => webhookDispatcher.start(), stop: () => webhookDispatcher.stop() },
  ];

  // What sockets may join and who is online: the realtime role's, registered once.
  if (config.roles.has('realtime')) {
    registerTicketRoom(ctx, live);
    registerUserPresence(ctx, live);
  }

  const started: BackgroundPart[] = [];
  return {
    ctx,
    live,
    guards,
    inbound,
    outbox,
    ticketTimers,
    scheduleSender,
    numberChecker,
    invoiceJob,
    campaignDispatcher,
    promptAgent,
    webhookPublisher,
    webhookDispatcher,
    integrationAgent,
    background,
    async start(roles = config.roles) {
      const wanted = new Set(roles);
      for (const part of background) {
        if (!wanted.has(part.role) || started.includes(part)) continue;
        await part.start();
        started.push(part);
      }
    },
    async stop() {
      started.length = 0;
      for (const part of [...background].reverse()) await part.stop();
    },
    running: () => started.map((part) => part.name),
  };
}
