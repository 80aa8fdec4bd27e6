import type { Contact, ContactImportResult, ContactInput, Paged } from '@atende/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const contactsKeys = {
  all: ['contacts'] as const,
  list: (search: string) => ['contacts', 'list', search] as const,
  detail: (id: number) => ['contacts', 'detail', id] as const,
};

/** GET /contacts, 30 per page, newest pages appended as the user scrolls. */
export function useContactsList(search: string) {
  return useInfiniteQuery({
    queryKey: contactsKeys.list(search),
    queryFn: ({ pageParam, signal }) =>
      api.get<Paged<'contacts', Contact>>('/contacts', { searchParam: search, pageNumber: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useContact(id: number | null) {
  return useQuery({
    queryKey: contactsKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Contact>(`/contacts/${id}`, undefined, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export type SaveContactInput = { id: number | null; input: ContactInput };

export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: SaveContactInput) =>
      id === null ? api.post<Contact>('/contacts', input) : api.put<Contact>(`/contacts/${id}`, input),
    onSuccess: (contact) => {
      queryClient.setQueryData(contactsKeys.detail(contact.id), contact);
      return queryClient.invalidateQueries({ queryKey: contactsKeys.all });
    },
  });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/contacts/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsKeys.all }),
  });
}

/** POST /contacts/import: the default connection's address book. */
export function useImportContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ContactImportResult>('/contacts/import'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsKeys.all }),
  });
}
