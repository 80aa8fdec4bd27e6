import type { Plan } from '@atende/contract';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from './auth';
import { useFirstScreenShown } from './firstScreen';
import { api } from '../lib/api';

export const planQueryKey = (companyId: number) => ['plan', companyId] as const;

/**
 * The company plan. The session already carries it, so gates decide at once; the fresh copy from
 * the server replaces it when it arrives (a super user may have changed the plan meanwhile).
 */
export function usePlan(): Plan | null {
  const { user } = useAuth();
  const companyId = user?.companyId ?? 0;
  const firstScreenShown = useFirstScreenShown();
  const query = useQuery({
    queryKey: planQueryKey(companyId),
    queryFn: ({ signal }) => api.get<{ plan: Plan }>(`/companies/listPlan/${companyId}`, undefined, { signal }),
    enabled: companyId > 0 && firstScreenShown,
    staleTime: 5 * 60_000,
    retry: false,
    select: (answer) => answer.plan,
  });
  return query.data ?? user?.company?.plan ?? null;
}
