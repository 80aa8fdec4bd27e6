import { z } from 'zod';
import { V, flag } from './common.js';

export const PLAN_FEATURES = [
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

const count = z.coerce.number({ error: V.invalid }).int({ error: V.invalid }).min(0, { error: V.invalid }).max(100_000);

/** Counts and value default to 0, every flag defaults to enabled. */
export const planInput = z.object({
  name: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(100, { error: V.tooLong }),
  users: count.default(0),
  connections: count.default(0),
  queues: count.default(0),
  value: z.coerce.number({ error: V.invalid }).min(0, { error: V.invalid }).max(1_000_000).default(0),
  useCampaigns: flag.default(true),
  useSchedules: flag.default(true),
  useInternalChat: flag.default(true),
  useExternalApi: flag.default(true),
  useKanban: flag.default(true),
  useOpenAi: flag.default(true),
  useIntegrations: flag.default(true),
});
export type PlanInput = z.input<typeof planInput>;

export interface Plan {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
  useCampaigns: boolean;
  useSchedules: boolean;
  useInternalChat: boolean;
  useExternalApi: boolean;
  useKanban: boolean;
  useOpenAi: boolean;
  useIntegrations: boolean;
}
