import { z } from 'zod';
import { V, emailField, flag, isoDate, recordId, requiredText } from './common.js';

export const contactExtraInfoInput = z.object({
  id: recordId().optional(),
  name: z.string().trim().min(1, { error: V.required }).max(100, { error: V.tooLong }),
  value: z.string().trim().max(1000, { error: V.tooLong }).default(''),
});

/** A name has 2 to 50 characters and a number 8 to 50; the email is optional but must be valid. */
export const contactInput = z.object({
  name: requiredText(2, 50),
  number: z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .min(8, { error: V.tooShort })
    .max(50, { error: V.tooLong }),
  /** Optional: empty or absent is no email. */
  email: z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), emailField.optional()).transform((v) => v ?? ''),
  extraInfo: z.array(contactExtraInfoInput).max(50).optional().default([]),
  active: flag.default(true),
});
export type ContactInput = z.input<typeof contactInput>;

/** A day as YYYY-MM-DD; empty means no filter. */
const optionalDay = z
  .union([isoDate, z.literal('')])
  .optional()
  .transform((v) => v || undefined);

/**
 * GET /contacts. `searchParam` finds contacts by words of the name, the start of the email or of
 * the number, and the end of the number (so a local number without the country code finds it).
 */
export const contactListQuery = z.object({
  searchParam: z.string().trim().max(200).optional().default(''),
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  /** Filters on the creation date (YYYY-MM-DD, UTC days; dateStart and dateEnd inclusive). */
  date: optionalDay,
  dateStart: optionalDay,
  dateEnd: optionalDay,
});

/** GET /contacts/list answers at most this many contacts (pickers search as the user types). */
export const CONTACT_PICKER_LIMIT = 100;

export const contactPickerQuery = z.object({
  searchParam: z.string().trim().max(200).optional().default(''),
});

/** GET /contacts/list: what a picker shows. */
export interface ContactListItem {
  id: number;
  name: string;
  number: string;
}

/** POST /contacts/import: contacts created from the default connection's address book. */
export interface ContactImportResult {
  imported: number;
}

export interface ContactExtraInfo {
  id: number;
  name: string;
  value: string;
}

export interface Contact {
  id: number;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string;
  isGroup: boolean;
  lid: string | null;
  extraInfo: ContactExtraInfo[];
  whatsappId: number | null;
  /** The connection the contact last wrote through. */
  whatsapp: { id: number; name: string } | null;
  active: boolean;
  companyId: number;
  createdAt: string;
  updatedAt: string;
}
