/**
 * Files people upload: streamed to disk as they arrive (never held in memory), refused as soon as
 * one passes its route's limit, counted against the company's storage quota, and throttled per
 * person. What a route did not keep is deleted when its answer has been sent.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { RedisClientType } from 'redis';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { V } from '@atende/contract';
import type { Database } from '../db/database.js';
import { AppError } from './errors.js';
import type { MediaStore } from './media.js';
import { createRateLimiter } from './rate-limit.js';
import { isStorableText } from './validation.js';

/** One file of an upload, waiting on disk until a route keeps it. */
export interface UploadedFile {
  path: string;
  size: number;
  mimeType: string;
  fileName: string;
}

export interface UploadRules {
  /** The multipart field that carries the files; file parts of other fields are refused. */
  field: string;
  maxBytes: number;
  maxFiles?: number;
}

export interface ReceivedUpload {
  files: UploadedFile[];
  /** The text parts, by name (the last one wins). */
  fields: Record<string, string>;
}

export interface Uploads {
  /** Streams the request's parts in; ERR_FILE_TOO_LARGE (413) the moment a file passes `maxBytes`. */
  receive(request: FastifyRequest, rules: UploadRules): Promise<ReceivedUpload>;
  /** The one file of `field`: ERR_VALIDATION on the field when it is missing or empty. */
  receiveOne(request: FastifyRequest, rules: Omit<UploadRules, 'maxFiles'>): Promise<UploadedFile>;
  /** Moves a received file into the company's media; answers its media name. */
  keep(companyId: number, file: UploadedFile): Promise<string>;
  /** Deletes what the request received and no route kept (called once its answer is sent). */
  discard(request: FastifyRequest): Promise<void>;
}

export interface UploadOptions {
  dataDir: string;
  db: Database;
  media: MediaStore;
  /** Bytes a company may store through uploads; 0 for no limit. */
  quotaBytes: number;
  perMinute: number;
  redis?: RedisClientType;
}

const TEXT_PART_MAX_BYTES = 64 * 1024;

export function createUploads(options: UploadOptions): Uploads {
  const folder = join(options.dataDir, 'uploads');
  const limiter = createRateLimiter('uploads', options.perMinute, 60, options.redis);
  // Files of each request not yet kept: the request is the natural owner of its temporary files.
  const pending = new WeakMap<FastifyRequest, Set<string>>();

  const track = (request: FastifyRequest, path: string) => {
    const set = pending.get(request) ?? new Set<string>();
    set.add(path);
    pending.set(request, set);
  };

  const throttle = async (request: FastifyRequest) => {
    const key = request.actor ? `user-${request.actor.userId}` : `ip-${request.ip}`;
    await limiter.consume(key).catch((error) => {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw new AppError('ERR_TOO_MANY_UPLOADS', 429, { details: { retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) } });
    });
  };

  const reserve = async (companyId: number, bytes: number) => {
    if (!options.quotaBytes || bytes === 0) return;
    const counted = await sql<{ id: number }>`
      update companies set media_bytes = media_bytes + ${bytes}
      where id = ${companyId} and media_bytes + ${bytes} <= ${options.quotaBytes}
      returning id`.execute(options.db);
    if (counted.rows.length === 0) {
      throw new AppError('ERR_STORAGE_QUOTA_EXCEEDED', 413, { details: { maxBytes: options.quotaBytes } });
    }
  };

  const uploads: Uploads = {
    async receive(request, rules) {
      const invalid = () => new AppError('ERR_VALIDATION', 400, { fields: { [rules.field]: V.invalid } });
      if (!request.isMultipart()) throw new AppError('ERR_VALIDATION', 400, { fields: { [rules.field]: V.required } });
      await throttle(request);
      await mkdir(folder, { recursive: true });
      const maxFiles = rules.maxFiles ?? 1;
      const files: UploadedFile[] = [];
      const fields: Record<string, string> = {};
      const parts = request.parts({ limits: { fileSize: rules.maxBytes, files: maxFiles, fieldSize: TEXT_PART_MAX_BYTES, fields: 20 } });
      try {
        for await (const part of parts) {
          if (part.type !== 'file') {
            if (typeof part.value === 'string') fields[part.fieldname] = part.value;
            continue;
          }
          if (part.fieldname !== rules.field || (part.filename && !isStorableText(part.filename))) {
            part.file.resume();
            throw invalid();
          }
          const path = join(folder, randomBytes(16).toString('hex'));
          track(request, path);
          await pipeline(part.file, createWriteStream(path, { flags: 'wx', mode: 0o640 }));
          // busboy stops writing at the limit and marks the file truncated: what arrived is no file.
          if (part.file.truncated) throw new AppError('ERR_FILE_TOO_LARGE', 413, { details: { maxBytes: rules.maxBytes } });
          const size = part.file.bytesRead;
          if (size > 0) files.push({ path, size, mimeType: part.mimetype || 'application/octet-stream', fileName: (part.filename || 'file').slice(0, 255) });
        }
      } catch (error) {
        await uploads.discard(request);
        throw tooLarge(error, rules.maxBytes) ?? tooMany(error, rules.field) ?? error;
      }
      return { files, fields };
    },

    async receiveOne(request, rules) {
      const { files } = await uploads.receive(request, { ...rules, maxFiles: 1 });
      if (files.length === 0) throw new AppError('ERR_VALIDATION', 400, { fields: { [rules.field]: V.required } });
      return files[0];
    },

    async keep(companyId, file) {
      await reserve(companyId, file.size);
      return options.media.adopt(companyId, file);
    },

    async discard(request) {
      const set = pending.get(request);
      if (!set) return;
      pending.delete(request);
      await Promise.all([...set].map((path) => rm(path, { force: true })));
    },
  };
  return uploads;
}

/** busboy's size limit, raised by @fastify/multipart as FST_REQ_FILE_TOO_LARGE. */
function tooLarge(error: unknown, maxBytes: number): AppError | null {
  const code = (error as { code?: string } | null)?.code;
  return code === 'FST_REQ_FILE_TOO_LARGE' ? new AppError('ERR_FILE_TOO_LARGE', 413, { details: { maxBytes } }) : null;
}

function tooMany(error: unknown, field: string): AppError | null {
  const code = (error as { code?: string } | null)?.code;
  return code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT'
    ? new AppError('ERR_VALIDATION', 400, { fields: { [field]: V.invalid } })
    : null;
}
