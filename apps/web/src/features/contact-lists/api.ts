import {
  CONTACT_LIST_UPLOAD_FIELD,
  type ContactList,
  type ContactListImportReport,
  type ContactListInput,
  type ListContact,
  type ListContactInput,
  type Paged,
} from '@atende/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, buildUrl, refreshAccessToken } from '../../lib/api';
import { getToken } from '../../lib/storage';

export const contactListsKeys = {
  all: ['contact-lists'] as const,
  lists: (search: string) => ['contact-lists', 'lists', search] as const,
  detail: (id: number) => ['contact-lists', 'detail', id] as const,
  contactsOf: (listId: number) => ['contact-lists', 'contacts', listId] as const,
  contacts: (listId: number, search: string) => ['contact-lists', 'contacts', listId, search] as const,
  contact: (id: number) => ['contact-lists', 'contact', id] as const,
  /** Every list by name, for pickers (the campaign dialog). */
  options: ['contact-lists', 'options'] as const,
};

/** GET /contact-lists/list: every list, for the campaign dialog's picker. */
export function useContactListOptions(enabled = true) {
  return useQuery({
    queryKey: contactListsKeys.options,
    queryFn: ({ signal }) => api.get<ContactList[]>('/contact-lists/list', undefined, { signal }),
    enabled,
  });
}

/** GET /contact-lists, a page at a time as the user scrolls. */
export function useContactListsPage(search: string) {
  return useInfiniteQuery({
    queryKey: contactListsKeys.lists(search),
    queryFn: ({ pageParam, signal }) => api.get<Paged<'records', ContactList>>('/contact-lists', { searchParam: search, pageNumber: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useContactList(id: number | null) {
  return useQuery({
    queryKey: contactListsKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<ContactList>(`/contact-lists/${id}`, undefined, { signal }),
    enabled: id !== null,
  });
}

export function useSaveContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ContactListInput }) =>
      id === null ? api.post<ContactList>('/contact-lists', input) : api.put<ContactList>(`/contact-lists/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListsKeys.all }),
  });
}

export function useDeleteContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/contact-lists/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListsKeys.all }),
  });
}

/** GET /contact-list-items: one list's contacts, a page at a time. */
export function useListContactsPage(listId: number, search: string) {
  return useInfiniteQuery({
    queryKey: contactListsKeys.contacts(listId, search),
    queryFn: ({ pageParam, signal }) =>
      api.get<Paged<'contacts', ListContact>>('/contact-list-items', { contactListId: listId, searchParam: search, pageNumber: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useListContact(id: number | null) {
  return useQuery({
    queryKey: contactListsKeys.contact(id ?? 0),
    queryFn: ({ signal }) => api.get<ListContact>(`/contact-list-items/${id}`, undefined, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useSaveListContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ListContactInput }) =>
      id === null ? api.post<ListContact>('/contact-list-items', input) : api.put<ListContact>(`/contact-list-items/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListsKeys.all }),
  });
}

export function useDeleteListContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/contact-list-items/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListsKeys.all }),
  });
}

/** POST /contact-lists/:id/upload (multipart): answers what was imported, merged and refused. */
export function useImportContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, file }: { listId: number; file: File }) => {
      const body = new FormData();
      body.append(CONTACT_LIST_UPLOAD_FIELD, file, file.name);
      return api.post<ContactListImportReport>(`/contact-lists/${listId}/upload`, body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListsKeys.all }),
  });
}

/** GET /contact-lists/example: the spreadsheet is served only with the token, so it is fetched and handed over as a file. */
export async function downloadExampleSpreadsheet(): Promise<void> {
  const send = () => fetch(buildUrl('/contact-lists/example'), { headers: { Authorization: `Bearer ${getToken() ?? ''}` }, credentials: 'include' });
  let response = await send();
  if (response.status === 403 || response.status === 401) {
    await refreshAccessToken();
    response = await send();
  }
  if (!response.ok) throw new Error(String(response.status));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'contact-list-example.xlsx';
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
