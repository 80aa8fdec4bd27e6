import type { z } from 'zod';
import { V } from '@atende/contract';
import { AppError } from './errors.js';

/**
 * Where `value` holds text PostgreSQL cannot store: a NUL character or a lone UTF-16 surrogate
 * (JSON may write "\u0000" and "\ud800"). Answers the first such path ('_' for the value itself),
 * or null when every string and key is clean.
 */
export function unstorableTextPath(value: unknown, path: string[] = []): string | null {
  const here = () => path.join('.') || '_';
  if (typeof value === 'string') return isStorableText(value) ? null : here();
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return here();
    const found = unstorableTextPath(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

/**
 * The same value with every string made storable: NULs removed, lone surrogates replaced by U+FFFD.
 * For what arrives from WhatsApp, which is kept rather than refused: a customer's message holding
 * a NUL is still a message. Plain objects and arrays are copied; anything else is left as it is.
 */
export function storableCopy<T>(value: T): T {
  if (typeof value === 'string') return (isStorableText(value) ? value : value.replaceAll('\u0000', '').toWellFormed()) as T;
  if (Array.isArray(value)) return value.map((item) => storableCopy(item)) as T;
  if (!value || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [storableCopy(key), storableCopy(item)])) as T;
}

/**
 * Validate a payload with a contract schema. Invalid input answers 400 ERR_VALIDATION with the
 * message key of each invalid field, which the web app translates next to the field. Text the
 * database cannot store is refused the same way, on its field, before any schema reads it.
 */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const unstorable = unstorableTextPath(data);
  if (unstorable) throw new AppError('ERR_VALIDATION', 400, { fields: { [unstorable]: V.invalid } });
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.') || '_';
    fields[path] ??= issue.message;
  }
  throw new AppError('ERR_VALIDATION', 400, { fields });
}
