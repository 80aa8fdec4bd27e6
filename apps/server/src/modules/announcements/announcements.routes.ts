import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ANNOUNCEMENT_IMAGE, announcementInput, announcementListQuery, idParam, sentFields } from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { parse } from '../../platform/validation.js';
import {
  announcementImage,
  attachImage,
  createAnnouncement,
  deleteAnnouncement,
  detachImage,
  listAnnouncements,
  showAnnouncement,
  updateAnnouncement,
} from './announcements.service.js';

const mediaParams = z.object({ fileName: z.string().max(100) });

/**
 * Announcements: the super user writes them, every signed-in user lists the active ones (the top
 * bar). Their images are public (they are shown to every company) under unguessable names.
 */
export async function announcementsRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  app.get('/announcements', { preHandler: guard.signedIn }, async (request) => listAnnouncements(ctx, actorOf(request), parse(announcementListQuery, request.query)));

  app.get('/announcements/:id', { preHandler: guard.superUser }, async (request) => showAnnouncement(ctx, parse(idParam, request.params).id));

  app.post('/announcements', { preHandler: guard.superUser }, async (request) => createAnnouncement(ctx, parse(announcementInput, request.body)));

  app.put('/announcements/:id', { preHandler: guard.superUser }, async (request) => {
    const { id } = parse(idParam, request.params);
    const input = parse(announcementInput.partial(), request.body);
    return updateAnnouncement(ctx, id, sentFields(input, request.body));
  });

  app.delete('/announcements/:id', { preHandler: guard.superUser }, async (request, reply) => {
    await deleteAnnouncement(ctx, parse(idParam, request.params).id);
    return reply.code(204).send();
  });

  app.post('/announcements/:id/media-upload', { preHandler: guard.superUser }, async (request) => {
    const { id } = parse(idParam, request.params);
    const file = await ctx.uploads.receiveOne(request, { field: ANNOUNCEMENT_IMAGE.field, maxBytes: ANNOUNCEMENT_IMAGE.maxBytes });
    return attachImage(ctx, actorOf(request), id, file);
  });

  app.delete('/announcements/:id/media-upload', { preHandler: guard.superUser }, async (request) => detachImage(ctx, parse(idParam, request.params).id));

  // No token: the web shows it in a plain <img>. Only names held by an announcement are served.
  app.get('/announcements/media/:fileName', async (request, reply) => {
    const parsed = mediaParams.safeParse(request.params);
    const file = parsed.success ? await announcementImage(ctx, parsed.data.fileName) : null;
    if (!file) throw notFound();
    return reply
      .header('content-type', file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(file.data);
  });
}
