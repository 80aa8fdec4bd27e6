import type { z } from 'zod';
import { AppError } from './errors.js';

/**
 * Validate a payload with a contract schema. Invalid input answers 400 ERR_VALIDATION with the
 * message key of each invalid field, which the web app translates next to the field.
 */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.') || '_';
    fields[path] ??= issue.message;
  }
  throw new AppError('ERR_VALIDATION', 400, { fields });
}
