import { randomBytes } from 'node:crypto';
import { createClient, type RedisClientType } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { FIRST_DELAY_SECONDS, createLoginLimiter } from './rate-limit.js';

/**
 * Login throttling on both of its stores: memory (one process) and Redis (several nodes; run
 * with REDIS_URL). The same failures must slow down the same pair, and no one else.
 */
const redisUrl = process.env.REDIS_URL;
let redis: RedisClientType | undefined;
afterAll(async () => {
  await redis?.quit();
});

const stores: Array<[string, () => Promise<RedisClientType | undefined>]> = [['memory', async () => undefined]];
if (redisUrl) {
  stores.push([
    'redis',
    async () => {
      redis ??= createClient({ url: redisUrl }) as RedisClientType;
      if (!redis.isOpen) await redis.connect();
      return redis;
    },
  ]);
}

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => (error instanceof AppError ? error.toBody() : error));

describe.each(stores)('login throttling in %s', (_name, store) => {
  it('slows down one email from one IP after the free failures, never the same email from elsewhere', async () => {
    const limiter = createLoginLimiter({ maxPerIp: 1000, windowSeconds: 900, freeFailures: 3, maxDelaySeconds: 900 }, await store());
    const email = `${randomBytes(6).toString('hex')}@example.com`;
    for (let i = 0; i < 2; i++) await limiter.recordFailure(email, '10.1.1.1');
    expect(await refusal(limiter.checkPair(email, '10.1.1.1'))).toBeNull();
    await limiter.recordFailure(email, '10.1.1.1');
    expect(await refusal(limiter.checkPair(email, '10.1.1.1'))).toEqual({ error: 'ERR_TOO_MANY_ATTEMPTS', details: { retryAfterSeconds: FIRST_DELAY_SECONDS } });
    expect(await refusal(limiter.checkPair(email, '10.1.1.2'))).toBeNull();
    await limiter.recordSuccess(email, '10.1.1.1');
    expect(await refusal(limiter.checkPair(email, '10.1.1.1'))).toBeNull();
  });

  it('caps the attempts of one IP', async () => {
    const limiter = createLoginLimiter({ maxPerIp: 2, windowSeconds: 900, freeFailures: 5, maxDelaySeconds: 900 }, await store());
    const ip = `10.2.${randomBytes(1)[0]}.${randomBytes(1)[0]}-${randomBytes(4).toString('hex')}`;
    await limiter.checkIp(ip);
    await limiter.checkIp(ip);
    const refused = await refusal(limiter.checkIp(ip));
    expect(refused).toMatchObject({ error: 'ERR_TOO_MANY_ATTEMPTS' });
  });
});
