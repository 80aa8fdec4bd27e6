import Fastify from 'fastify';
import { FakePsp } from '../modules/billing/fake-psp.js';

/**
 * The fake PSP on its own port, as a real one would be: the app under test reaches it over plain
 * HTTP through PIX_BASE_URL. Point `psp.options.webhookUrl` at the app once it listens.
 */
export async function startFakePsp(): Promise<{ psp: FakePsp; env: Record<string, string>; close(): Promise<void> }> {
  const options = { clientId: 'psp-client', clientSecret: 'psp-secret', webhookUrl: 'http://127.0.0.1:9', webhookSecret: 'webhook-secret-0123456789' };
  const psp = new FakePsp(options);
  const app = Fastify();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  psp.routes(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    psp,
    env: {
      PIX_BASE_URL: `http://127.0.0.1:${address.port}`,
      PIX_CLIENT_ID: options.clientId,
      PIX_CLIENT_SECRET: options.clientSecret,
      PIX_KEY: 'pix@example.com',
      PIX_WEBHOOK_SECRET: options.webhookSecret,
    },
    close: () => app.close(),
  };
}
