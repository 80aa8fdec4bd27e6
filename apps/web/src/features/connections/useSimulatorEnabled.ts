import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../app/auth';
import { useFirstScreenShown } from '../../app/firstScreen';
import { api, ApiError } from '../../lib/api';

export const simulatorStatusKey = ['simulator', 'status'] as const;

/** Who may play the simulated phone: nobody (no simulator), admins, or everyone (a demo server). */
export type SimulatorAccess = 'off' | 'admins' | 'everyone';

/**
 * Whether the server runs the WhatsApp simulator: GET /simulator/status answers `{enabled:true}`
 * (`forEveryone` on a demo server), or 404 when it does not. Asked once per session; undefined
 * while the answer is pending.
 */
export function useSimulatorStatus() {
  const { user } = useAuth();
  const firstScreenShown = useFirstScreenShown();
  return useQuery({
    queryKey: simulatorStatusKey,
    queryFn: async ({ signal }) => {
      try {
        const answer = await api.get<{ enabled?: boolean; forEveryone?: boolean }>('/simulator/status', undefined, { signal });
        const access: SimulatorAccess = !answer?.enabled ? 'off' : answer.forEveryone ? 'everyone' : 'admins';
        return access;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return 'off' as SimulatorAccess;
        throw err;
      }
    },
    enabled: Boolean(user) && firstScreenShown,
    staleTime: Infinity,
    retry: false,
  });
}

export function useSimulatorAccess(): SimulatorAccess | undefined {
  return useSimulatorStatus().data;
}

export function useSimulatorEnabled(): boolean {
  const access = useSimulatorStatus().data;
  return access === 'admins' || access === 'everyone';
}
