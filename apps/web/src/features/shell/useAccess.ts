import { useCallback } from 'react';
import { useAuth } from '../../app/auth';
import { hasCampaignFlag } from '../../lib/storage';
import { isAllowed, type AccessContext, type AccessRule } from './access';
import { usePlan } from './usePlan';

export function useAccessContext(): AccessContext {
  const { user } = useAuth();
  const plan = usePlan();
  return { user, plan, campaignFlag: hasCampaignFlag() };
}

export function useAllowed(): (rule: AccessRule | undefined) => boolean {
  const ctx = useAccessContext();
  const { user, plan, campaignFlag } = ctx;
  return useCallback((rule) => isAllowed(rule, { user, plan, campaignFlag }), [user, plan, campaignFlag]);
}
