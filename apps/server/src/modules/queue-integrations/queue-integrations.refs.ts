import type { Database } from '../../db/database.js';
import { invalidField } from './queue-integrations.policy.js';
import { integrationExists } from './queue-integrations.repository.js';

/**
 * Queues, connections and tickets name only their company's integrations: another company's id,
 * or one that does not exist, is an invalid `integrationId` (never a database error).
 */
export async function assertIntegrationOfCompany(db: Database, companyId: number, integrationId: number | null | undefined): Promise<void> {
  if (integrationId && !(await integrationExists(db, companyId, integrationId))) throw invalidField('integrationId');
}
