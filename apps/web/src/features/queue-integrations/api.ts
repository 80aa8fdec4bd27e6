import type { QueueIntegration, QueueIntegrationInput, QueueIntegrationPage, QueueIntegrationTestInput, QueueIntegrationTestResult } from '@atende/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const integrationsKeys = {
  all: ['queueIntegrations'] as const,
  list: (search: string) => ['queueIntegrations', 'list', search] as const,
  detail: (id: number) => ['queueIntegrations', 'detail', id] as const,
  options: ['queueIntegrations', 'options'] as const,
};

const page = (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
  api.get<QueueIntegrationPage>('/queueIntegration/', { searchParam, pageNumber }, { signal });

/** GET /queueIntegration/: page by page as the user scrolls. */
export function useIntegrationsPage(search: string) {
  return useInfiniteQuery({
    queryKey: integrationsKeys.list(search),
    queryFn: ({ pageParam, signal }) => page(search, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** Every integration of the company, for the queue and connection selects. */
export function useIntegrationOptions(enabled: boolean) {
  return useQuery({
    queryKey: integrationsKeys.options,
    enabled,
    queryFn: async ({ signal }) => {
      const all: QueueIntegration[] = [];
      for (let pageNumber = 1; pageNumber <= 50; pageNumber++) {
        const answer = await page('', pageNumber, signal);
        all.push(...answer.queueIntegrations);
        if (!answer.hasMore) break;
      }
      return all;
    },
  });
}

export function useIntegration(id: number | null) {
  return useQuery({
    queryKey: integrationsKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<QueueIntegration>(`/queueIntegration/${id}`, undefined, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useSaveIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: Partial<QueueIntegrationInput> }) =>
      id === null ? api.post<QueueIntegration>('/queueIntegration', input) : api.put<QueueIntegration>(`/queueIntegration/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationsKeys.all }),
  });
}

export function useDeleteIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/queueIntegration/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationsKeys.all }),
  });
}

/** POST /queueIntegration/testSession: whether Dialogflow opens a session with these credentials. */
export function useTestDialogflowSession() {
  return useMutation({ mutationFn: (input: QueueIntegrationTestInput) => api.post<QueueIntegrationTestResult>('/queueIntegration/testSession', input) });
}
