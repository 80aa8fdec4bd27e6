/**
 * Media files of every provider and feature: stored under `DATA_DIR/media/company-{id}/` with
 * unguessable names, read back only within the caller's company, and served by
 * `GET /api/media/:fileName` to signed-in members of that company. Voice notes are converted to
 * ogg/opus with ffmpeg, called with an argument array (never a shell).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaSink } from '../channels/whatsapp/provider.js';
import { AppError } from './errors.js';

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
  /** Moves a file already on disk (an upload) into the company's media; answers its new name. */
  adopt(companyId: number, input: { path: string; mimeType: string; fileName?: string }): Promise<string>;
  /** The file when `fileName` is a media name of this company; null for anything else. */
  read(companyId: number, fileName: string): Promise<StoredMedia | null>;
  /** Adapter for the WhatsApp providers: inbound media is saved before the event is handed on. */
  readonly sink: MediaSink;
  /** Any audio (bytes or a file on disk) to an ogg/opus voice note, with the configured ffmpeg. */
  toVoiceNote(audio: Buffer | { path: string }): Promise<Buffer>;
}

export function createMediaStore(options: { dataDir: string; ffmpegPath?: string }): MediaStore {
  const root = join(options.dataDir, 'media');
  const folderOf = (companyId: number) => join(root, `company-${Math.trunc(companyId)}`);

  const newName = async (companyId: number, mimeType: string, fileName?: string) => {
    const folder = folderOf(companyId);
    await mkdir(folder, { recursive: true });
    const name = `${randomBytes(24).toString('base64url')}.${extensionFor(mimeType, fileName)}`;
    return { name, path: join(folder, name) };
  };

  const store: MediaStore = {
    async save(companyId, { data, mimeType, fileName }) {
      const target = await newName(companyId, mimeType, fileName);
      await writeFile(target.path, data, { flag: 'wx', mode: 0o640 });
      return target.name;
    },
    async adopt(companyId, { path, mimeType, fileName }) {
      const target = await newName(companyId, mimeType, fileName);
      try {
        await rename(path, target.path);
      } catch (error) {
        // DATA_DIR's media on another disk than its uploads: copy, then let the upload go.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(path, target.path);
        await rm(path, { force: true });
      }
      return target.name;
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
export async function toVoiceNote(audio: Buffer | { path: string }, options: VoiceNoteOptions = {}): Promise<Buffer> {
  const ffmpeg = options.ffmpegPath || 'ffmpeg';
  const dir = await mkdtemp(join(tmpdir(), 'atende-voice-'));
  try {
    let input = join(dir, 'input');
    if (Buffer.isBuffer(audio)) await writeFile(input, audio);
    else input = audio.path;
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
