import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { WebhookDeliveriesTable, WebhookSubscriptionsTable } from '../../db/schema-webhooks.js';

export function listSubscriptions(db: Database, companyId: number) {
  return db.selectFrom('webhookSubscriptions').selectAll().where('companyId', '=', companyId).orderBy('id').execute();
}

export function findSubscription(db: Database, companyId: number, id: number) {
  return db.selectFrom('webhookSubscriptions').selectAll().where('companyId', '=', companyId).where('id', '=', id).executeTakeFirst();
}

/** The company's subscriptions, locked: a new one is counted against the limit under this lock. */
export async function lockCompanySubscriptions(db: Database, companyId: number): Promise<number> {
  await db.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().executeTakeFirst();
  const { count } = await db.selectFrom('webhookSubscriptions').select((eb) => eb.fn.countAll<string>().as('count')).where('companyId', '=', companyId).executeTakeFirstOrThrow();
  return Number(count);
}

export function insertSubscription(db: Database, values: Insertable<WebhookSubscriptionsTable>) {
  return db.insertInto('webhookSubscriptions').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateSubscription(db: Database, companyId: number, id: number, values: Updateable<WebhookSubscriptionsTable>) {
  return db.updateTable('webhookSubscriptions').set(values).where('companyId', '=', companyId).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteSubscription(db: Database, companyId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('webhookSubscriptions').where('companyId', '=', companyId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function recentDeliveries(db: Database, companyId: number, subscriptionId: number, limit: number) {
  return db
    .selectFrom('webhookDeliveries')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('subscriptionId', '=', subscriptionId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A delivery already attempted (the test ping), logged as it went. */
export function insertSettledDelivery(db: Database, values: Insertable<WebhookDeliveriesTable>) {
  return db.insertInto('webhookDeliveries').values(values).returningAll().executeTakeFirstOrThrow();
}
