import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const flag = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase())));

const here = dirname(fileURLToPath(import.meta.url));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  REDIS_URL: z.string().optional(),
  JWT_SECRET: z.string().min(16).optional(),
  JWT_REFRESH_SECRET: z.string().min(16).optional(),
  ADMIN_EMAIL: z.string().email().default('admin@atende.local'),
  ADMIN_PASSWORD: z.string().min(8).default('atende-admin'),
  PUBLIC_URL: z.string().optional(),
  CORS_ORIGINS: z.string().optional(),
  SMTP_URL: z.string().optional(),
  FFMPEG_PATH: z.string().optional(),
  WHATSAPP_GRAPH_URL: z.string().url().optional(),
  DEMO: flag,
  SIMULATOR: flag,
  ROLES: z.string().default('api,realtime,worker'),
  NODE_ID: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: flag,
  LOGIN_MAX_PER_IP: z.coerce.number().int().min(1).default(100),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** How often each socket's session and company are checked again (tests shorten it). */
  LIVE_RECHECK_MS: z.coerce.number().int().min(50).max(60_000).default(60_000),
  LOGIN_FREE_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).default(900),
  /** What a company may store through uploads, in MB (0: no limit). Customers' media never counts. */
  MEDIA_QUOTA_MB: z.coerce.number().int().min(0).default(5120),
  UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** The Pix PSP (the central bank's standard API); without it, DEMO serves a local fake one. */
  PIX_BASE_URL: z.string().url().optional(),
  PIX_CLIENT_ID: z.string().optional(),
  PIX_CLIENT_SECRET: z.string().optional(),
  PIX_KEY: z.string().optional(),
  PIX_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** Client certificate for the PSP's mTLS: a PEM holding certificate and key, or a .p12/.pfx. */
  PIX_CERT_PATH: z.string().optional(),
  PIX_CERT_PASSPHRASE: z.string().optional(),
  /** Seals secrets kept in the database (prompts' API keys, integrations' credentials); derived from the JWT secret when unset. */
  SECRETS_KEY: z.string().min(16).optional(),
  /** The OpenAI API (or a compatible one) that AI prompts talk to. */
  OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(300_000).default(30_000),
  /** Azure Speech text-to-speech base; blank: https://{voiceRegion}.tts.speech.microsoft.com. */
  AZURE_SPEECH_URL: z.string().url().optional(),
  /** Outgoing webhooks may reach private, loopback and link-local addresses (demo and development). */
  WEBHOOKS_ALLOW_PRIVATE: flag,
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Dialogflow ES API base (Google's when unset). */
  DIALOGFLOW_API_URL: z.string().url().default('https://dialogflow.googleapis.com'),
  /** How long a call to a queue integration (Typebot, n8n, webhook, Dialogflow) may take. */
  INTEGRATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
});

export const DEFAULT_ADMIN_PASSWORD = 'atende-admin';

export type Role = 'api' | 'realtime' | 'worker';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  redisUrl?: string;
  jwtSecret: string;
  jwtRefreshSecret: string;
  adminEmail: string;
  adminPassword: string;
  publicUrl?: string;
  corsOrigins: string[];
  smtpUrl?: string;
  ffmpegPath?: string;
  /** Graph API base of the WhatsApp Cloud provider (Meta's when unset). */
  whatsappGraphUrl?: string;
  demo: boolean;
  simulator: boolean;
  roles: Set<Role>;
  /**
   * This process in the WhatsApp lease table. Stable across restarts (host and data folder), so a
   * process that crashed takes its own leases back at once instead of waiting for them to expire.
   * Two processes running at the same time need different ids.
   */
  nodeId: string;
  logLevel: string;
  webDist: string;
  trustProxy: boolean;
  login: { maxPerIp: number; windowSeconds: number; freeFailures: number; maxDelaySeconds: number };
  liveRecheckMs?: number;
  uploads: { quotaBytes: number; perMinute: number };
  /** The Pix PSP; null when payments are not configured. `demoPsp`: the built-in fake answers. */
  pix: PixConfig | null;
  /** Seals secrets kept in the database (platform/sealed.ts). */
  secretsKey: string;
  /** AI prompts: the chat, transcription and speech services they reach. */
  ai: { openAiBaseUrl: string; model: string; timeoutMs: number; azureSpeechUrl?: string };
  /** Outgoing webhooks: whether private addresses are allowed (off unless DEMO), the wait for an answer. */
  webhooks: { allowPrivate: boolean; timeoutMs: number };
  integrations: { dialogflowApiUrl: string; timeoutMs: number };
}

export interface PixConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  key: string;
  webhookSecret: string;
  certPath?: string;
  certPassphrase?: string;
  demoPsp: boolean;
}

function pixConfig(e: z.infer<typeof envSchema>, demo: boolean, port: number): PixConfig | null {
  if (e.PIX_BASE_URL) {
    if (!e.PIX_CLIENT_ID || !e.PIX_CLIENT_SECRET || !e.PIX_KEY || !e.PIX_WEBHOOK_SECRET) {
      throw new Error('Invalid configuration: PIX_BASE_URL needs PIX_CLIENT_ID, PIX_CLIENT_SECRET, PIX_KEY and PIX_WEBHOOK_SECRET');
    }
    return {
      baseUrl: e.PIX_BASE_URL.replace(/\/+$/, ''),
      clientId: e.PIX_CLIENT_ID,
      clientSecret: e.PIX_CLIENT_SECRET,
      key: e.PIX_KEY,
      webhookSecret: e.PIX_WEBHOOK_SECRET,
      certPath: e.PIX_CERT_PATH,
      certPassphrase: e.PIX_CERT_PASSPHRASE,
      demoPsp: false,
    };
  }
  if (!demo) return null;
  // The demo's fake PSP is served by this process under /api/demo-psp.
  return {
    baseUrl: `http://127.0.0.1:${port}/api/demo-psp`,
    clientId: 'demo',
    clientSecret: randomBytes(16).toString('hex'),
    key: 'pix@atende.local',
    webhookSecret: e.PIX_WEBHOOK_SECRET ?? randomBytes(24).toString('base64url'),
    demoPsp: true,
  };
}

/**
 * Secrets that were not given are generated once and kept in DATA_DIR, so tokens survive
 * restarts without anyone having to invent a secret.
 */
function storedSecrets(dataDir: string): { jwt: string; refresh: string } {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  mkdirSync(dataDir, { recursive: true });
  const secrets = { jwt: randomBytes(48).toString('base64url'), refresh: randomBytes(48).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const secrets = e.JWT_SECRET && e.JWT_REFRESH_SECRET ? null : storedSecrets(dataDir);
  const embedded = !e.DATABASE_URL;
  const demo = e.DEMO ?? embedded;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? secrets!.jwt,
    jwtRefreshSecret: e.JWT_REFRESH_SECRET ?? secrets!.refresh,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    publicUrl: e.PUBLIC_URL,
    corsOrigins: (e.CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    smtpUrl: e.SMTP_URL,
    ffmpegPath: e.FFMPEG_PATH,
    whatsappGraphUrl: e.WHATSAPP_GRAPH_URL,
    demo,
    simulator: e.SIMULATOR ?? demo,
    roles: new Set(e.ROLES.split(',').map((r) => r.trim()) as Role[]),
    nodeId: e.NODE_ID ?? `${hostname()}-${createHash('sha256').update(dataDir).digest('hex').slice(0, 8)}`,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST ?? join(here, '../../web/dist')),
    trustProxy: e.TRUST_PROXY ?? false,
    liveRecheckMs: e.LIVE_RECHECK_MS,
    uploads: { quotaBytes: e.MEDIA_QUOTA_MB * 1024 * 1024, perMinute: e.UPLOADS_PER_MINUTE },
    pix: pixConfig(e, demo, e.PORT),
    secretsKey: e.SECRETS_KEY ?? `jwt:${e.JWT_SECRET ?? secrets!.jwt}`,
    ai: {
      openAiBaseUrl: e.OPENAI_BASE_URL.replace(/\/+$/, ''),
      model: e.OPENAI_MODEL,
      timeoutMs: e.OPENAI_TIMEOUT_MS,
      azureSpeechUrl: e.AZURE_SPEECH_URL?.replace(/\/+$/, ''),
    },
    webhooks: { allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE ?? demo, timeoutMs: e.WEBHOOKS_TIMEOUT_MS },
    integrations: { dialogflowApiUrl: e.DIALOGFLOW_API_URL.replace(/\/+$/, ''), timeoutMs: e.INTEGRATION_TIMEOUT_MS },
    login: {
      maxPerIp: e.LOGIN_MAX_PER_IP,
      windowSeconds: e.LOGIN_WINDOW_SECONDS,
      freeFailures: e.LOGIN_FREE_FAILURES,
      maxDelaySeconds: e.LOGIN_MAX_DELAY_SECONDS,
    },
  };
}
