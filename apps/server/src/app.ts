import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { RedisClientType } from 'redis';
import type { Config } from './config.js';
import { createProviderRegistry, type RegistryOptions } from './channels/whatsapp/registry.js';
import { createSessionManager, type SessionManagerOptions } from './modules/connections/connections.sessions.js';
import type { DatabaseHandle } from './db/database.js';
import { createGuards, resolveActor } from './platform/authenticate.js';
import { systemClock, type Clock } from './platform/clock.js';
import type { AppContext } from './platform/context.js';
import { AppError } from './platform/errors.js';
import { createLiveServer, type LiveServer } from './platform/live.js';
import { createMediaStore } from './platform/media.js';
import { createLoginLimiter } from './platform/rate-limit.js';
import { createTokenService } from './platform/tokens.js';
import { apiModules } from './modules/index.js';

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
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  live: LiveServer;
  /**
   * The worker role: starts the WhatsApp sessions of this process (boot, lease sweeps). They stop
   * and release their leases when the app closes.
   */
  startWorker(): Promise<void>;
}

/** Builds the HTTP app: `/api/*`, the socket at `/socket.io`, the SPA on every other path. */
export async function buildApp(options: AppOptions): Promise<BuiltApp> {
  const { config, database } = options;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    // A path the router cannot decode (invalid UTF-8 such as %ED%A0%80) is bad input like any other.
    frameworkErrors: (_error, _request, reply) => reply.code(400).send({ error: 'ERR_VALIDATION' }),
  });

  const ctx = {
    config,
    database,
    db: database.db,
    tokens: createTokenService(config.jwtSecret, options.accessTokenTtlSeconds),
    loginLimiter: createLoginLimiter(config.login, options.redis),
    clock: options.clock ?? systemClock,
    log: app.log,
    redis: options.redis,
  } as AppContext;
  const live = createLiveServer(app, ctx, (token) => resolveActor(ctx, token));
  ctx.live = live;
  ctx.media = createMediaStore({ dataDir: config.dataDir, ffmpegPath: config.ffmpegPath });
  // The one provider registry of this process: the only place a connection's provider is chosen.
  const registry = createProviderRegistry({
    ...options.whatsapp,
    simulatorEnabled: config.simulator,
    cloud: { baseUrl: config.whatsappGraphUrl, ...options.whatsapp?.cloud },
  });
  ctx.sessions = createSessionManager(
    { db: ctx.db, live, log: app.log, clock: ctx.clock, media: ctx.media, registry },
    options.sessions,
  );
  const guards = createGuards(ctx);

  app.decorateRequest('actor', null);
  await app.register(cookie);
  if (config.corsOrigins.length) await app.register(cors, { origin: config.corsOrigins, credentials: true });
  await app.register(multipart, { limits: { fileSize: 64 * 1024 * 1024, files: 10 } });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return reply.code(error.status).send(error.toBody());
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return reply.code(413).send({ error: 'ERR_PAYLOAD_TOO_LARGE' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type and the like: the caller's mistake, said plainly.
      return reply.code(error.statusCode).send({ error: 'ERR_VALIDATION' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'ERR_INTERNAL' });
  });

  await app.register(
    async (api) => {
      for (const register of apiModules) await register(api, ctx, guards, live);
      api.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'ERR_NOT_FOUND' }));
    },
    { prefix: '/api' },
  );

  serveWebApp(app, config.webDist);

  app.addHook('preClose', async () => {
    live.io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await ctx.sessions.stop();
  });

  return { app, ctx, live, startWorker: () => ctx.sessions.start() };
}

/** The built SPA: real files as they are, every other non-API path gets index.html. */
function serveWebApp(app: FastifyInstance, webDist: string) {
  if (!existsSync(join(webDist, 'index.html'))) {
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'ERR_NOT_FOUND' }));
    return;
  }
  app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h', immutable: false });
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' || request.url.startsWith('/api/') || request.url.startsWith('/socket.io')) {
      return reply.code(404).send({ error: 'ERR_NOT_FOUND' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
