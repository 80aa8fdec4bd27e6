import { UI, formatMegabytes } from '@atende/contract';
import i18n from 'i18next';
import { toast } from 'react-toastify';
import { ApiError } from './api';

function errorCodeOf(err: unknown): string | null {
  if (err instanceof ApiError) return err.code;
  const code = (err as { error?: unknown } | null)?.error;
  return typeof code === 'string' && code ? code : null;
}

/** What an error's text may name: a limit in MB, seconds to wait. */
function detailsOf(err: unknown): Record<string, string | number> {
  const body = err instanceof ApiError ? err.body : err;
  const details = (body as { details?: Record<string, unknown> } | null)?.details ?? {};
  const values: Record<string, string | number> = {};
  if (typeof details.maxBytes === 'number') values.limit = formatMegabytes(details.maxBytes);
  if (typeof details.retryAfterSeconds === 'number') values.seconds = details.retryAfterSeconds;
  return values;
}

/**
 * A code with a translation gives the translated text, an unknown code the raw
 * code text, a plain string stays as it is, anything else the generic 'Ocorreu um erro!'.
 */
export function errorMessage(err: unknown): string {
  const code = errorCodeOf(err);
  if (code) return i18n.exists(code, { ns: 'errors' }) ? i18n.t(code, { ns: 'errors', ...detailsOf(err) }) : code;
  if (typeof err === 'string' && err) return err;
  return i18n.t('fallback', { ns: 'errors' });
}

export function toastError(err: unknown): void {
  const message = errorMessage(err);
  // The id folds repeats of one message (e.g. several queries failing at once) into one toast.
  toast.error(message, { toastId: message, autoClose: UI.errorToastMs });
}
