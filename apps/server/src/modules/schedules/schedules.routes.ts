import type { FastifyInstance } from 'fastify';
import { SCHEDULE_MEDIA_FIELD, UPLOADS, idParam, scheduleInput, scheduleListQuery, sentFields } from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
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
} from './schedules.service.js';

/**
 * Scheduled messages (the ticket's schedule dialog and the calendar's list). Every route needs
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
    return attachMedia(ctx, actorOf(request), id, await ctx.uploads.receiveOne(request, { field: SCHEDULE_MEDIA_FIELD, maxBytes: UPLOADS.mediaMaxBytes }));
  });

  app.delete('/schedules/:id/media-upload', { preHandler: allowed }, async (request) => {
    const { id } = parse(idParam, request.params);
    return detachMedia(ctx, actorOf(request), id);
  });
}
