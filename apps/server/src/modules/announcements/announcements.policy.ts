import { ANNOUNCEMENT_IMAGE } from '@atende/contract';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/media.js';

/** Only the super user sees inactive announcements; everyone else lists the active ones. */
export const seesInactive = (actor: Actor) => actor.super;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const startsWith = (data: Buffer, signature: number[]) => signature.every((byte, i) => data[i] === byte);

/**
 * An announcement's image is a png or a jpeg by its name, its declared type and its first bytes
 * (it is served publicly: nothing else may ride on it), and no larger than ANNOUNCEMENT_IMAGE.maxBytes.
 */
export function assertAnnouncementImage(file: UploadedFile): void {
  if (file.data.length > ANNOUNCEMENT_IMAGE.maxBytes) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
  const extension = file.fileName.includes('.') ? file.fileName.split('.').pop()!.toLowerCase() : '';
  const mimeType = file.mimeType.split(';')[0].trim().toLowerCase();
  const named = (ANNOUNCEMENT_IMAGE.extensions as readonly string[]).includes(extension);
  const declared = (ANNOUNCEMENT_IMAGE.mimeTypes as readonly string[]).includes(mimeType);
  const content = mimeType === 'image/png' ? startsWith(file.data, PNG) : startsWith(file.data, JPEG);
  if (!named || !declared || !content) throw new AppError('ERR_INVALID_IMAGE', 400, { fields: { [ANNOUNCEMENT_IMAGE.field]: 'invalid' } });
}

/** The stored image's type, from its verified content. */
export const imageMimeType = (file: UploadedFile) => (startsWith(file.data, PNG) ? 'image/png' : 'image/jpeg');
