import type { Plan } from '@atende/contract';
import type { PlanRow } from '../../db/schema.js';

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
