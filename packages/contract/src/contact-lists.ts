import { z } from 'zod';
import { V, emailField, listQuery, recordId, requiredText } from './common.js';

/** Contact list name: 2 to 50 characters. */
export const contactListInput = z.object({
  name: requiredText(2, 50),
});
export type ContactListInput = z.input<typeof contactListInput>;

/** A list's contact: name 2-50, number 8-50 (stored canonical), optional valid email. */
export const listContactInput = z.object({
  name: requiredText(2, 50),
  number: z.string({ error: V.required }).trim().min(1, { error: V.required }).min(8, { error: V.tooShort }).max(50, { error: V.tooLong }),
  email: z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), emailField.optional()).transform((v) => v ?? ''),
  contactListId: recordId(V.required),
});
export type ListContactInput = z.input<typeof listContactInput>;

/** GET /contact-list-items: one list's contacts, searched by name, number or email. */
export const listContactsQuery = listQuery.extend({ contactListId: recordId(V.required) });

export interface ContactList {
  id: number;
  name: string;
  contactsCount: number;
}

/** A contact of a list (the spec's ContactListItem). */
export interface ListContact {
  id: number;
  name: string;
  number: string;
  email: string;
  /** Null until WhatsApp was asked about the number (the background check). */
  isWhatsappValid: boolean | null;
  companyId: number;
  contactListId: number;
}

/** The spreadsheet's columns, in the example's order (header names in pt, en and es are read). */
export const CONTACT_LIST_COLUMNS = ['name', 'number', 'email'] as const;

/** POST /contact-lists/:id/upload: a field of the multipart body carrying the file. */
export const CONTACT_LIST_UPLOAD_FIELD = 'file';

/** An import reads at most this many rows; the rest of the sheet is left out (and the report says so). */
export const IMPORT_MAX_ROWS = 200_000;

/** At most this many refused rows are itemised in an import report (the count is always whole). */
export const IMPORT_REPORT_MAX_ROWS = 500;

/** Why a row of a spreadsheet was not imported. */
export type ImportRefusal = 'nameInvalid' | 'numberMissing' | 'numberInvalid' | 'emailInvalid';

export interface ImportRefusedRow {
  /** The row in the spreadsheet (1 is the header). */
  row: number;
  reason: ImportRefusal;
  /** The number (or name) as written, to find the row. */
  value: string;
}

/** The answer of an import: what was added, merged and refused. */
export interface ContactListImportReport {
  /** Rows read below the header (blank rows not counted). */
  rows: number;
  /** New numbers added to the list. */
  imported: number;
  /** Rows whose number was already in the list, or earlier in the file: merged into that contact. */
  merged: number;
  refusedCount: number;
  /** The first IMPORT_REPORT_MAX_ROWS refused rows. */
  refused: ImportRefusedRow[];
  /** The sheet had more than IMPORT_MAX_ROWS rows: those past it were not read. */
  tooManyRows: boolean;
}

export type ContactListEventPayload =
  | { action: 'create' | 'update'; record: ContactList }
  | { action: 'delete'; contactListId: number }
  /** Many contacts changed at once (an import): the list's screen reloads. */
  | { action: 'reload'; contactListId: number }
  /** Contacts added, edited or checked against WhatsApp. */
  | { action: 'contacts'; contactListId: number; contacts: ListContact[] }
  | { action: 'contactDelete'; contactListId: number; contactId: number };
