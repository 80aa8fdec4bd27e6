import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { APP_VERSION_FALLBACK } from '@atende/contract';

function productVersion(): string {
  try {
    const root = new URL('../../../../../package.json', import.meta.url);
    return (JSON.parse(readFileSync(root, 'utf8')) as { version?: string }).version ?? APP_VERSION_FALLBACK;
  } catch {
    return APP_VERSION_FALLBACK;
  }
}

export async function systemRoutes(app: FastifyInstance) {
  const version = productVersion();
  app.get('/version', async () => ({ version }));
  app.get('/health', async () => ({ status: 'ok' }));
}
