import { z } from 'zod';
import { V, emailField, requiredText } from './common.js';

export const contactExtraInfoInput = z.object({
  id: z.coerce.number().int().positive().optional(),
  name: z.string().trim().min(1, { error: V.required }).max(100, { error: V.tooLong }),
  value: z.string().trim().max(1000, { error: V.tooLong }).default(''),
});

/** Spec core §5: name 2-50, number 8-50 characters, email valid (optional). */
export const contactInput = z.object({
  name: requiredText(2, 50),
  number: z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .min(8, { error: V.tooShort })
    .max(50, { error: V.tooLong }),
  email: z.union([z.literal(''), emailField]).optional().default(''),
  extraInfo: z.array(contactExtraInfoInput).max(50).optional().default([]),
});
export type ContactInput = z.input<typeof contactInput>;

export const contactListQuery = z.object({
  searchParam: z.string().trim().max(200).optional().default(''),
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  /** Filters of spec core §7 on the creation date (YYYY-MM-DD). */
  date: z.string().optional(),
  dateStart: z.string().optional(),
  dateEnd: z.string().optional(),
});

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
  companyId: number;
  createdAt: string;
  updatedAt: string;
}
