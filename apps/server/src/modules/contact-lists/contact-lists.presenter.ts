import type { ContactList, ListContact } from '@atende/contract';
import type { ContactListItemRow, ContactListRow } from '../../db/schema-contact-lists.js';

export function presentContactList(row: ContactListRow & { contactsCount?: string | number }): ContactList {
  return { id: row.id, name: row.name, contactsCount: Number(row.contactsCount ?? 0) };
}

export function presentListContact(row: ContactListItemRow): ListContact {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    email: row.email,
    isWhatsappValid: row.isWhatsappValid,
    companyId: row.companyId,
    contactListId: row.contactListId,
  };
}
