/**
 * Media files of every provider and feature: stored under `DATA_DIR/media/company-{id}/` with
 * unguessable names, read back only within the caller's company, and served by
 * `GET /api/media/:fileName` to signed-in members of that company. Voice notes are converted to
 * ogg/opus with ffmpeg, called with an argument array (never a shell).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaSink } from '../channels/whatsapp/provider.js';
import type { FastifyRequest } from 'fastify';
import { V } from '@atende/contract';
import { AppError } from './errors.js';
import { isStorableText } from './validation.js';

/** Extension by mime type. Anything else is stored as .bin and served as a download. */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/webm': 'weba',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/vcard': 'vcf',
  'text/x-vcard': 'vcf',
};

/** Content type served for each extension we write (never text/html or image/svg+xml: no script runs from media). */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp',
  mp4: 'video/mp4', '3gp': 'video/3gpp', mov: 'video/quicktime', webm: 'video/webm',
  ogg: 'audio/ogg', opus: 'audio/ogg', mp3: 'audio/mpeg', m4a: 'audio/mp4', aac: 'audio/aac', amr: 'audio/amr',
  wav: 'audio/wav', weba: 'audio/webm',
  pdf: 'application/pdf', zip: 'application/zip', doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint', pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8', csv: 'text/csv; charset=utf-8', vcf: 'text/vcard; charset=utf-8',
  bin: 'application/octet-stream',
};

/** 24 random bytes in base64url, a dot, one of our extensions: nothing else is ever a media name. */
const MEDIA_NAME = /^[A-Za-z0-9_-]{32}\.([a-z0-9]{2,5})$/;

export function extensionFor(mimeType: string, fileName?: string): string {
  const base = mimeType.split(';')[0].trim().toLowerCase();
  const byMime = EXTENSIONS[base];
  if (byMime) return byMime;
  const fromName = fileName?.split('.').pop()?.toLowerCase();
  return fromName && fromName !== fileName?.toLowerCase() && CONTENT_TYPES[fromName] ? fromName : 'bin';
}

export interface StoredMedia {
  data: Buffer;
  contentType: string;
}

export interface MediaStore {
  /** Saves the bytes for the company; answers the new file's name (the only handle to it). */
  save(companyId: number, input: { data: Buffer; mimeType: string; fileName?: string }): Promise<string>;
  /** The file when `fileName` is a media name of this company; null for anything else. */
  read(companyId: number, fileName: string): Promise<StoredMedia | null>;
  /** Adapter for the WhatsApp providers: inbound media is saved before the event is handed on. */
  readonly sink: MediaSink;
  /** Any audio to an ogg/opus voice note, with the configured ffmpeg. */
  toVoiceNote(audio: Buffer): Promise<Buffer>;
}

export function createMediaStore(options: { dataDir: string; ffmpegPath?: string }): MediaStore {
  const root = join(options.dataDir, 'media');
  const folderOf = (companyId: number) => join(root, `company-${Math.trunc(companyId)}`);

  const store: MediaStore = {
    async save(companyId, { data, mimeType, fileName }) {
      const folder = folderOf(companyId);
      await mkdir(folder, { recursive: true });
      const name = `${randomBytes(24).toString('base64url')}.${extensionFor(mimeType, fileName)}`;
      await writeFile(join(folder, name), data, { flag: 'wx', mode: 0o640 });
      return name;
    },
    async read(companyId, fileName) {
      const match = MEDIA_NAME.exec(fileName);
      if (!match || !CONTENT_TYPES[match[1]]) return null;
      try {
        return { data: await readFile(join(folderOf(companyId), fileName)), contentType: CONTENT_TYPES[match[1]] };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    sink: {
      save: ({ companyId, data, mimeType, fileName }) => store.save(companyId, { data, mimeType, fileName }),
    },
    toVoiceNote: (audio) => toVoiceNote(audio, { ffmpegPath: options.ffmpegPath }),
  };
  return store;
}

export interface VoiceNoteOptions {
  /** FFMPEG_PATH; `ffmpeg` on the PATH when absent. */
  ffmpegPath?: string;
  timeoutMs?: number;
}

/**
 * Converts any audio ffmpeg reads into a mono 48 kHz ogg/opus voice note (what WhatsApp plays as
 * a voice message). The input goes through a temporary file: some containers (m4a) need seeking.
 * ERR_FFMPEG_UNAVAILABLE (503) when ffmpeg cannot be run; ERR_VALIDATION when it cannot read the audio.
 */
export async function toVoiceNote(audio: Buffer, options: VoiceNoteOptions = {}): Promise<Buffer> {
  const ffmpeg = options.ffmpegPath || 'ffmpeg';
  const dir = await mkdtemp(join(tmpdir(), 'atende-voice-'));
  try {
    const input = join(dir, 'input');
    await writeFile(input, audio);
    const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', input, '-vn', '-map_metadata', '-1',
      '-ac', '1', '-ar', '48000', '-c:a', 'libopus', '-b:a', '32k', '-application', 'voip', '-f', 'ogg', 'pipe:1'];
    return await run(ffmpeg, args, options.timeoutMs ?? 60_000);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[], timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    const out: Buffer[] = [];
    let errors = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (errors.length < 4_000) errors += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const missing = error.code === 'ENOENT' || error.code === 'EACCES';
      reject(missing ? new AppError('ERR_FFMPEG_UNAVAILABLE', 503) : error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const data = Buffer.concat(out);
      if (code === 0 && data.length > 0) return resolve(data);
      const failure = new AppError('ERR_VALIDATION', 400, { fields: { file: 'invalid' } });
      (failure as Error).cause = errors.trim() || `ffmpeg exited with ${code}`;
      reject(failure);
    });
  });
}

/** One file sent in a multipart upload, read into memory. */
export interface UploadedFile {
  data: Buffer;
  mimeType: string;
  fileName: string;
}

/**
 * The upload's file part named `field`, read into memory (the app's multipart limit caps its
 * size); other parts are read and ignored. Missing or empty: ERR_VALIDATION on that field.
 */
export async function uploadedFile(request: FastifyRequest, field: string): Promise<UploadedFile> {
  const missing = () => new AppError('ERR_VALIDATION', 400, { fields: { [field]: V.required } });
  if (!request.isMultipart()) throw missing();
  let file: UploadedFile | null = null;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const data = await part.toBuffer();
    if (part.fieldname === field && !file && data.length > 0) {
      if (part.filename && !isStorableText(part.filename)) throw new AppError('ERR_VALIDATION', 400, { fields: { [field]: V.invalid } });
      file = { data, mimeType: part.mimetype || 'application/octet-stream', fileName: (part.filename || 'file').slice(0, 255) };
    }
  }
  if (!file) throw missing();
  return file;
}
