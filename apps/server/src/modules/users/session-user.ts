/**
 * The signed-in user as `GET /auth/me` answers it: the user with their queues, their company (name,
 * due date, settings) and its plan. Auth answers it at login and refresh; the user's own sockets
 * get it with every change of the user.
 */
import type { SessionUser } from '@atende/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../platform/errors.js';
import { presentPlan } from '../plans/plans.presenter.js';
import { listSettings } from '../settings/settings.service.js';
import { presentUser } from './users.presenter.js';
import { findUser, queuesOfUsers } from './users.repository.js';

export async function loadSessionUser(db: Database, companyId: number, userId: number): Promise<SessionUser> {
  const user = await findUser(db, companyId, userId);
  if (!user) throw new AppError('ERR_SESSION_EXPIRED', 401);
  const [queues, company] = await Promise.all([
    queuesOfUsers(db, companyId, [userId]),
    db
      .selectFrom('companies')
      .innerJoin('plans', 'plans.id', 'companies.planId')
      .selectAll('plans')
      .select(['companies.name as companyName', 'companies.dueDate', 'companies.trialExpiration', 'companies.email as companyEmail'])
      .where('companies.id', '=', companyId)
      .executeTakeFirstOrThrow(),
  ]);
  const { companyName, dueDate, trialExpiration, companyEmail, ...plan } = company;
  return {
    ...presentUser(user, queues.get(userId) ?? []),
    company: {
      id: companyId,
      name: companyName,
      dueDate,
      trialExpiration,
      email: companyEmail,
      settings: await listSettings(db, { companyId, profile: user.profile }),
      plan: presentPlan(plan),
    },
  };
}
