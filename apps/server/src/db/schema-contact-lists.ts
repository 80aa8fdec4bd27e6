import type { ColumnType, Generated, Selectable } from 'kysely';

/** Tables of the campaigns' contact lists (migration 0022); part of `DB` in schema.ts. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ContactListsTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ContactListItemsTable {
  id: Generated<number>;
  companyId: number;
  contactListId: number;
  name: string;
  number: string;
  email: ColumnType<string, string | undefined, string>;
  /** Null until WhatsApp was asked about the number. */
  isWhatsappValid: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ContactListTables {
  contactLists: ContactListsTable;
  contactListItems: ContactListItemsTable;
}

export type ContactListRow = Selectable<ContactListsTable>;
export type ContactListItemRow = Selectable<ContactListItemsTable>;
