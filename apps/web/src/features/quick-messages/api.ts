import { QUICK_MESSAGE_MEDIA_FIELD, type Paged, type QuickMessage, type QuickMessageInput } from '@atende/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const quickMessagesKeys = {
  all: ['quick-messages'] as const,
  list: (search: string) => ['quick-messages', 'list', search] as const,
  detail: (id: number) => ['quick-messages', 'detail', id] as const,
};

/** GET /quick-messages: the company's shared replies and the caller's own, page by page. */
export function useQuickMessagesList(search: string) {
  return useInfiniteQuery({
    queryKey: quickMessagesKeys.list(search),
    queryFn: ({ pageParam, signal }) =>
      api.get<Paged<'records', QuickMessage>>('/quick-messages', { searchParam: search, pageNumber: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useQuickMessage(id: number | null) {
  return useQuery({
    queryKey: quickMessagesKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<QuickMessage>(`/quick-messages/${id}`, undefined, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export interface SaveQuickMessage {
  id: number | null;
  input: QuickMessageInput;
  /** A new attachment, uploaded once the reply is saved (the upload needs its id). */
  file: File | null;
  /** The current attachment was removed in the dialog. */
  removeMedia: boolean;
}

/** Saves the reply, then its attachment: POST or DELETE /quick-messages/{id}/media-upload. */
export function useSaveQuickMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, file, removeMedia }: SaveQuickMessage) => {
      let saved = id === null ? await api.post<QuickMessage>('/quick-messages', input) : await api.put<QuickMessage>(`/quick-messages/${id}`, input);
      if (file) {
        const body = new FormData();
        body.append('typeArch', 'quickMessage');
        body.append(QUICK_MESSAGE_MEDIA_FIELD, file);
        saved = await api.post<QuickMessage>(`/quick-messages/${saved.id}/media-upload`, body);
      } else if (removeMedia && saved.mediaName) {
        saved = await api.delete<QuickMessage>(`/quick-messages/${saved.id}/media-upload`);
      }
      return saved;
    },
    // Also after a failed upload: the reply itself may have been saved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: quickMessagesKeys.all }),
  });
}

export function useDeleteQuickMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/quick-messages/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quickMessagesKeys.all }),
  });
}
