import { FILE_LIST_MAX_BYTES, FILE_LIST_MEDIA_TYPES } from '@atende/contract';
import { AppError } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/media.js';

const ALLOWED = new Set<string>(FILE_LIST_MEDIA_TYPES);

/** The file's declared type without parameters (`text/plain; charset=utf-8` is text/plain). */
export function mediaTypeOf(file: UploadedFile): string {
  return file.mimeType.split(';')[0].trim().toLowerCase();
}

/**
 * A list's files are sent to customers by campaigns: only what WhatsApp delivers as media or a
 * document, and not larger than it takes. Checked before anything is stored.
 */
export function assertSendableFile(file: UploadedFile): void {
  if (!ALLOWED.has(mediaTypeOf(file))) throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED', 400, { fields: { files: 'invalid' } });
  if (file.data.length > FILE_LIST_MAX_BYTES) throw new AppError('ERR_FILE_TOO_LARGE', 400, { fields: { files: 'tooLong' } });
}
