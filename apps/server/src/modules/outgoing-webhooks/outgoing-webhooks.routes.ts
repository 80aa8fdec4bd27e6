import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idParam, webhookSubscriptionInput, webhookSubscriptionUpdate } from '@atende/contract';
import { assertPlanAllows } from '../../platform/actor.js';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { parse } from '../../platform/validation.js';
import * as service from './outgoing-webhooks.service.js';

/**
 * Outgoing webhooks (Settings > Webhooks): admins only (webhooks:manage), on a plan with
 * useExternalApi, the plan flag of the company's own programs talking to its inbox.
 */
export async function outgoingWebhooksRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  const admin = { preHandler: [...guard.permission('webhooks:manage'), async (request: FastifyRequest) => assertPlanAllows(actorOf(request), 'useExternalApi')] };
  const idOf = (request: FastifyRequest) => parse(idParam, request.params).id;

  app.get('/webhook-subscriptions', admin, async (request) => service.listSubscriptions(ctx, actorOf(request)));

  app.post('/webhook-subscriptions', admin, async (request) =>
    service.createSubscription(ctx, actorOf(request), parse(webhookSubscriptionInput, request.body)),
  );

  app.put('/webhook-subscriptions/:id', admin, async (request) =>
    service.updateSubscription(ctx, actorOf(request), idOf(request), parse(webhookSubscriptionUpdate, request.body)),
  );

  app.delete('/webhook-subscriptions/:id', admin, async (request, reply) => {
    await service.deleteSubscription(ctx, actorOf(request), idOf(request));
    return reply.code(204).send();
  });

  app.post('/webhook-subscriptions/:id/secret', admin, async (request) => service.rotateSecret(ctx, actorOf(request), idOf(request)));

  app.get('/webhook-subscriptions/:id/deliveries', admin, async (request) => service.listDeliveries(ctx, actorOf(request), idOf(request)));

  app.post('/webhook-subscriptions/:id/test', admin, async (request) => service.sendTestPing(ctx, actorOf(request), idOf(request)));
}
