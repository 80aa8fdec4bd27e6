import type { Prompt, PromptDeleted, PromptInput } from '@atende/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const promptsKeys = {
  all: ['prompts'] as const,
  list: ['prompts', 'list'] as const,
  detail: (id: number) => ['prompts', 'detail', id] as const,
};

/** GET /prompt: every prompt of the company with its queue. */
export function usePrompts(enabled = true) {
  return useQuery({
    queryKey: promptsKeys.list,
    queryFn: ({ signal }) => api.get<{ prompts: Prompt[] }>('/prompt', undefined, { signal }),
    select: (data) => data.prompts,
    enabled,
  });
}

export function usePrompt(id: number | null) {
  return useQuery({
    queryKey: promptsKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Prompt>(`/prompt/${id}`, undefined, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useSavePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: PromptInput }) => (id === null ? api.post<Prompt>('/prompt', input) : api.put<Prompt>(`/prompt/${id}`, input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptsKeys.all }),
  });
}

/** DELETE /prompt/{id}: answers a message, shown as information. */
export function useDeletePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<PromptDeleted>(`/prompt/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptsKeys.all }),
  });
}
