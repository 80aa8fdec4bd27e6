import { SETTINGS, type Company, type Plan } from '@atende/contract';
import type { CompanyRow, PlanRow } from '../../db/schema.js';
import { presentPlan } from '../plans/plans.presenter.js';

/**
 * The public shape of a company. campaignsEnabled lives in the company's settings
 * and is shown here as a boolean; a company that never stored it has the setting's default.
 */
export function presentCompany(row: CompanyRow, extra: { campaignsEnabled?: string; plan?: PlanRow }): Company {
  const plan: Plan | undefined = extra.plan ? presentPlan(extra.plan) : undefined;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    planId: row.planId,
    status: row.status,
    dueDate: row.dueDate,
    recurrence: row.recurrence,
    campaignsEnabled: (extra.campaignsEnabled ?? SETTINGS.campaignsEnabled.default) === 'true',
    createdAt: new Date(row.createdAt).toISOString(),
    ...(plan ? { plan } : {}),
    schedules: Array.isArray(row.schedules) ? row.schedules : [],
  };
}
