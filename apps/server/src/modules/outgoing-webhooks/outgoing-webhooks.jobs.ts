/**
 * The two halves of the delivery queue. The publisher (every role) turns an event into delivery
 * rows: one INSERT ... SELECT over the company's matching subscriptions, and no query at all
 * while the company has no active subscription listening to that event (a snapshot of who
 * listens to what, read again after a change here and every SNAPSHOT_MS, so a change made by
 * another process is seen within that time). The dispatcher (worker role) claims due rows and
 * POSTs them. Delivery is at least once: an attempt whose answer was lost is sent again, with the
 * same X-Atende-Delivery id, which receivers dedupe on.
 */
import { WEBHOOKS, rooms, type WebhookEvent } from '@atende/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { addDays, type Clock } from '../../platform/clock.js';
import type { AppContext, WebhookPublisher } from '../../platform/context.js';
import { WorkerSweep } from '../../platform/repeating-task.js';
import { postSigned } from './outgoing-webhooks.http.js';
import { deliveryBody, presentSubscription } from './outgoing-webhooks.presenter.js';
import * as queries from './outgoing-webhooks.queries.js';
import { findSubscription } from './outgoing-webhooks.repository.js';

const SNAPSHOT_MS = 30_000;

export interface Publisher extends WebhookPublisher {
  /** Resolves when every event published so far is queued (tests). */
  idle(): Promise<void>;
}

export function createWebhookPublisher(deps: { db: Database; clock: Clock; log: FastifyBaseLogger }): Publisher {
  let snapshot: { events: Map<number, Set<WebhookEvent>>; at: number } | null = null;
  let loading: Promise<Map<number, Set<WebhookEvent>>> | null = null;
  let generation = 0;
  const pending = new Set<Promise<void>>();

  async function listeners(): Promise<Map<number, Set<WebhookEvent>>> {
    if (snapshot && Date.now() - snapshot.at < SNAPSHOT_MS) return snapshot.events;
    if (!loading) {
      const started = generation;
      loading = queries.activeSubscriptionEvents(deps.db).then(
        (events) => {
          if (started === generation) snapshot = { events, at: Date.now() };
          loading = null;
          return events;
        },
        (error) => {
          loading = null;
          throw error;
        },
      );
    }
    return loading;
  }

  async function queue(companyId: number, event: WebhookEvent, data: unknown, at: Date) {
    if (!(await listeners()).get(companyId)?.has(event)) return;
    const value = typeof data === 'function' ? await (data as () => Promise<unknown>)() : data;
    await queries.enqueueEvent(deps.db, companyId, event, JSON.stringify(value ?? null), at);
  }

  return {
    publish(companyId, event, data) {
      // The time of the event, not of the insert: receivers order by it.
      const at = deps.clock.now();
      const work = queue(companyId, event, data, at)
        .catch((error) => deps.log.error({ err: error, companyId, event }, 'could not queue a webhook event'))
        .finally(() => pending.delete(work));
      pending.add(work);
    },
    forget() {
      generation++;
      snapshot = null;
      loading = null;
    },
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

const CLAIM_BATCH = 20;
const PRUNE_EVERY_MS = 60 * 60_000;

/** The worker's sender: every second, and at once after a test asks (runDue). */
export class WebhookDispatcher extends WorkerSweep {
  private prunedAt = 0;

  constructor(ctx: AppContext) {
    super(ctx, 'webhook delivery pass', 1_000);
  }

  protected async sweep(): Promise<void> {
    const { db, clock, config } = this.ctx;
    const now = clock.now();
    if (now.getTime() - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = now.getTime();
      await queries.pruneDeliveries(db, addDays(now, -WEBHOOKS.keepDeliveriesDays));
    }
    for (;;) {
      const claimed = await queries.claimDue(db, clock.now(), CLAIM_BATCH, config.webhooks.timeoutMs + 30_000);
      await Promise.all(claimed.map((delivery) => this.attempt(delivery)));
      if (claimed.length < CLAIM_BATCH) return;
    }
  }

  private async attempt(delivery: queries.ClaimedDelivery): Promise<void> {
    const { db, clock, config } = this.ctx;
    const result = await postSigned(
      {
        url: delivery.url,
        secret: delivery.secret,
        event: delivery.event,
        deliveryId: delivery.uuid,
        body: deliveryBody(delivery),
        timestamp: Math.floor(clock.now().getTime() / 1000),
      },
      config.webhooks,
    );
    const { ok, ...fields } = result;
    if (ok) return queries.markDelivered(db, delivery, fields, clock.now());
    const disabled = await queries.markFailed(db, delivery, fields, clock.now());
    if (disabled !== null) await this.announceDisabled(delivery.companyId, disabled);
  }

  private async announceDisabled(companyId: number, subscriptionId: number): Promise<void> {
    this.ctx.webhooks.forget();
    const row = await findSubscription(this.ctx.db, companyId, subscriptionId);
    this.ctx.log.warn({ companyId, subscriptionId }, 'webhook switched off after repeated failures');
    if (row) this.ctx.live.toRoom(rooms.admins(companyId), companyId, 'webhookSubscription', { action: 'update', subscription: presentSubscription(row) });
  }
}
