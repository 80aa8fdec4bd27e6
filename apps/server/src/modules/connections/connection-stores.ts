import type { AuthStateStore, SendLedger, SendResult } from '../../channels/whatsapp/provider.js';
import type { Database } from '../../db/database.js';

const CREDS = { type: 'creds', keyId: 'creds' } as const;

/**
 * A connection's WhatsApp credentials and signal keys in the database (not in files), so a
 * session can move to another server process and a logout wipes everything in one statement.
 */
export function databaseAuthStore(db: Database, whatsappId: number): AuthStateStore {
  return {
    async readCreds() {
      const row = await db
        .selectFrom('whatsappAuthKeys')
        .select('value')
        .where('whatsappId', '=', whatsappId)
        .where('type', '=', CREDS.type)
        .where('keyId', '=', CREDS.keyId)
        .executeTakeFirst();
      return row?.value ?? null;
    },
    async writeCreds(value) {
      await db
        .insertInto('whatsappAuthKeys')
        .values({ whatsappId, ...CREDS, value })
        .onConflict((oc) => oc.columns(['whatsappId', 'type', 'keyId']).doUpdateSet({ value }))
        .execute();
    },
    async getKeys(type, ids) {
      if (ids.length === 0) return {};
      const rows = await db
        .selectFrom('whatsappAuthKeys')
        .select(['keyId', 'value'])
        .where('whatsappId', '=', whatsappId)
        .where('type', '=', type)
        .where('keyId', 'in', ids)
        .execute();
      return Object.fromEntries(rows.map((r) => [r.keyId, r.value]));
    },
    async setKeys(data) {
      await db.transaction().execute(async (trx) => {
        for (const [type, entries] of Object.entries(data)) {
          for (const [keyId, value] of Object.entries(entries)) {
            if (value === null) {
              await trx.deleteFrom('whatsappAuthKeys').where('whatsappId', '=', whatsappId).where('type', '=', type).where('keyId', '=', keyId).execute();
            } else {
              await trx
                .insertInto('whatsappAuthKeys')
                .values({ whatsappId, type, keyId, value })
                .onConflict((oc) => oc.columns(['whatsappId', 'type', 'keyId']).doUpdateSet({ value }))
                .execute();
            }
          }
        }
      });
    },
    async clear() {
      await db.deleteFrom('whatsappAuthKeys').where('whatsappId', '=', whatsappId).execute();
    },
  };
}

/** Sends already made, by idempotency key, so a retried send after a restart does not send twice. */
export function databaseSendLedger(db: Database, whatsappId: number): SendLedger {
  return {
    async get(idempotencyKey) {
      const row = await db
        .selectFrom('whatsappSent')
        .select(['providerMessageId', 'sentAt'])
        .where('whatsappId', '=', whatsappId)
        .where('idempotencyKey', '=', idempotencyKey)
        .executeTakeFirst();
      return row ? { providerMessageId: row.providerMessageId, timestamp: Number(row.sentAt) } : undefined;
    },
    async put(idempotencyKey, result: SendResult) {
      await db
        .insertInto('whatsappSent')
        .values({ whatsappId, idempotencyKey, providerMessageId: result.providerMessageId, sentAt: String(result.timestamp) })
        .onConflict((oc) => oc.columns(['whatsappId', 'idempotencyKey']).doNothing())
        .execute();
    },
  };
}
