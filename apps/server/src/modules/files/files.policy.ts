import { FILE_LIST_MEDIA_TYPES } from '@atende/contract';
import { AppError } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/uploads.js';

const ALLOWED = new Set<string>(FILE_LIST_MEDIA_TYPES);

/** The file's declared type without parameters (`text/plain; charset=utf-8` is text/plain). */
export function mediaTypeOf(file: UploadedFile): string {
  return file.mimeType.split(';')[0].trim().toLowerCase();
}

/**
 * A list's files are sent to customers by campaigns: only what WhatsApp delivers as media or a
 * document (its size is held to the upload limit as it arrives). Checked before anything is kept.
 */
export function assertSendableFile(file: UploadedFile): void {
  if (!ALLOWED.has(mediaTypeOf(file))) throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED', 400, { fields: { files: 'invalid' } });
}
