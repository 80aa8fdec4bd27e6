import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { V, fileListInput, idParam, listQuery, recordId, sentFields } from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { parse } from '../../platform/validation.js';
import {
  assertFileListExists,
  attachOptionFile,
  createFileList,
  deleteFileList,
  listAllFileLists,
  listFileListsPage,
  showFileList,
  updateFileList,
} from './files.service.js';
import { optionUpload } from './files.upload.js';

const optionField = z.object({ fileId: recordId(V.required) });

/**
 * File lists (/files): a name, a message and named files, which campaigns send. Admins only
 * (files:manage) on every call, reads included: the files are campaign material.
 */
export async function filesRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  const admin = { preHandler: guard.permission('files:manage') };

  app.get('/files', admin, async (request) => listFileListsPage(ctx, actorOf(request), parse(listQuery, request.query)));

  app.get('/files/list', admin, async (request) => listAllFileLists(ctx, actorOf(request)));

  app.get('/files/:id', admin, async (request) => {
    const { id } = parse(idParam, request.params);
    return showFileList(ctx, actorOf(request), id);
  });

  app.post('/files', admin, async (request) => createFileList(ctx, actorOf(request), parse(fileListInput, request.body)));

  app.put('/files/:id', admin, async (request) => {
    const { id } = parse(idParam, request.params);
    const input = parse(fileListInput.partial(), request.body);
    return updateFileList(ctx, actorOf(request), id, sentFields(input, request.body));
  });

  app.delete('/files/:id', admin, async (request, reply) => {
    const { id } = parse(idParam, request.params);
    await deleteFileList(ctx, actorOf(request), id);
    return reply.code(204).send();
  });

  app.post('/files/uploadList/:id', admin, async (request) => {
    const { id } = parse(idParam, request.params);
    await assertFileListExists(ctx, actorOf(request), id);
    const { optionId, file } = await optionUpload(ctx, request);
    const { fileId } = parse(optionField, { fileId: optionId });
    return attachOptionFile(ctx, actorOf(request), id, fileId, file);
  });
}
