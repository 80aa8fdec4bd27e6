import type { Help, HelpInput } from '@atende/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const helpsKeys = {
  all: ['helps'] as const,
  list: ['helps', 'list'] as const,
};

/** Every help video (GET /helps/list): the gallery and the settings table show them all. */
export function useHelps() {
  return useQuery({
    queryKey: helpsKeys.list,
    queryFn: ({ signal }) => api.get<Help[]>('/helps/list', undefined, { signal }),
  });
}

export function useSaveHelp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: HelpInput }) => (id === null ? api.post<Help>('/helps', input) : api.put<Help>(`/helps/${id}`, input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpsKeys.all }),
  });
}

export function useDeleteHelp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/helps/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpsKeys.all }),
  });
}
