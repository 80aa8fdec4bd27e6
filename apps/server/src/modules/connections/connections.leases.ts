/**
 * One live session per connection across every server process: a process runs a connection's
 * session only while it holds the connection's row in `whatsapp_leases`. Times come from the
 * database's clock, so processes on machines whose clocks drift still agree on expiry.
 */
import { sql, type UpdateObject } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DB, WhatsappRow } from '../../db/schema.js';
import { companyWorks } from '../../platform/company-standing.js';

/** Columns of a connection row, values or SQL expressions (`retries + 1`). */
export type ConnectionChanges = UpdateObject<DB, 'whatsapps'>;

const expiresIn = (ms: number) => sql<Date>`clock_timestamp() + (${Math.max(1, Math.round(ms))}::int * interval '1 millisecond')`;
const nowInDb = sql<Date>`clock_timestamp()`;

/** Takes the lease when it is free, expired or already ours; false when another live holder has it. */
export async function acquireLease(db: Database, whatsappId: number, holder: string, ttlMs: number): Promise<boolean> {
  try {
    const row = await db
      .insertInto('whatsappLeases')
      .values({ whatsappId, holder, expiresAt: expiresIn(ttlMs) })
      .onConflict((oc) =>
        oc
          .column('whatsappId')
          .doUpdateSet({ holder, expiresAt: expiresIn(ttlMs) })
          .where((eb) => eb.or([eb('whatsappLeases.expiresAt', '<', nowInDb), eb('whatsappLeases.holder', '=', holder)])),
      )
      .returning('whatsappId')
      .executeTakeFirst();
    return Boolean(row);
  } catch (error) {
    // The connection was deleted meanwhile (foreign key): nothing to hold.
    if ((error as { code?: string }).code === '23503') return false;
    throw error;
  }
}

/** Extends every lease of `holder`; answers the connections still held (a missing one was lost). */
export async function renewLeases(db: Database, holder: string, ttlMs: number): Promise<Set<number>> {
  const rows = await db
    .updateTable('whatsappLeases')
    .set({ expiresAt: expiresIn(ttlMs) })
    .where('holder', '=', holder)
    .returning('whatsappId')
    .execute();
  return new Set(rows.map((r) => r.whatsappId));
}

export async function releaseLease(db: Database, whatsappId: number, holder: string): Promise<void> {
  await db.deleteFrom('whatsappLeases').where('whatsappId', '=', whatsappId).where('holder', '=', holder).execute();
}

/**
 * Connections some process should take: wanted (auto start, company active and not past its due
 * date on `today`) or carrying a command, with no lease or an expired one (its holder stopped or died).
 */
export async function unheldConnections(db: Database, today: string, limit = 200): Promise<number[]> {
  const rows = await db
    .selectFrom('whatsapps')
    .innerJoin('companies', 'companies.id', 'whatsapps.companyId')
    .leftJoin('whatsappLeases', 'whatsappLeases.whatsappId', 'whatsapps.id')
    .select('whatsapps.id')
    .where((eb) =>
      eb.and([
        eb.or([eb.and([eb('whatsapps.autoStart', '=', true), companyWorks('companies', today)]), eb('whatsapps.sessionRequest', '!=', '')]),
        eb.or([eb('whatsappLeases.whatsappId', 'is', null), eb('whatsappLeases.expiresAt', '<', nowInDb)]),
      ]),
    )
    .orderBy('whatsapps.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Held connections whose wanted state changed (a command, a disconnect, an inactive or expired company). */
export async function heldNeedingAttention(db: Database, holder: string, today: string): Promise<number[]> {
  const rows = await db
    .selectFrom('whatsappLeases')
    .innerJoin('whatsapps', 'whatsapps.id', 'whatsappLeases.whatsappId')
    .innerJoin('companies', 'companies.id', 'whatsapps.companyId')
    .select('whatsapps.id')
    .where('whatsappLeases.holder', '=', holder)
    .where((eb) => eb.or([eb('whatsapps.sessionRequest', '!=', ''), eb('whatsapps.autoStart', '=', false), sql<boolean>`not ${companyWorks('companies', today)}`]))
    .execute();
  return rows.map((r) => r.id);
}

/** `companyActive`: the company is active and not past its due date on `today`. */
export type SessionRow = WhatsappRow & { companyActive: boolean };

export function sessionRow(db: Database, whatsappId: number, today: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('whatsapps')
    .innerJoin('companies', 'companies.id', 'whatsapps.companyId')
    .selectAll('whatsapps')
    .select(companyWorks('companies', today).as('companyActive'))
    .where('whatsapps.id', '=', whatsappId)
    .executeTakeFirst();
}

/**
 * Writes what the session reports, only while `holder` still holds the lease: a process that lost
 * its lease (paused, partitioned) cannot overwrite what the new holder reports.
 */
export function writeHeldRow(db: Database, whatsappId: number, holder: string, values: ConnectionChanges) {
  return db
    .updateTable('whatsapps')
    .set(values)
    .where('id', '=', whatsappId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('whatsappLeases')
          .select('whatsappLeases.whatsappId')
          .whereRef('whatsappLeases.whatsappId', '=', 'whatsapps.id')
          .where('whatsappLeases.holder', '=', holder),
      ),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Clears a command once carried out, unless a newer one replaced it meanwhile. */
export async function clearRequest(db: Database, whatsappId: number, request: string): Promise<void> {
  await db
    .updateTable('whatsapps')
    .set({ sessionRequest: '', pairingPhone: '' })
    .where('id', '=', whatsappId)
    .where('sessionRequest', '=', request)
    .execute();
}
