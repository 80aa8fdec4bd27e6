import type { ListContact, Paged } from '@atende/contract';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useLiveEvent } from '../live';
import { contactListsKeys } from './api';

type ContactsPages = InfiniteData<Paged<'contacts', ListContact>>;

/**
 * Keeps the lists and a list's contacts in step with changes made elsewhere. The WhatsApp check
 * announces contacts by the dozen: those already on screen are patched in place (their icon
 * turns), anything else refetches.
 */
export function useContactListsLive(): void {
  const queryClient = useQueryClient();
  useLiveEvent('contactList', (payload) => {
    if (payload.action !== 'contacts') {
      void queryClient.invalidateQueries({ queryKey: contactListsKeys.all });
      return;
    }
    const changed = new Map(payload.contacts.map((c) => [c.id, c]));
    const seen = new Set<number>();
    queryClient.setQueriesData<ContactsPages>({ queryKey: contactListsKeys.contactsOf(payload.contactListId) }, (data) => {
      if (!data) return data;
      return {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          contacts: page.contacts.map((row) => {
            const next = changed.get(row.id);
            if (!next) return row;
            seen.add(row.id);
            return next;
          }),
        })),
      };
    });
    for (const contact of payload.contacts) queryClient.setQueryData(contactListsKeys.contact(contact.id), contact);
    // A contact added elsewhere: the list (and its count) refetch.
    if (payload.contacts.some((c) => !seen.has(c.id) && c.isWhatsappValid === null)) {
      void queryClient.invalidateQueries({ queryKey: contactListsKeys.all });
    }
  });
}
