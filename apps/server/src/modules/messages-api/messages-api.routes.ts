import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES_API, UPLOADS, externalMessageInput, idempotencyKeyHeader } from '@atende/contract';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { bearerToken } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { createRateLimiter } from '../../platform/rate-limit.js';
import { parse } from '../../platform/validation.js';
import { assertMaySend } from './messages-api.policy.js';
import { findConnectionByToken } from './messages-api.repository.js';
import { sendExternal, type ExternalSend } from './messages-api.service.js';

/** JSON `{ number, body, ... }`, or multipart with the same fields as text parts and `medias` files. */
async function readSend(ctx: AppContext, request: FastifyRequest): Promise<ExternalSend> {
  const { idempotencyKey } = parse(idempotencyKeyHeader, { idempotencyKey: request.headers['idempotency-key'] });
  if (!request.isMultipart()) return { ...parse(externalMessageInput, request.body), medias: [], idempotencyKey };
  const { files, fields } = await ctx.uploads.receive(request, { field: MESSAGES_API.mediaField, maxBytes: UPLOADS.mediaMaxBytes, maxFiles: UPLOADS.filesPerMessage });
  return { ...parse(externalMessageInput, fields), medias: files, idempotencyKey };
}

/**
 * The external messages API: systems outside send WhatsApp messages with a
 * connection's token as bearer, no user session. Throttled per connection, so one integration
 * that loops cannot flood the company's number.
 */
export async function messagesApiRoutes(app: FastifyInstance, ctx: AppContext) {
  const limiter = createRateLimiter('messages-api', MESSAGES_API.perMinute, 60, ctx.redis);

  app.post('/messages/send', async (request) => {
    const token = bearerToken(request);
    const connection = token ? await findConnectionByToken(ctx.db, token) : undefined;
    assertMaySend(connection, ctx.clock.now());
    // Counted per token (its hash: the secret itself is never written to Redis).
    await limiter.consume(createHash('sha256').update(token!).digest('base64url')).catch((error: unknown) => {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw new AppError('ERR_TOO_MANY_REQUESTS', 429, { details: { retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) } });
    });
    return sendExternal(ctx, connection, await readSend(ctx, request));
  });
}
