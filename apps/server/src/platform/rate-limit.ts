import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RedisClientType } from 'redis';
import { AppError } from './errors.js';

export interface LoginLimiter {
  /** Counts an attempt from this IP; throws 429 ERR_TOO_MANY_ATTEMPTS past the limit. */
  checkIp(ip: string): Promise<void>;
  /** Throws 429 when this email already had too many failed attempts. */
  checkEmail(email: string): Promise<void>;
  recordFailure(email: string): Promise<void>;
  recordSuccess(email: string): Promise<void>;
}

interface Limits {
  maxPerIp: number;
  maxPerEmail: number;
  windowSeconds: number;
}

/**
 * Login throttling per IP (every attempt) and per email (failures only), in Redis when several
 * nodes share the load, in memory otherwise (and while Redis is unreachable).
 */
export function createLoginLimiter(limits: Limits, redis?: RedisClientType): LoginLimiter {
  const make = (prefix: string, points: number): RateLimiterAbstract => {
    const inMemory = new RateLimiterMemory({ keyPrefix: prefix, points, duration: limits.windowSeconds });
    if (!redis) return inMemory;
    // While Redis is down (or reconnecting) each node counts in its own memory instead of waiting
    // for Redis: login keeps working, throttled per node until the connection is back.
    return new RateLimiterRedis({
      storeClient: redis, useRedisPackage: true, keyPrefix: prefix, points, duration: limits.windowSeconds,
      rejectIfRedisNotReady: true, insuranceLimiter: inMemory,
    });
  };
  const byIp = make('login-ip', limits.maxPerIp);
  const byEmail = make('login-email', limits.maxPerEmail);

  const tooMany = (error: unknown) => {
    if (error instanceof RateLimiterRes) {
      return new AppError('ERR_TOO_MANY_ATTEMPTS', 429, { details: { retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) } });
    }
    return error;
  };

  return {
    async checkIp(ip) {
      await byIp.consume(ip).catch((e) => {
        throw tooMany(e);
      });
    },
    async checkEmail(email) {
      const state = await byEmail.get(email);
      if (state && state.consumedPoints >= limits.maxPerEmail) throw tooMany(state);
    },
    async recordFailure(email) {
      await byEmail.consume(email).catch(() => undefined);
    },
    async recordSuccess(email) {
      await byEmail.delete(email);
    },
  };
}
