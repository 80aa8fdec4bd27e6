import { z } from 'zod';
import { V, recordId } from './common.js';

/** The shortest name a file list may have (shorter ones answer 'nome muito curto'). */
export const FILE_LIST_NAME_MIN = 3;
/** A list sends at most this many files: campaigns attach them one by one to every message. */
export const FILE_LIST_MAX_OPTIONS = 20;

/**
 * What a list's file may be: what WhatsApp delivers as image, video, audio or document. Anything
 * else (scripts, executables, HTML, unknown bytes) answers ERR_FILE_TYPE_NOT_ALLOWED.
 */
export const FILE_LIST_MEDIA_TYPES = [
  'image/jpeg', 'image/png', 'image/gif', 'image/webp',
  'video/mp4', 'video/3gpp', 'video/quicktime',
  'audio/ogg', 'audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/amr', 'audio/wav',
  'application/pdf', 'application/zip', 'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'text/plain', 'text/csv',
] as const;

/** The `accept` attribute of the web's file input, from the same list. */
export const FILE_LIST_ACCEPT = FILE_LIST_MEDIA_TYPES.join(',');

export const fileListOptionInput = z.object({
  /** An existing option keeps its file; an option without id is new. */
  id: recordId().optional(),
  name: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(200, { error: V.tooLong }),
});

export const fileListInput = z.object({
  name: z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .min(FILE_LIST_NAME_MIN, { error: V.tooShort })
    .max(100, { error: V.tooLong }),
  message: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(4096, { error: V.tooLong }),
  /** The whole list of options: options left out are removed with their files. */
  options: z.array(fileListOptionInput, { error: V.invalid }).max(FILE_LIST_MAX_OPTIONS, { error: V.tooLong }).optional().default([]),
});
export type FileListInput = z.input<typeof fileListInput>;

export interface FileListOption {
  id: number;
  name: string;
  /** Authenticated media URL (`/api/media/...`, fetch with the bearer token), or null before its upload. */
  path: string | null;
  /** The uploaded file's mime type, or null before its upload. */
  mediaType: string | null;
  /** The uploaded file's original name. */
  file: string | null;
}

export interface FileList {
  id: number;
  name: string;
  message: string;
  options: FileListOption[];
  createdAt: string;
  updatedAt: string;
}

/** POST /files/uploadList/:id: multipart `fileId` (the option's id) and the file in `files`. */
export const FILE_LIST_UPLOAD_FIELDS = { option: 'fileId', file: 'files' } as const;

/** `company-{id}-fileList`: admins' lists refresh. */
export type FileListEventPayload = { action: 'create' | 'update'; fileList: FileList } | { action: 'delete'; fileListId: number };
