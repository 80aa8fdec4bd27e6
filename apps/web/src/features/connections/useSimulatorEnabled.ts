import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../app/auth';
import { api, ApiError } from '../../lib/api';

export const simulatorStatusKey = ['simulator', 'status'] as const;

/**
 * Whether the server runs the WhatsApp simulator: GET /simulator/status answers `{enabled:true}`,
 * or 404 when it does not. Asked once per session; undefined while the answer is pending.
 */
export function useSimulatorStatus() {
  const { user } = useAuth();
  return useQuery({
    queryKey: simulatorStatusKey,
    queryFn: async ({ signal }) => {
      try {
        const answer = await api.get<{ enabled?: boolean }>('/simulator/status', undefined, { signal });
        return Boolean(answer?.enabled);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return false;
        throw err;
      }
    },
    enabled: Boolean(user),
    staleTime: Infinity,
    retry: false,
  });
}

export function useSimulatorEnabled(): boolean {
  return useSimulatorStatus().data === true;
}
