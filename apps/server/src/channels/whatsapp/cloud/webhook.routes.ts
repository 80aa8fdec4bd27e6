import type { FastifyInstance } from 'fastify';
import { recordId } from '@atende/contract';
import { z } from 'zod';
import { AppError, notFound } from '../../../platform/errors.js';
import type { ProviderRouteContext } from '../definition.js';
import { verifySignature, verifyWebhookChallenge } from './webhook.js';

const params = z.object({ connectionId: recordId() });

/** Meta sends a few KB per call; media comes by reference, never in the body. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export const cloudWebhookPathOf = (whatsappId: number) => `/api/webhooks/whatsapp-cloud/${whatsappId}`;

/**
 * Meta's calls to a Cloud connection. Public by nature: the verify token answers the
 * subscription challenge, and every POST must carry X-Hub-Signature-256, an HMAC of the raw body
 * with the connection's app secret (401 and nothing stored otherwise). The payload goes to the
 * connection's live session and the answer waits for it: 200 once stored, 500 when storing failed
 * so Meta delivers again. Stale deliveries are flagged by the provider (stored, never automated).
 */
export async function cloudWebhookRoutes(app: FastifyInstance, ctx: ProviderRouteContext) {
  const cloudConnection = async (rawParams: unknown) => {
    const parsed = params.safeParse(rawParams);
    const connection = parsed.success ? await ctx.connection(parsed.data.connectionId) : undefined;
    if (!connection) throw notFound('ERR_NO_WAPP_FOUND');
    return connection;
  };

  // Encapsulated: here, and only here, bodies stay raw bytes (the signature is over them).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.get('/webhooks/whatsapp-cloud/:connectionId', async (request, reply) => {
      const connection = await cloudConnection(request.params);
      const challenge = verifyWebhookChallenge(request.query as Record<string, unknown>, connection.config.verifyToken ?? '');
      if (challenge === null) throw new AppError('ERR_NO_PERMISSION', 403);
      return reply.type('text/plain').send(challenge);
    });

    scope.post('/webhooks/whatsapp-cloud/:connectionId', async (request, reply) => {
      const connection = await cloudConnection(request.params);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-hub-signature-256'];
      if (!verifySignature(raw, typeof signature === 'string' ? signature : undefined, connection.config.appSecret ?? '')) {
        throw new AppError('ERR_NO_PERMISSION', 401);
      }
      let payload: unknown;
      try {
        payload = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('ERR_VALIDATION', 400);
      }
      const session = ctx.session(connection.id);
      if (!session?.receiveWebhook) throw notFound('ERR_NO_WAPP_FOUND');
      try {
        await session.receiveWebhook(payload);
      } catch (error) {
        request.log.error({ err: error, whatsappId: connection.id }, 'cloud webhook not stored; Meta will deliver it again');
        return reply.code(500).send({ error: 'ERR_INTERNAL' });
      }
      return reply.code(200).send({ ok: true });
    });
  });
}
