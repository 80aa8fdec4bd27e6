import i18n from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/** The contract's schemas carry validation keys (required, tooShort...); this shows their text. */
export function validationText(key: string | undefined): string | undefined {
  if (!key) return undefined;
  return i18n.exists(key, { ns: 'validation' }) ? i18n.t(key, { ns: 'validation' }) : key;
}

/**
 * Puts the field errors of an ERR_VALIDATION answer under their fields.
 * Returns true when at least one known field was marked, so the caller may skip the toast.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  knownFields: readonly Path<T>[],
): boolean {
  if (!(err instanceof ApiError) || err.code !== 'ERR_VALIDATION') return false;
  let marked = false;
  for (const [field, key] of Object.entries(err.fields)) {
    if ((knownFields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message: key });
      marked = true;
    }
  }
  return marked;
}
