import type { Transaction } from 'kysely';
import type { ErrorCode } from '@atende/contract';
import type { DB } from '../db/schema.js';
import { AppError } from './errors.js';

type LimitedResource = 'users' | 'connections' | 'queues';

const LIMIT_ERRORS: Record<LimitedResource, ErrorCode> = {
  users: 'ERR_PLAN_LIMIT_USERS',
  connections: 'ERR_PLAN_LIMIT_CONNECTIONS',
  queues: 'ERR_PLAN_LIMIT_QUEUES',
};

/**
 * Checks a plan limit inside the transaction that will insert the new row. The company row is
 * locked first, so two concurrent creations cannot both see room for one more (no
 * count-then-insert race). A limit of 0 means the plan sets no limit.
 */
export async function assertWithinPlanLimit(
  trx: Transaction<DB>,
  companyId: number,
  resource: LimitedResource,
  countExisting: (trx: Transaction<DB>) => Promise<number>,
): Promise<void> {
  const locked = await trx
    .selectFrom('companies')
    .innerJoin('plans', 'plans.id', 'companies.planId')
    .select(['plans.users', 'plans.connections', 'plans.queues'])
    .where('companies.id', '=', companyId)
    .forUpdate('companies')
    .executeTakeFirst();
  if (!locked) throw new AppError('ERR_NO_COMPANY_FOUND', 404);
  const limit = locked[resource];
  if (limit > 0 && (await countExisting(trx)) >= limit) throw new AppError(LIMIT_ERRORS[resource], 403);
}
