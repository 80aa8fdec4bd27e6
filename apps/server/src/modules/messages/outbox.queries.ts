/**
 * The outbox's SQL: which connections this process holds, claiming the head of every ticket's
 * queue, and settling a row after its send. The outbox (outbox.ts) composes them.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { MessageRow } from '../../db/schema-conversations.js';

/** Connections whose lease this process holds. */
export async function heldConnections(db: Database, nodeId: string): Promise<number[]> {
  const held = await db.selectFrom('whatsappLeases').select('whatsappId').where('holder', '=', nodeId).execute();
  return held.map((h) => h.whatsappId);
}

/**
 * Reserves until `until` the due pending rows of these connections that head their ticket's queue
 * (no older pending row of the same ticket), oldest due first. SKIP LOCKED: two passes never take one row.
 */
export function claimDue(db: Database, whatsappIds: number[], now: Date, until: Date, limit: number): Promise<MessageRow[]> {
  return db
    .updateTable('messages')
    .set({ nextAttemptAt: until })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('messages as m')
        .select('m.id')
        .where('m.delivery', '=', 'pending')
        .where('m.whatsappId', 'in', whatsappIds)
        .where('m.nextAttemptAt', '<=', now)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('messages as e').select(sql`1`.as('one')).whereRef('e.ticketId', '=', 'm.ticketId').where('e.delivery', '=', 'pending').whereRef('e.id', '<', 'm.id'))),
        )
        .orderBy('m.nextAttemptAt')
        .orderBy('m.id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

/** Gives a claimed row back at once (its session went away): no attempt spent. */
export async function releaseClaim(db: Database, id: MessageRow['id'], now: Date): Promise<void> {
  await db.updateTable('messages').set({ nextAttemptAt: now }).where('id', '=', id).where('delivery', '=', 'pending').execute();
}

/** Sent: with the provider's id unless `providerMessageId` is null (that id is already stored). */
export function markSent(db: Database, id: MessageRow['id'], providerMessageId: string | null, now: Date): Promise<MessageRow | undefined> {
  const values = { delivery: 'sent' as const, errorCode: null, nextAttemptAt: null, ack: sql<number>`greatest(ack, 1)`, updatedAt: now };
  return db
    .updateTable('messages')
    .set(providerMessageId === null ? values : { ...values, providerMessageId })
    .where('id', '=', id)
    .where('delivery', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** A failed attempt that will be tried again at `nextAttemptAt`. */
export async function postpone(db: Database, id: MessageRow['id'], sendAttempts: number, nextAttemptAt: Date): Promise<void> {
  await db.updateTable('messages').set({ sendAttempts, nextAttemptAt }).where('id', '=', id).where('delivery', '=', 'pending').execute();
}

/** Given up: failed with its error code, while still pending. */
export function markFailed(
  db: Database,
  id: MessageRow['id'],
  values: { errorCode: string | null; sendAttempts?: number },
  now: Date,
): Promise<MessageRow | undefined> {
  return db
    .updateTable('messages')
    .set({ ...values, delivery: 'failed', nextAttemptAt: null, updatedAt: now })
    .where('id', '=', id)
    .where('delivery', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** Every due pending row created before `createdBefore` fails: its connection did not come back in time. */
export function failStale(db: Database, now: Date, createdBefore: Date): Promise<MessageRow[]> {
  return db
    .updateTable('messages')
    .set({ delivery: 'failed', errorCode: 'ERR_SENDING_WAPP_MSG', nextAttemptAt: null })
    .where('delivery', '=', 'pending')
    .where('nextAttemptAt', '<=', now)
    .where('createdAt', '<', createdBefore)
    .returningAll()
    .execute();
}

export function contactAddress(db: Database, contactId: number) {
  return db.selectFrom('contacts').select(['number', 'lid', 'isGroup']).where('id', '=', contactId).executeTakeFirstOrThrow();
}
