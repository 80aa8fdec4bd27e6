import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { connectRedis } from './platform/redis.js';
import { ensureDemoCompany, ensurePlatformAdmin } from './platform/seed.js';

/** Starts the process: migrate, seed, then serve. SIGINT/SIGTERM close everything cleanly. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  await migrateToLatest(database.db);

  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;

  const { app, ctx, startWorker } = await buildApp({ config, database, redis });
  await ensurePlatformAdmin(database.db, config, app.log);
  if (config.demo) await ensureDemoCompany(ctx);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await redis?.quit();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Atende is serving on http://localhost:${config.port} (database: ${database.kind})`);
  // The worker role runs the WhatsApp sessions; app.close() (on SIGINT/SIGTERM) stops them and releases their leases.
  if (config.roles.has('worker')) {
    await startWorker();
    app.log.info('whatsapp sessions started (worker role)');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
