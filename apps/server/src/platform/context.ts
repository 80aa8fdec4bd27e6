import type { FastifyBaseLogger } from 'fastify';
import type { RedisClientType } from 'redis';
import type { Config } from '../config.js';
import type { Database, DatabaseHandle } from '../db/database.js';
import type { LiveChannel } from './live.js';
import type { LoginLimiter } from './rate-limit.js';
import type { TokenService } from './tokens.js';
import type { Clock } from './clock.js';
import type { MediaStore } from './media.js';
import type { SessionManager } from '../modules/connections/connections.sessions.js';

/** What every module's routes and services receive: the process's shared resources. */
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
  /** WhatsApp sessions of this process; it also holds the one provider registry. */
  sessions: SessionManager;
}
