import { UPLOADS, formatMegabytes } from '@atende/contract';
import i18n from 'i18next';
import { toastError } from './errors';

/**
 * The files that fit the server's limit; each one over it is named in an error at once, before
 * any byte is sent (the server refuses it too, but only after the upload).
 */
export function filesWithinLimit(files: File[], maxBytes: number = UPLOADS.mediaMaxBytes): File[] {
  const fitting = files.filter((file) => file.size <= maxBytes);
  for (const file of files) {
    if (file.size > maxBytes) toastError(`${file.name}: ${i18n.t('ERR_FILE_TOO_LARGE', { ns: 'errors', limit: formatMegabytes(maxBytes) })}`);
  }
  return fitting;
}

/** 'Até 16 MB por arquivo': shown next to every control that picks a file. */
export function uploadLimitHint(maxBytes: number = UPLOADS.mediaMaxBytes): string {
  return i18n.t('uploadLimit', { ns: 'common', limit: formatMegabytes(maxBytes) });
}
