import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { connectRedis } from './platform/redis.js';
import { seedOnStart } from './modules/seed/seed.js';

/** Starts the process: migrate, seed, serve, then the background work of its roles. SIGINT/SIGTERM close everything cleanly. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  await migrateToLatest(database.db);

  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;

  const { app, ctx, start } = await buildApp({ config, database, redis });
  await seedOnStart(ctx);

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
  // The worker role runs the WhatsApp sessions and the loops; app.close() (on SIGINT/SIGTERM) stops them and releases the leases.
  await start();
  app.log.info({ roles: [...config.roles] }, 'background work of the roles started');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
