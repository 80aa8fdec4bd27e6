import {
  ClientClosedError, ClientOfflineError, ConnectionTimeoutError, SocketClosedUnexpectedlyError, SocketTimeoutError,
  createClient, type RedisClientType,
} from 'redis';

/** What the connection reports; the app's logger fits, and the console stands in before it exists. */
export interface ConnectionLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

const consoleLog: ConnectionLog = {
  info: (_details, message) => console.info(message),
  warn: (details, message) => console.warn(`${message}: ${(details as { err?: Error }).err?.message}`),
};

/** Every connection of this process shows under this name in `CLIENT LIST` (the socket adapter's copies too). */
export const REDIS_CLIENT_NAME = 'atende';

/** Waits between reconnect attempts: doubling from 100 ms up to 5 s, never giving up. */
export function redisReconnectDelay(attempt: number): number {
  const base = Math.min(5_000, 100 * 2 ** Math.min(attempt, 10));
  return Math.round(base / 2 + Math.random() * (base / 2));
}

/**
 * Connects to Redis and keeps the connection through outages: a dropped connection is logged and
 * reopened with backoff, never left as an unhandled 'error' that would end the process. While it is
 * down, live events wait in the client's queue and login throttling falls back to memory.
 */
export async function connectRedis(url: string, options: { name?: string; log?: ConnectionLog } = {}): Promise<RedisClientType> {
  const log = options.log ?? consoleLog;
  const client = createClient({
    url,
    name: options.name ?? REDIS_CLIENT_NAME,
    socket: { reconnectStrategy: (attempt) => redisReconnectDelay(attempt) },
  }) as RedisClientType;
  let down = false;
  client.on('error', (error: Error) => {
    if (!down) log.warn({ err: error }, 'redis connection lost; reconnecting');
    down = true;
  });
  client.on('ready', () => {
    if (down) log.info({}, 'redis connection restored');
    down = false;
  });
  await client.connect();
  return client;
}

const UNAVAILABLE = [ClientClosedError, ClientOfflineError, ConnectionTimeoutError, SocketClosedUnexpectedlyError, SocketTimeoutError];

/** A Redis command that failed because the connection is down (answered 503, not 500). */
export function isRedisUnavailable(error: unknown): boolean {
  return UNAVAILABLE.some((type) => error instanceof type);
}
