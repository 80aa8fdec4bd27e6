import { open } from 'node:fs/promises';
import { ANNOUNCEMENT_IMAGE } from '@atende/contract';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/uploads.js';

/** Only the super user sees inactive announcements; everyone else lists the active ones. */
export const seesInactive = (actor: Actor) => actor.super;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const startsWith = (data: Buffer, signature: number[]) => signature.every((byte, i) => data[i] === byte);

async function firstBytes(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(PNG.length), 0, PNG.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * An announcement's image is a png or a jpeg by its name, its declared type and its first bytes
 * (it is served publicly: nothing else may ride on it); answers its type as its content says.
 * Its size was capped while it arrived (ANNOUNCEMENT_IMAGE.maxBytes, the route's upload rule).
 */
export async function verifiedImageType(file: UploadedFile): Promise<'image/png' | 'image/jpeg'> {
  const head = await firstBytes(file.path);
  const extension = file.fileName.includes('.') ? file.fileName.split('.').pop()!.toLowerCase() : '';
  const mimeType = file.mimeType.split(';')[0].trim().toLowerCase();
  const named = (ANNOUNCEMENT_IMAGE.extensions as readonly string[]).includes(extension);
  const declared = (ANNOUNCEMENT_IMAGE.mimeTypes as readonly string[]).includes(mimeType);
  const content = mimeType === 'image/png' ? startsWith(head, PNG) : startsWith(head, JPEG);
  if (!named || !declared || !content) throw new AppError('ERR_INVALID_IMAGE', 400, { fields: { [ANNOUNCEMENT_IMAGE.field]: 'invalid' } });
  return mimeType as 'image/png' | 'image/jpeg';
}
