import type { FastifyInstance } from 'fastify';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { forgetPasswordParams, resetPasswordParams } from '@atende/contract';
import type { AppContext } from '../../platform/context.js';
import { createMailer } from '../../platform/mailer.js';
import { tooManyAttempts } from '../../platform/rate-limit.js';
import { parse } from '../../platform/validation.js';
import { recoveryStatus, requestCode, resetPassword } from './password-recovery.service.js';

/**
 * How often codes may be asked for and tried. Per email, so nobody floods a mailbox; per IP, so
 * nobody walks a list of addresses or guesses codes across many accounts. The limits do not
 * depend on whether the address exists, so they reveal nothing either.
 */
const LIMITS = {
  requestsPerEmail: { points: 3, duration: 15 * 60 },
  requestsPerIp: { points: 20, duration: 60 * 60 },
  resetsPerIp: { points: 30, duration: 15 * 60 },
};

function limiter(ctx: AppContext, prefix: string, limit: { points: number; duration: number }): RateLimiterAbstract {
  const inMemory = new RateLimiterMemory({ keyPrefix: prefix, ...limit });
  if (!ctx.redis) return inMemory;
  return new RateLimiterRedis({ storeClient: ctx.redis, useRedisPackage: true, keyPrefix: prefix, ...limit, rejectIfRedisNotReady: true, insuranceLimiter: inMemory });
}

async function consume(limit: RateLimiterAbstract, key: string): Promise<void> {
  await limit.consume(key).catch((error) => {
    throw error instanceof RateLimiterRes ? tooManyAttempts(error.msBeforeNext / 1000) : error;
  });
}

/** Public routes of password recovery (spec: POST /forgetpassword/{email}, POST /resetpasswords/{email}/{token}/{password}). */
export async function passwordRecoveryRoutes(app: FastifyInstance, ctx: AppContext) {
  const mailer = createMailer(ctx.config.smtpUrl);
  if (!mailer) ctx.log.warn('SMTP_URL is not set: password recovery by email is off');
  const perEmail = limiter(ctx, 'recovery-email', LIMITS.requestsPerEmail);
  const perIp = limiter(ctx, 'recovery-ip', LIMITS.requestsPerIp);
  const resetsPerIp = limiter(ctx, 'recovery-reset-ip', LIMITS.resetsPerIp);

  /** Whether the forgot-password page can offer recovery at all. */
  app.get('/forgetpassword', async () => recoveryStatus(mailer));

  app.post('/forgetpassword/:email', async (request) => {
    const { email } = parse(forgetPasswordParams, request.params);
    await consume(perIp, request.ip);
    await consume(perEmail, email);
    await requestCode(ctx, mailer, email);
    return {};
  });

  app.post('/resetpasswords/:email/:token/:password', async (request) => {
    const input = parse(resetPasswordParams, request.params);
    await consume(resetsPerIp, request.ip);
    await resetPassword(ctx, input);
    return {};
  });
}
