import type { Migration } from 'kysely/migration';
import * as foundation from './0001_foundation.js';

/**
 * Migrations in order. Listed statically (not read from disk) so the compiled server and the
 * tests run the very same set. Name each `NNNN_<feature>` and never edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
};
