import { sql, type Insertable, type Updateable } from 'kysely';
import { countAll, type Database } from '../../db/database.js';
import type { QueueIntegrationRow, QueueIntegrationsTable } from '../../db/schema-integrations.js';

/** Name in any case, then id: stable, so paging never repeats or skips a row. */
const byName = sql`lower(queue_integrations.name)`;

function integrationsOf(db: Database, companyId: number, search = '') {
  let query = db.selectFrom('queueIntegrations').where('queueIntegrations.companyId', '=', companyId);
  if (search) query = query.where(sql<boolean>`strpos(lower(queue_integrations.name), ${search.toLowerCase()}) > 0`);
  return query;
}

export async function pageOfIntegrations(db: Database, companyId: number, page: { search: string; limit: number; offset: number }) {
  const query = integrationsOf(db, companyId, page.search);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy(byName).orderBy('id').limit(page.limit).offset(page.offset).execute(),
    query.select(countAll()).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

export function findIntegration(db: Database, companyId: number, integrationId: number): Promise<QueueIntegrationRow | undefined> {
  return integrationsOf(db, companyId).selectAll().where('id', '=', integrationId).executeTakeFirst();
}

/** Whether the integration is the company's (queues, connections and tickets name only their own). */
export async function integrationExists(db: Database, companyId: number, integrationId: number): Promise<boolean> {
  return Boolean(await integrationsOf(db, companyId).select('id').where('id', '=', integrationId).executeTakeFirst());
}

export function lockIntegration(db: Database, companyId: number, integrationId: number) {
  return integrationsOf(db, companyId).selectAll().where('id', '=', integrationId).forUpdate().executeTakeFirst();
}

export function insertIntegration(db: Database, values: Insertable<QueueIntegrationsTable>) {
  return db.insertInto('queueIntegrations').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateIntegrationRow(db: Database, companyId: number, integrationId: number, values: Updateable<QueueIntegrationsTable>) {
  return db.updateTable('queueIntegrations').set(values).where('companyId', '=', companyId).where('id', '=', integrationId).returningAll().executeTakeFirst();
}

export async function deleteIntegrationRow(db: Database, companyId: number, integrationId: number): Promise<boolean> {
  const result = await db.deleteFrom('queueIntegrations').where('companyId', '=', companyId).where('id', '=', integrationId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
