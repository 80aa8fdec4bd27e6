import type { SimulatorMessageInput } from '@atende/contract';

export type MediaType = NonNullable<SimulatorMessageInput['mediaType']>;

export const MEDIA_TYPES: readonly MediaType[] = ['image', 'video', 'audio', 'voice', 'document', 'sticker'];

/**
 * The server takes up to 16 MB of JSON per message; base64 grows a file by a third, so files
 * stop a little under 12 MB.
 */
export const MAX_ATTACHMENT_BYTES = 11 * 1024 * 1024;

/** What WhatsApp would make of the file: webp images are stickers, ogg/opus audio is a voice note. */
export function guessMediaType(file: Pick<File, 'type' | 'name'>): MediaType {
  const mime = file.type.toLowerCase();
  if (mime === 'image/webp') return 'sticker';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.includes('ogg') || mime.includes('opus')) return 'voice';
  if (mime.startsWith('audio/')) return 'audio';
  return 'document';
}

/** The file's bytes as base64, without the `data:...;base64,` prefix. */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}

/** A minimal vCard 3.0, as phones share a contact. */
export function buildVcard(name: string, number: string): string {
  const digits = number.replace(/\D/g, '');
  return ['BEGIN:VCARD', 'VERSION:3.0', `FN:${name}`, `TEL;type=CELL;waid=${digits}:+${digits}`, 'END:VCARD'].join('\n');
}

export { vcardName } from '../../lib/vcard';
