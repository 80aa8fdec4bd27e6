import type { Paged, User, UserCreateInput, UserUpdateInput } from '@atende/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api';

export interface ConnectionOption {
  id: number;
  name: string;
}

export const usersKeys = {
  all: ['users'] as const,
  list: (search: string) => ['users', 'list', search] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
  /** The small copy other features' selects read (transfer, ticket and dashboard filters). */
  options: ['users', 'options'] as const,
};

export interface UserOption {
  id: number;
  name: string;
  queues?: { id: number }[];
}

/** The company's users (GET /users/list), for the transfer dialog and the ticket and dashboard filters. */
export function useUserOptions(enabled: boolean) {
  return useQuery({
    queryKey: usersKeys.options,
    queryFn: ({ signal }) => api.get<UserOption[]>('/users/list', undefined, { signal }),
    enabled,
  });
}

export function useUsersList(search: string) {
  return useInfiniteQuery({
    queryKey: usersKeys.list(search),
    queryFn: ({ pageParam, signal }) =>
      api.get<Paged<'users', User>>('/users', { searchParam: search, pageNumber: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useUser(id: number | null) {
  return useQuery({
    queryKey: usersKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<User>(`/users/${id}`, undefined, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Connections for the default-connection select; the channel module may not exist yet (404). */
export function useConnectionOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['whatsapp', 'options'],
    queryFn: async ({ signal }) => {
      try {
        const list = await api.get<ConnectionOption[]>('/whatsapp', undefined, { signal });
        return Array.isArray(list) ? list : [];
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return [];
        throw err;
      }
    },
    enabled,
  });
}

export type SaveUserInput = { id: number | null; input: UserCreateInput | UserUpdateInput };

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: SaveUserInput) =>
      id === null ? api.post<User>('/users', input) : api.put<User>(`/users/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/users/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
