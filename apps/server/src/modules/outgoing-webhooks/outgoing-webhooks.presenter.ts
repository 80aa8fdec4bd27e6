import type { WebhookDelivery, WebhookSubscription, WebhookSubscriptionWithSecret } from '@atende/contract';
import type { WebhookDeliveryRow, WebhookSubscriptionRow } from '../../db/schema-webhooks.js';

/** Never the secret: it is answered once, by presentWithSecret. */
export function presentSubscription(row: WebhookSubscriptionRow): WebhookSubscription {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    active: row.active,
    disabledReason: row.disabledReason,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    consecutiveFailures: row.consecutiveFailures,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentWithSecret(row: WebhookSubscriptionRow): WebhookSubscriptionWithSecret {
  return { ...presentSubscription(row), secret: row.secret };
}

export function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: Number(row.id),
    deliveryId: row.uuid,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    statusCode: row.statusCode,
    responseExcerpt: row.responseExcerpt,
    durationMs: row.durationMs,
    error: row.error,
    nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** The body of a delivery, assembled around the stored `data` text so every attempt sends the same bytes. */
export function deliveryBody(row: Pick<WebhookDeliveryRow, 'uuid' | 'event' | 'companyId' | 'createdAt' | 'data'>): string {
  const head = JSON.stringify({ id: row.uuid, event: row.event, companyId: row.companyId, createdAt: row.createdAt.toISOString() });
  return `${head.slice(0, -1)},"data":${row.data}}`;
}
