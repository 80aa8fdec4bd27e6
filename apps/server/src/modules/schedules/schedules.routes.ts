import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SCHEDULE_MEDIA_FIELD, V, idParam, scheduleInput, scheduleListQuery, sentFields } from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { parse } from '../../platform/validation.js';
import {
  attachMedia,
  createSchedule,
  deleteSchedule,
  detachMedia,
  listSchedules,
  loadChangeable,
  showSchedule,
  updateSchedule,
  type UploadedFile,
} from './schedules.service.js';

const noFile = () => new AppError('ERR_VALIDATION', 400, { fields: { [SCHEDULE_MEDIA_FIELD]: V.required } });

/** The multipart upload's `file` part, read into memory (the app's multipart limit caps its size). */
async function uploadedFile(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw noFile();
  let file: UploadedFile | null = null;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const data = await part.toBuffer();
    if (part.fieldname === SCHEDULE_MEDIA_FIELD && !file && data.length > 0) {
      file = { data, mimeType: part.mimetype || 'application/octet-stream', fileName: (part.filename || 'file').slice(0, 255) };
    }
  }
  if (!file) throw noFile();
  return file;
}

/**
 * Scheduled messages (spec core: schedule dialog; admin: the calendar's list). Every route needs
 * the plan's useSchedules; the worker's sweep (schedule-sender.ts) sends them when due.
 */
export async function schedulesRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  const allowed = guard.planFeature('useSchedules');

  app.get('/schedules', { preHandler: allowed }, async (request) => listSchedules(ctx, actorOf(request), parse(scheduleListQuery, request.query)));

  app.get('/schedules/:id', { preHandler: allowed }, async (request) => {
    const { id } = parse(idParam, request.params);
    return showSchedule(ctx, actorOf(request), id);
  });

  app.post('/schedules', { preHandler: allowed }, async (request) => createSchedule(ctx, actorOf(request), parse(scheduleInput, request.body)));

  app.put('/schedules/:id', { preHandler: allowed }, async (request) => {
    const { id } = parse(idParam, request.params);
    const input = parse(scheduleInput.partial(), request.body);
    return updateSchedule(ctx, actorOf(request), id, sentFields(input, request.body));
  });

  app.delete('/schedules/:id', { preHandler: allowed }, async (request, reply) => {
    const { id } = parse(idParam, request.params);
    await deleteSchedule(ctx, actorOf(request), id);
    return reply.code(204).send();
  });

  app.post('/schedules/:id/media-upload', { preHandler: allowed }, async (request) => {
    const { id } = parse(idParam, request.params);
    await loadChangeable(ctx, actorOf(request), id);
    return attachMedia(ctx, actorOf(request), id, await uploadedFile(request));
  });

  app.delete('/schedules/:id/media-upload', { preHandler: allowed }, async (request) => {
    const { id } = parse(idParam, request.params);
    return detachMedia(ctx, actorOf(request), id);
  });
}
