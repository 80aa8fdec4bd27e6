import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';

const params = z.object({ fileName: z.string().max(100) });

/**
 * A company's media file, for its signed-in members only (the web fetches it with the bearer
 * token). Unknown names, other companies' files and anything that is not a media name (path
 * traversal) are all the same 404.
 */
export async function mediaRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  app.get('/media/:fileName', { preHandler: guard.signedIn }, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    const file = parsed.success ? await ctx.media.read(actorOf(request).companyId, parsed.data.fileName) : null;
    if (!file) throw notFound();
    return reply
      .header('content-type', file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(file.data);
  });
}
