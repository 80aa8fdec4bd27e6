import { useCallback } from 'react';
import { useAuth } from '../../app/auth';
import { hasCampaignFlag } from '../../lib/storage';
import { isAllowed, type AccessContext, type AccessRule } from './access';
import { useSimulatorEnabled } from '../connections';
import { usePlan } from '../../app/usePlan';

export function useAccessContext(): AccessContext {
  const { user } = useAuth();
  const plan = usePlan();
  const simulator = useSimulatorEnabled();
  return { user, plan, campaignFlag: hasCampaignFlag(), simulator };
}

export function useAllowed(): (rule: AccessRule | undefined) => boolean {
  const ctx = useAccessContext();
  const { user, plan, campaignFlag, simulator } = ctx;
  return useCallback((rule) => isAllowed(rule, { user, plan, campaignFlag, simulator }), [user, plan, campaignFlag, simulator]);
}
