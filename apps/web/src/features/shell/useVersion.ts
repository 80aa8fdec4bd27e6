import { useQuery } from '@tanstack/react-query';
import { useFirstScreenShown } from '../../app/firstScreen';
import { api } from '../../lib/api';

/** The server's version, shown at the bottom of the expanded side menu. */
export function useVersion(): string | null {
  const firstScreenShown = useFirstScreenShown();
  const query = useQuery({
    queryKey: ['version'],
    queryFn: () => api.get<{ version: string }>('/version', undefined, { auth: false }),
    staleTime: Infinity,
    retry: false,
    enabled: firstScreenShown,
  });
  return query.data?.version ?? null;
}
