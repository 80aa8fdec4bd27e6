import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idParam, invoiceListQuery, pixNotificationInput, subscriptionInput } from '@atende/contract';
import { z } from 'zod';
import { assertCan } from '../../platform/actor.js';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { parse } from '../../platform/validation.js';
import { listInvoices, settleNotifiedCharges, showInvoice, subscribe, webhookSecretMatches } from './billing.service.js';
import { FakePsp, WEBHOOK_SECRET_HEADER } from './fake-psp.js';
import { createPixApi } from './pix-provider.js';
import { findCharge } from './billing.repository.js';

/**
 * Invoices and their Pix payment. These are the routes a company past its due date still reaches
 * (guard.overdueAllowed); the PSP's webhook is public and verified by its shared secret.
 */
export async function billingRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  const pix = ctx.config.pix;
  const provider = pix ? createPixApi(pix) : null;
  const payer = [guard.overdueAllowed, async (request: FastifyRequest) => assertCan(actorOf(request), 'billing:pay')];

  app.get('/invoices/all', { preHandler: payer }, async (request) => listInvoices(ctx, actorOf(request), parse(invoiceListQuery, request.query)));
  app.get('/invoices', { preHandler: payer }, async (request) => listInvoices(ctx, actorOf(request), parse(invoiceListQuery, request.query)));

  app.get('/invoices/:id', { preHandler: payer }, async (request) => {
    const { id } = parse(idParam, request.params);
    return showInvoice(ctx, actorOf(request), id);
  });

  app.post('/subscription', { preHandler: payer }, async (request) =>
    subscribe(ctx, provider, actorOf(request), parse(subscriptionInput, request.body)),
  );

  // The PSP posts to `{webhook}/pix`; the registered webhook is {PUBLIC_URL}/api/subscription/webhook.
  app.post('/subscription/webhook/pix', async (request) => {
    if (!pix || !provider || !webhookSecretMatches(pix.webhookSecret, request.headers[WEBHOOK_SECRET_HEADER])) {
      throw new AppError('ERR_WEBHOOK_UNAUTHORIZED', 401);
    }
    const { pix: payments } = parse(pixNotificationInput, request.body);
    const settled = await settleNotifiedCharges(ctx, provider, payments.map((p) => p.txid));
    return { settled };
  });

  if (pix?.demoPsp) {
    // DEMO without a PSP: this process plays one, and its pay button plays the payer's bank.
    const psp = new FakePsp({
      clientId: pix.clientId,
      clientSecret: pix.clientSecret,
      webhookUrl: `http://127.0.0.1:${ctx.config.port}/api/subscription/webhook`,
      webhookSecret: pix.webhookSecret,
    });
    await app.register(
      async (scope) => {
        scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
        psp.routes(scope);
        scope.post('/pay/:txid', { preHandler: payer }, async (request, reply) => {
          const { txid } = parse(z.object({ txid: z.string().min(1).max(35) }), request.params);
          const known = await findCharge(ctx.db, actorOf(request).companyId, txid);
          if (!known || !(await psp.pay(txid))) throw new AppError('ERR_NO_INVOICE_FOUND', 404);
          return reply.code(204).send();
        });
      },
      { prefix: '/demo-psp' },
    );
  }
}
