import { randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  WEBHOOK_PING_EVENT,
  WEBHOOKS,
  rooms,
  type WebhookDelivery,
  type WebhookSubscription,
  type WebhookSubscriptionEventPayload,
  type WebhookSubscriptionWithSecret,
  type webhookSubscriptionInput,
  type webhookSubscriptionUpdate,
} from '@atende/contract';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { conflict, notFound } from '../../platform/errors.js';
import { assertOutboundUrl } from '../../platform/outbound-address.js';
import { postSigned } from './outgoing-webhooks.http.js';
import { deliveryBody, presentDelivery, presentSubscription, presentWithSecret } from './outgoing-webhooks.presenter.js';
import * as repo from './outgoing-webhooks.repository.js';

type SubscriptionInput = z.output<typeof webhookSubscriptionInput>;
type SubscriptionUpdate = z.output<typeof webhookSubscriptionUpdate>;

const noWebhook = () => notFound('ERR_NO_WEBHOOK_FOUND');

/** Webhooks are admins' work: only the admins' room hears of them. */
export function announceSubscription(ctx: AppContext, companyId: number, payload: WebhookSubscriptionEventPayload) {
  ctx.live.toRoom(rooms.admins(companyId), companyId, 'webhookSubscription', payload);
}

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

const assertAllowedUrl = (ctx: AppContext, url: string) => assertOutboundUrl(url, { allowPrivate: ctx.config.webhooks.allowPrivate, field: 'url' });

/** After a change: the publishers read the subscriptions again, the admins' pages update. */
function changed(ctx: AppContext, companyId: number, payload: WebhookSubscriptionEventPayload) {
  ctx.webhooks.forget();
  announceSubscription(ctx, companyId, payload);
}

export async function listSubscriptions(ctx: AppContext, actor: Actor): Promise<WebhookSubscription[]> {
  return (await repo.listSubscriptions(ctx.db, actor.companyId)).map(presentSubscription);
}

export async function createSubscription(ctx: AppContext, actor: Actor, input: SubscriptionInput): Promise<WebhookSubscriptionWithSecret> {
  await assertAllowedUrl(ctx, input.url);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    if ((await repo.lockCompanySubscriptions(trx, actor.companyId)) >= WEBHOOKS.maxSubscriptionsPerCompany) {
      throw conflict('ERR_WEBHOOK_LIMIT', { max: WEBHOOKS.maxSubscriptionsPerCompany });
    }
    return repo.insertSubscription(trx, {
      companyId: actor.companyId, url: input.url, events: JSON.stringify(input.events), secret: newSecret(), active: input.active, createdAt: now, updatedAt: now,
    });
  });
  changed(ctx, actor.companyId, { action: 'create', subscription: presentSubscription(row) });
  return presentWithSecret(row);
}

/** Switching a webhook on again starts its failure count afresh. */
export async function updateSubscription(ctx: AppContext, actor: Actor, id: number, input: SubscriptionUpdate): Promise<WebhookSubscription> {
  if (!(await repo.findSubscription(ctx.db, actor.companyId, id))) throw noWebhook();
  if (input.url !== undefined) await assertAllowedUrl(ctx, input.url);
  const row = await repo.updateSubscription(ctx.db, actor.companyId, id, {
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.events !== undefined ? { events: JSON.stringify(input.events) } : {}),
    ...(input.active !== undefined ? { active: input.active, disabledReason: null, disabledAt: null, consecutiveFailures: 0 } : {}),
    updatedAt: ctx.clock.now(),
  });
  if (!row) throw noWebhook();
  const subscription = presentSubscription(row);
  changed(ctx, actor.companyId, { action: 'update', subscription });
  return subscription;
}

export async function rotateSecret(ctx: AppContext, actor: Actor, id: number): Promise<WebhookSubscriptionWithSecret> {
  const row = await repo.updateSubscription(ctx.db, actor.companyId, id, { secret: newSecret(), updatedAt: ctx.clock.now() });
  if (!row) throw noWebhook();
  return presentWithSecret(row);
}

export async function deleteSubscription(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  if (!(await repo.deleteSubscription(ctx.db, actor.companyId, id))) throw noWebhook();
  changed(ctx, actor.companyId, { action: 'delete', subscriptionId: id });
}

export async function listDeliveries(ctx: AppContext, actor: Actor, id: number): Promise<WebhookDelivery[]> {
  if (!(await repo.findSubscription(ctx.db, actor.companyId, id))) throw noWebhook();
  return (await repo.recentDeliveries(ctx.db, actor.companyId, id, WEBHOOKS.deliveriesShown)).map(presentDelivery);
}

/**
 * 'Enviar teste': a `ping` sent now from this process, also to a switched-off webhook, and logged;
 * never retried and never counted against the webhook.
 */
export async function sendTestPing(ctx: AppContext, actor: Actor, id: number): Promise<WebhookDelivery> {
  const subscription = await repo.findSubscription(ctx.db, actor.companyId, id);
  if (!subscription) throw noWebhook();
  const now = ctx.clock.now();
  const delivery = { uuid: randomUUID(), event: WEBHOOK_PING_EVENT, companyId: actor.companyId, createdAt: now, data: JSON.stringify({ subscriptionId: id }) } as const;
  const body = deliveryBody(delivery);
  const { ok, ...result } = await postSigned(
    { url: subscription.url, secret: subscription.secret, event: delivery.event, deliveryId: delivery.uuid, body, timestamp: Math.floor(now.getTime() / 1000) },
    ctx.config.webhooks,
  );
  const row = await repo.insertSettledDelivery(ctx.db, {
    ...delivery, subscriptionId: id, status: ok ? 'delivered' : 'failed', attempts: 1, ...result, deliveredAt: ok ? ctx.clock.now() : null,
  });
  return presentDelivery(row);
}
