import i18n from 'i18next';
import { get, type FieldValues, type FormState, type Path, type UseFormRegister, type UseFormSetError } from 'react-hook-form';
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

/**
 * The props every text field of a react-hook-form form repeats: registration, the translated
 * error under the field, dense full-width layout and the test id of its input. Spread first;
 * props written after the spread (type, label, helperText...) win.
 */
export function textFieldProps<T extends FieldValues>(
  form: { register: UseFormRegister<T>; formState: FormState<NoInfer<T>> },
  name: Path<T>,
  testId: string,
) {
  const message = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return {
    ...form.register(name),
    fullWidth: true,
    margin: 'dense' as const,
    error: Boolean(message),
    helperText: validationText(message),
    slotProps: { htmlInput: { 'data-testid': testId } },
  };
}
