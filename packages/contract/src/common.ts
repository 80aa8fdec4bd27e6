import { z } from 'zod';
import { PASSWORD } from './constants.js';

/**
 * Validation messages are keys; the web app shows them through i18n (namespace `validation`).
 * The pt texts are the spec's ('Too Short!', 'Required', ...).
 */
export const V = {
  required: 'required',
  tooShort: 'tooShort',
  tooLong: 'tooLong',
  invalidEmail: 'invalidEmail',
  invalid: 'invalid',
  /** A password of spaces only, or one of the most common ones. */
  weakPassword: 'weakPassword',
} as const;
export type ValidationKey = (typeof V)[keyof typeof V];

export const requiredText = (min: number, max: number) =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .min(min, { error: V.tooShort })
    .max(max, { error: V.tooLong });

export const emailField = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required })
  .pipe(z.email({ error: V.invalidEmail }))
  .transform((s) => s.toLowerCase());

/** Ids are PostgreSQL integers: a larger number is bad input (400), never a database error (500). */
export const MAX_RECORD_ID = 2_147_483_647;

/** A record id in a path, query or body: a positive integer the database can hold. */
export const recordId = () => z.coerce.number().int().positive().max(MAX_RECORD_ID);

/** Route parameter `:id` as a positive integer. */
export const idParam = z.object({ id: recordId() });

/** `searchParam` and 1-based `pageNumber`, as every list of the spec takes them. */
export const listQuery = z.object({
  searchParam: z.string().trim().max(200).optional().default(''),
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
export type ListQuery = z.infer<typeof listQuery>;

/**
 * A yes/no field of an input. Clients send it as true/false or 1/0, and multipart fields and query
 * strings carry it as "true"/"false" or "1"/"0": all of those are read as a boolean, anything else
 * (2, "yes", null) is refused.
 */
export const flag = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['true', 'false', '1', '0'])], { error: V.invalid })
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

/** YYYY-MM-DD calendar date. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: V.invalid });

export type Paged<K extends string, T> = { [key in K]: T[] } & { count: number; hasMore: boolean };

/**
 * The parsed fields the caller actually sent. Update calls reuse the create schemas, whose
 * defaults would otherwise reset every field the caller left out (a PUT with only a name would
 * demote an admin or wipe a due date); updates apply only what was sent.
 */
export function sentFields<T extends object>(parsed: T, raw: unknown): Partial<T> {
  const sent = raw && typeof raw === 'object' ? (raw as object) : {};
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => Object.hasOwn(sent, key))) as Partial<T>;
}

/**
 * A password being chosen: 8-50 characters and not spaces only. The server also refuses the most
 * common passwords (its list is not shipped to browsers).
 */
export const newPassword = () =>
  z
    .string({ error: V.required })
    .min(PASSWORD.min, { error: V.tooShort })
    .max(PASSWORD.max, { error: V.tooLong })
    .refine((value) => value.trim() !== '', { error: V.weakPassword });
