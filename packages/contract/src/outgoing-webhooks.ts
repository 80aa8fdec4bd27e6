import { z } from 'zod';
import { V } from './common.js';

/**
 * Outgoing webhooks: a company's programs subscribe URLs to what happens in its inbox. Every
 * delivery is a POST of `{ id, event, companyId, createdAt, data }` signed with the
 * subscription's secret (`X-Atende-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`).
 */
export const WEBHOOK_EVENTS = [
  'ticket.created',
  'ticket.updated',
  'ticket.closed',
  'ticket.deleted',
  'message.created',
  'message.updated',
  'contact.created',
  'contact.updated',
  'contact.deleted',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What 'Enviar teste' sends: never retried, never counted against the subscription. */
export const WEBHOOK_PING_EVENT = 'ping';
export type WebhookDeliveryEvent = WebhookEvent | typeof WEBHOOK_PING_EVENT;

export const WEBHOOKS = {
  /** Waits before the 2nd, 3rd... attempt; after the last one the delivery is given up. */
  retryDelaysMs: [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000, 6 * 60 * 60_000],
  /** Failed attempts in a row (any delivery) after which the subscription is switched off. */
  disableAfterFailures: 20,
  /** Delivery log rows older than this are removed. */
  keepDeliveriesDays: 7,
  maxSubscriptionsPerCompany: 20,
  /** How much of a receiver's answer the log keeps. */
  responseExcerptChars: 500,
  /** Log rows answered per subscription, newest first. */
  deliveriesShown: 100,
  urlMaxLength: 2048,
} as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOKS.retryDelaysMs.length + 1;

const webhookUrl = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required })
  .max(WEBHOOKS.urlMaxLength, { error: V.tooLong })
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && url.hostname !== '';
    } catch {
      return false;
    }
  }, { error: V.invalid });

const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENTS, { error: V.invalid }), { error: V.required })
  .min(1, { error: V.required })
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

export const webhookSubscriptionInput = z.object({
  url: webhookUrl,
  events: webhookEvents,
  active: z.boolean({ error: V.invalid }).default(true),
});
export const webhookSubscriptionUpdate = z.object({
  url: webhookUrl.optional(),
  events: webhookEvents.optional(),
  active: z.boolean({ error: V.invalid }).optional(),
});

export interface WebhookSubscription {
  id: number;
  url: string;
  events: WebhookEvent[];
  active: boolean;
  /** 'failures': switched off after WEBHOOKS.disableAfterFailures failed attempts in a row. */
  disabledReason: 'failures' | null;
  disabledAt: string | null;
  consecutiveFailures: number;
  createdAt: string;
  updatedAt: string;
}

/** Answered once, at creation and on rotation: the secret is never listed again. */
export interface WebhookSubscriptionWithSecret extends WebhookSubscription {
  secret: string;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDelivery {
  id: number;
  /** The X-Atende-Delivery header and the body's `id`: the same on every attempt. */
  deliveryId: string;
  event: WebhookDeliveryEvent;
  status: WebhookDeliveryStatus;
  attempts: number;
  statusCode: number | null;
  responseExcerpt: string | null;
  durationMs: number | null;
  error: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

/** `company-{id}-webhookSubscription`, to the company's admins. */
export type WebhookSubscriptionEventPayload =
  | { action: 'create' | 'update'; subscription: WebhookSubscription }
  | { action: 'delete'; subscriptionId: number };
