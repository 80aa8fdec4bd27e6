import { FILE_LIST_UPLOAD_FIELDS, V } from '@atende/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/media.js';
import { isStorableText } from '../../platform/validation.js';

/**
 * The file of POST /files/uploadList/:id and the option it is for (`fileId`), in whichever order
 * the parts come. The other fields old clients send (typeArch, mediaType, name, id) are ignored:
 * the type is the file's own and the option keeps its name.
 */
export async function optionUpload(request: FastifyRequest): Promise<{ optionId: string | undefined; file: UploadedFile }> {
  const missing = () => new AppError('ERR_VALIDATION', 400, { fields: { [FILE_LIST_UPLOAD_FIELDS.file]: V.required } });
  if (!request.isMultipart()) throw missing();
  let file: UploadedFile | null = null;
  let optionId: string | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (part.fieldname === FILE_LIST_UPLOAD_FIELDS.option && typeof part.value === 'string') optionId = part.value;
      continue;
    }
    const data = await part.toBuffer();
    if (part.fieldname !== FILE_LIST_UPLOAD_FIELDS.file || file || data.length === 0) continue;
    if (part.filename && !isStorableText(part.filename)) throw new AppError('ERR_VALIDATION', 400, { fields: { [FILE_LIST_UPLOAD_FIELDS.file]: V.invalid } });
    file = { data, mimeType: part.mimetype || 'application/octet-stream', fileName: (part.filename || 'file').slice(0, 255) };
  }
  if (!file) throw missing();
  return { optionId, file };
}
