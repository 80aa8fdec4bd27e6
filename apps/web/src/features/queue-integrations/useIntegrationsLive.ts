import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../live';
import { integrationsKeys } from './api';

/** Keeps the integrations in step with changes made by other admins. */
export function useIntegrationsLive(): void {
  const queryClient = useQueryClient();
  useLiveEvent('queueIntegration', () => {
    void queryClient.invalidateQueries({ queryKey: integrationsKeys.all });
  });
}
