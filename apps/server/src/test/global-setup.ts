import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { migrations } from '../db/migrations/index.js';

/**
 * Creating an embedded database runs initdb and every migration: seconds per test file. This
 * makes one migrated database per migration set and lets each test file start from its dump.
 * (With TEST_DATABASE_URL each file creates its own PostgreSQL database instead.)
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const fingerprint = createHash('sha256')
    .update(Object.entries(migrations).map(([name, m]) => name + m.up.toString()).join('\n'))
    .digest('hex')
    .slice(0, 16);
  const file = join(tmpdir(), `atende-pglite-template-${fingerprint}.tar`);
  if (!existsSync(file)) {
    const handle = await openDatabase({});
    await migrateToLatest(handle.db);
    const dump = await handle.pglite!.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
  }
  process.env.ATENDE_PGLITE_TEMPLATE = file;
}
