import type { Database } from '../../db/database.js';

export function listStoredSettings(db: Database, companyId: number) {
  return db.selectFrom('settings').select(['key', 'value']).where('companyId', '=', companyId).execute();
}

export async function upsertSetting(db: Database, companyId: number, key: string, value: string, now: Date) {
  await db
    .insertInto('settings')
    .values({ companyId, key, value, updatedAt: now })
    .onConflict((oc) => oc.columns(['companyId', 'key']).doUpdateSet({ value, updatedAt: now }))
    .execute();
}
