import { FILE_LIST_UPLOAD_FIELDS, UPLOADS, V } from '@atende/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/uploads.js';

/**
 * The file of POST /files/uploadList/:id and the option it is for (`fileId`), in whichever order
 * the parts come. The other fields old clients send (typeArch, mediaType, name, id) are ignored:
 * the type is the file's own and the option keeps its name.
 */
export async function optionUpload(ctx: AppContext, request: FastifyRequest): Promise<{ optionId: string | undefined; file: UploadedFile }> {
  const { files, fields } = await ctx.uploads.receive(request, { field: FILE_LIST_UPLOAD_FIELDS.file, maxBytes: UPLOADS.mediaMaxBytes });
  if (files.length === 0) throw new AppError('ERR_VALIDATION', 400, { fields: { [FILE_LIST_UPLOAD_FIELDS.file]: V.required } });
  return { optionId: fields[FILE_LIST_UPLOAD_FIELDS.option], file: files[0] };
}
