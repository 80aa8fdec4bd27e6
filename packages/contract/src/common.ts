import { z } from 'zod';
import { PASSWORD } from './constants.js';

/**
 * Validation messages are keys; the web app shows them through i18n (namespace `validation`).
 * The pt texts are the ones users already know ('Too Short!', 'Required', ...).
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

/**
 * An id is written in digits only. Number() would also read '+1', '0x10', '1e3', ' 1' and '1.0'
 * as ids, so a typo or a probe would reach a record nobody named.
 */
const DIGITS_ONLY = /^\d+$/;

/**
 * A record id in a path, query or body: a positive integer the database can hold, given as a JSON
 * number or as a string of digits. `absent` is the message for a missing, blank or zero id.
 */
export const recordId = (absent: string = V.invalid) =>
  z.preprocess(
    (v) => (typeof v === 'string' && DIGITS_ONLY.test(v) ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined || issue.input === '' || issue.input === null ? absent : V.invalid) })
      .int({ error: V.invalid })
      .positive({ error: absent })
      .max(MAX_RECORD_ID, { error: V.invalid }),
  );

/** Route parameter `:id` as a positive integer. */
export const idParam = z.object({ id: recordId() });
/** Route parameter `:uuid`, a ticket's address; one that is not a uuid is answered as not found. */
export const uuidParam = z.object({ uuid: z.string().max(64) });

/** `searchParam` and 1-based `pageNumber`, as every list takes them. */
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

/** True when `day` (YYYY-MM-DD) is a day of the calendar: 2024-02-30 is not. */
export function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** YYYY-MM-DD calendar date that exists (2024-02-30 is refused, never read as March 1st). */
export const isoDate = z
  .string({ error: V.invalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: V.invalid })
  .refine(isCalendarDay, { error: V.invalid });

/** The years an instant may fall in: the database's timestamps hold far less than JavaScript's dates. */
const INSTANT_YEARS = { min: 1900, max: 9999 } as const;

/**
 * An ISO 8601 instant (or epoch milliseconds) on a day that exists, within years the database
 * holds. `absent` is the message for a missing or blank value.
 */
export const isoInstant = (absent: string = V.required) =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z
      .union([z.string(), z.number(), z.date()], { error: absent })
      .refine((v) => typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(v) || isCalendarDay(v.slice(0, 10)), { error: V.invalid })
      .transform((v) => new Date(v))
      .refine((d) => !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= INSTANT_YEARS.min && d.getUTCFullYear() <= INSTANT_YEARS.max, {
        error: V.invalid,
      }),
  );

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
