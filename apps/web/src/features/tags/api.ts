import type { Paged, Tag, TagInput, TagTicket } from '@atende/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const tagsKeys = {
  all: ['tags'] as const,
  list: (search: string) => ['tags', 'list', search] as const,
  detail: (id: number) => ['tags', 'detail', id] as const,
  tickets: (id: number) => ['tags', 'tickets', id] as const,
  /** The small copy other features' pickers and filters read (ticket tags, ticket search). */
  options: ['tags', 'options'] as const,
};

/** The company's tags (GET /tags/list), for the ticket's tag picker and the tickets' tag filter. */
export function useTagOptions(enabled = true) {
  return useQuery({
    queryKey: tagsKeys.options,
    queryFn: ({ signal }) => api.get<Tag[]>('/tags/list', undefined, { signal }),
    enabled,
  });
}

const nextPage = (last: { hasMore: boolean }, pages: unknown[]) => (last.hasMore ? pages.length + 1 : undefined);

/** GET /tags with each tag's ticket count, page by page as the user scrolls. */
export function useTagsList(search: string) {
  return useInfiniteQuery({
    queryKey: tagsKeys.list(search),
    queryFn: ({ pageParam, signal }) => api.get<Paged<'tags', Tag>>('/tags', { searchParam: search, pageNumber: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function useTag(id: number | null) {
  return useQuery({
    queryKey: tagsKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Tag>(`/tags/${id}`, undefined, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** GET /tags/{id}/tickets: the tickets carrying the tag, 40 per page. */
export function useTagTickets(id: number | null) {
  return useInfiniteQuery({
    queryKey: tagsKeys.tickets(id ?? 0),
    queryFn: ({ pageParam, signal }) => api.get<Paged<'tickets', TagTicket>>(`/tags/${id}/tickets`, { pageNumber: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: id !== null,
  });
}

/** Every page of a tag's tickets, for the spreadsheet export. */
export async function allTagTickets(id: number): Promise<TagTicket[]> {
  const tickets: TagTicket[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const page = await api.get<Paged<'tickets', TagTicket>>(`/tags/${id}/tickets`, { pageNumber });
    tickets.push(...page.tickets);
    if (!page.hasMore || page.tickets.length === 0) return tickets;
  }
}

export function useSaveTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TagInput }) =>
      id === null ? api.post<Tag>('/tags', input) : api.put<Tag>(`/tags/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagsKeys.all }),
  });
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/tags/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagsKeys.all }),
  });
}
