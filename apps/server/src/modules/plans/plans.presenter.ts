import type { Plan } from '@atende/contract';
import type { PlanRow } from '../../db/schema.js';

/**
 * The public shape of a plan. `users`, `connections` and `queues` are limits where 0 means
 * "no limit" (a new plan's default is 0, and a plan that allowed nobody would be
 * useless); platform/plan-limits enforces them with that reading.
 */
export function presentPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    users: row.users,
    connections: row.connections,
    queues: row.queues,
    value: Number(row.value),
    useCampaigns: row.useCampaigns,
    useSchedules: row.useSchedules,
    useInternalChat: row.useInternalChat,
    useExternalApi: row.useExternalApi,
    useKanban: row.useKanban,
    useOpenAi: row.useOpenAi,
    useIntegrations: row.useIntegrations,
  };
}
