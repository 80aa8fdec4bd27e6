import { useCallback } from 'react';
import { useAuth } from '../../app/auth';
import { hasCampaignFlag } from '../../lib/storage';
import { isAllowed, type AccessContext, type AccessRule } from './access';
import { useSimulatorAccess } from '../connections';
import { usePlan } from '../../app/usePlan';

export function useAccessContext(): AccessContext {
  const { user } = useAuth();
  const plan = usePlan();
  const access = useSimulatorAccess();
  return { user, plan, campaignFlag: hasCampaignFlag(), simulator: access === 'admins' || access === 'everyone', simulatorForEveryone: access === 'everyone' };
}

export function useAllowed(): (rule: AccessRule | undefined) => boolean {
  const ctx = useAccessContext();
  const { user, plan, campaignFlag, simulator, simulatorForEveryone } = ctx;
  return useCallback(
    (rule) => isAllowed(rule, { user, plan, campaignFlag, simulator, simulatorForEveryone }),
    [user, plan, campaignFlag, simulator, simulatorForEveryone],
  );
}
