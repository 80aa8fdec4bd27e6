import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import { UPLOADS } from '@atende/contract';
import fastifyStatic from '@fastify/static';
import type { Role } from './config.js';
import { compose, type AppOptions, type Composition } from './composition.js';
import type { AppContext } from './platform/context.js';
import { AppError } from './platform/errors.js';
import type { LiveServer } from './platform/live.js';
import { isDatabaseUnavailable } from './db/database.js';
import { isRedisUnavailable } from './platform/redis.js';
import { securityHeaders } from './platform/security-headers.js';
import { crossOriginAccess } from './platform/cors.js';
import { catalogRoutes } from './platform/route-catalog.js';
import { apiModules } from './modules/index.js';

export type { AppOptions } from './composition.js';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  live: LiveServer;
  /** Every part the composition root built (outbox, timers, inbound handler...), for tests and main.ts. */
  parts: Composition;
  /** Starts the background work of the process's roles (ROLES); app.close() stops it. */
  start(): Promise<void>;
  /**
   * The worker role's background work (sessions, outbox, ticket timers, schedule sender), whatever
   * ROLES says: the WhatsApp sessions stop and release their leases when the app closes.
   */
  startWorker(): Promise<void>;
}

/**
 * Builds the HTTP app of the process's roles: `/api/*` and the SPA on every other path (api), the
 * socket at `/socket.io` (realtime). Nothing runs in the background until `start()`.
 */
export async function buildApp(options: AppOptions): Promise<BuiltApp> {
  const { config, database } = options;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    // A path the router cannot decode (invalid UTF-8 such as %ED%A0%80) is bad input like any other.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply).code(400).send({ error: 'ERR_VALIDATION' });
    },
    // Clients write collection addresses with or without the final slash (`/contacts/?page=1`).
    routerOptions: { ignoreTrailingSlash: true },
  });

  const parts = compose(app, options);
  const { ctx, live, guards } = parts;

  app.decorateRequest('actor', null);
  catalogRoutes(app);
  await app.register(cookie);
  await app.register(helmet, securityHeaders(config));
  if (config.corsOrigins.length) await app.register(cors, crossOriginAccess(config.corsOrigins));
  // Routes read files with ctx.uploads, which sets each route's own limits; these bound the rest.
  await app.register(multipart, { limits: { fileSize: UPLOADS.mediaMaxBytes, files: UPLOADS.filesPerMessage, fields: 20, fieldSize: 64 * 1024, parts: 40 } });
  app.addHook('onSend', async (request, _reply, payload) => {
    await ctx.uploads.discard(request);
    return payload;
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const wait = error.extra.details?.retryAfterSeconds;
      if (typeof wait === 'number') reply.header('retry-after', String(wait));
      return reply.code(error.status).send(error.toBody());
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return reply.code(413).send({ error: 'ERR_PAYLOAD_TOO_LARGE' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type and the like: the caller's mistake, said plainly.
      return reply.code(error.statusCode).send({ error: 'ERR_VALIDATION' });
    }
    if (isDatabaseUnavailable(error) || isRedisUnavailable(error)) {
      // A lost connection (being re-opened) or a lock waited past its limit: a retry may succeed.
      request.log.warn({ err: error }, 'database or redis unavailable');
      return reply.code(503).send({ error: 'ERR_SERVICE_UNAVAILABLE' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'ERR_INTERNAL' });
  });

  if (config.roles.has('api')) {
    await app.register(
      async (api) => {
        for (const register of apiModules) await register(api, ctx, guards);
        api.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'ERR_NOT_FOUND' }));
      },
      { prefix: '/api' },
    );
    serveWebApp(app, config.webDist);
  } else {
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'ERR_NOT_FOUND' }));
  }

  app.addHook('preClose', async () => {
    live.io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await parts.stop();
    // The engine's ping timers and the Redis adapter's subscriptions end with socket.io itself.
    await live.close();
  });

  const worker: Role[] = ['worker'];
  return { app, ctx, live, parts, start: () => parts.start(), startWorker: () => parts.start(worker) };
}

/** The built SPA: real files as they are, every other non-API path gets index.html. */
function serveWebApp(app: FastifyInstance, webDist: string) {
  if (!existsSync(join(webDist, 'index.html'))) {
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'ERR_NOT_FOUND' }));
    return;
  }
  app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h', immutable: false });
  // The build names its scripts and styles after their content: a cached one never needs asking
  // about again, which spares a returning agent a revalidation of every chunk of the first screen.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/assets/') && reply.statusCode === 200) reply.header('cache-control', 'public, max-age=31536000, immutable');
    return payload;
  });
  app.setNotFoundHandler((request, reply) => {
    // A chunk a newer build no longer has is missing, not the page: a page in its place breaks the
    // loading script with a wrong type, and would be kept as that chunk.
    if (request.method !== 'GET' || request.url.startsWith('/api/') || request.url.startsWith('/socket.io') || request.url.startsWith('/assets/')) {
      return reply.code(404).send({ error: 'ERR_NOT_FOUND' });
    }
    // Asked about on every visit: after a deployment the page must name the new chunks at once.
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
}
