import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RedisClientType } from 'redis';
import { AppError } from './errors.js';

export interface LoginLimiter {
  /** Counts an attempt from this IP; throws 429 ERR_TOO_MANY_ATTEMPTS past the limit. */
  checkIp(ip: string): Promise<void>;
  /** Throws 429 while this email, tried from this IP, must still wait after its last failure. */
  checkPair(email: string, ip: string): Promise<void>;
  recordFailure(email: string, ip: string): Promise<void>;
  recordSuccess(email: string, ip: string): Promise<void>;
}

export interface LoginLimits {
  maxPerIp: number;
  windowSeconds: number;
  /** Failures of one email from one IP answered at once; each further one makes it wait. */
  freeFailures: number;
  maxDelaySeconds: number;
}

/** The first wait after the free failures; each further failure doubles it, up to the cap. */
export const FIRST_DELAY_SECONDS = 30;
/** How long failures of an email from an IP are remembered (a success forgets them). */
const FAILURE_MEMORY_SECONDS = 24 * 60 * 60;

/** Seconds to wait after the `failures`-th failure of an email from one IP. */
export function delayAfter(failures: number, limits: Pick<LoginLimits, 'freeFailures' | 'maxDelaySeconds'>): number {
  if (failures < limits.freeFailures) return 0;
  const doublings = Math.min(failures - limits.freeFailures, 30);
  return Math.min(limits.maxDelaySeconds, FIRST_DELAY_SECONDS * 2 ** doublings);
}

/** 429 with the seconds to wait, also sent as the Retry-After header by the login route. */
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError('ERR_TOO_MANY_ATTEMPTS', 429, { details: { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) } });

/**
 * A counter of `points` per `durationSeconds` and key: in Redis when several nodes share the load,
 * in memory otherwise. While Redis is down (or reconnecting) each node counts in its own memory
 * instead of waiting for Redis: the app keeps working, throttled per node until it is back.
 */
export function createRateLimiter(prefix: string, points: number, durationSeconds: number, redis?: RedisClientType): RateLimiterAbstract {
  const inMemory = new RateLimiterMemory({ keyPrefix: prefix, points, duration: durationSeconds });
  if (!redis) return inMemory;
  return new RateLimiterRedis({
    storeClient: redis, useRedisPackage: true, keyPrefix: prefix, points, duration: durationSeconds,
    rejectIfRedisNotReady: true, insuranceLimiter: inMemory,
  });
}

/**
 * Login throttling. Failures are counted per email and IP together and slow that pair down
 * progressively, so nobody can lock an account out for its owner signing in from elsewhere; a
 * generous cap of attempts per IP bounds guessing across many emails.
 */
export function createLoginLimiter(limits: LoginLimits, redis?: RedisClientType): LoginLimiter {
  const make = (prefix: string, points: number, duration: number) => createRateLimiter(prefix, points, duration, redis);
  const byIp = make('login-ip', limits.maxPerIp, limits.windowSeconds);
  const failures = make('login-failures', Number.MAX_SAFE_INTEGER, FAILURE_MEMORY_SECONDS);
  // A pair is blocked (block()) for its current wait after each failure past the free ones.
  const waits = make('login-wait', 1, 1);
  const pair = (email: string, ip: string) => `${ip} ${email}`;

  return {
    async checkIp(ip) {
      await byIp.consume(ip).catch((error) => {
        throw error instanceof RateLimiterRes ? tooManyAttempts(error.msBeforeNext / 1000) : error;
      });
    },
    async checkPair(email, ip) {
      const state = await waits.get(pair(email, ip));
      if (state && state.msBeforeNext > 0) throw tooManyAttempts(state.msBeforeNext / 1000);
    },
    async recordFailure(email, ip) {
      const key = pair(email, ip);
      const counted = await failures.consume(key);
      const delay = delayAfter(counted.consumedPoints, limits);
      if (delay > 0) await waits.block(key, delay);
    },
    async recordSuccess(email, ip) {
      const key = pair(email, ip);
      await Promise.all([failures.delete(key), waits.delete(key)]);
    },
  };
}
