import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startFakeOpenAi } from '../apps/server/src/test/fake-openai-server';
import { startFakeTypebot } from '../apps/server/src/test/fake-typebot-server';
import { startMailCapture } from './support/mail';

/**
 * Starts the built server on a fresh data folder (and, with TEST_DATABASE_URL, a fresh
 * PostgreSQL database) for the journeys; the returned function stops it and cleans up.
 */
export default async function globalSetup() {
  const root = new URL('..', import.meta.url).pathname;
  const port = Number(process.env.E2E_PORT || 8181);
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-e2e-'));
  // Mail the server sends (password recovery) lands in a file the journeys read (support/mail.ts).
  const mailFile = join(dataDir, 'mails.jsonl');
  const mail = await startMailCapture(mailFile);
  process.env.E2E_MAIL_FILE = mailFile;
  // AI prompts talk to a local OpenAI and Azure Speech that speak their protocols (replies echo).
  const openAi = await startFakeOpenAi();
  // The Typebot server a journey's integration talks to (its URL is the integration's own setting).
  const typebot = await startFakeTypebot('atendimento');
  process.env.E2E_TYPEBOT_URL = typebot.url;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: '1',
    SIMULATOR: '1',
    LOG_LEVEL: 'warn',
    LOGIN_MAX_PER_IP: '100000',
    ADMIN_EMAIL: 'super@atende.local',
    ADMIN_PASSWORD: 'super-secret-1',
    // The split-deployment journey serves the web app from another port (e2e/support/split-web.ts).
    CORS_ORIGINS: `http://127.0.0.1:${port + 50}`,
    SMTP_URL: mail.url,
    ...openAi.env,
  };
  let dropDatabase = async () => undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `atende_e2e_${Date.now()}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }

  const server: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start in 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await dropDatabase();
    await mail.close();
    await openAi.close();
    await typebot.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
