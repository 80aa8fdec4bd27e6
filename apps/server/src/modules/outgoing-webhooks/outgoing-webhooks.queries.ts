/**
 * The SQL of the delivery queue: the enqueue on the event path, the worker's claim and settle,
 * and the pruning of the log.
 */
import { sql } from 'kysely';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOKS, type WebhookEvent } from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { WebhookDeliveryRow } from '../../db/schema-webhooks.js';

/** Every company with an active subscription, and the events it listens to. */
export async function activeSubscriptionEvents(db: Database): Promise<Map<number, Set<WebhookEvent>>> {
  const rows = await db.selectFrom('webhookSubscriptions').select(['companyId', 'events']).where('active', '=', true).execute();
  const byCompany = new Map<number, Set<WebhookEvent>>();
  for (const row of rows) {
    const events = byCompany.get(row.companyId) ?? new Set<WebhookEvent>();
    for (const event of row.events) events.add(event);
    byCompany.set(row.companyId, events);
  }
  return byCompany;
}

/** One delivery per active subscription of the company that listens to the event, in one statement. */
export async function enqueueEvent(db: Database, companyId: number, event: WebhookEvent, data: string, at: Date): Promise<number> {
  const result = await sql`
    insert into webhook_deliveries (company_id, subscription_id, event, data, next_attempt_at, created_at)
    select company_id, id, ${event}, ${data}, ${at}, ${at}
      from webhook_subscriptions
     where company_id = ${companyId} and active and events @> jsonb_build_array(${event}::text)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export type ClaimedDelivery = WebhookDeliveryRow & { url: string; secret: string };

/**
 * Due deliveries of active subscriptions, taken for `leaseMs` and counted as an attempt: another
 * worker skips them, and if this one dies they come due again when the lease ends.
 */
export async function claimDue(db: Database, now: Date, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const until = new Date(now.getTime() + leaseMs);
  const { rows } = await sql<ClaimedDelivery>`
    update webhook_deliveries d
       set attempts = d.attempts + 1, locked_until = ${until}
      from webhook_subscriptions s
     where s.id = d.subscription_id
       and d.id in (
         select due.id from webhook_deliveries due
           join webhook_subscriptions sub on sub.id = due.subscription_id and sub.active
          where due.status = 'pending' and due.next_attempt_at <= ${now}
            and (due.locked_until is null or due.locked_until <= ${now})
          order by due.next_attempt_at, due.id
          limit ${limit}
          for update of due skip locked)
    returning d.*, s.url, s.secret`.execute(db);
  return rows;
}

export interface AttemptResult {
  statusCode: number | null;
  responseExcerpt: string | null;
  durationMs: number;
  error: string | null;
}

export async function markDelivered(db: Database, delivery: ClaimedDelivery, result: AttemptResult, now: Date): Promise<void> {
  await db
    .updateTable('webhookDeliveries')
    .set({ ...result, status: 'delivered', deliveredAt: now, nextAttemptAt: null, lockedUntil: null })
    .where('id', '=', delivery.id)
    .execute();
  await db.updateTable('webhookSubscriptions').set({ consecutiveFailures: 0 }).where('id', '=', delivery.subscriptionId).where('consecutiveFailures', '>', 0).execute();
}

/**
 * A failed attempt: retried after the next wait of the schedule, given up after the last. The
 * subscription counts the failure; answers it when this failure switched it off.
 */
export async function markFailed(db: Database, delivery: ClaimedDelivery, result: AttemptResult, now: Date) {
  const last = delivery.attempts >= WEBHOOK_MAX_ATTEMPTS;
  const wait = WEBHOOKS.retryDelaysMs[Math.min(delivery.attempts, WEBHOOKS.retryDelaysMs.length) - 1];
  await db
    .updateTable('webhookDeliveries')
    .set({ ...result, status: last ? 'failed' : 'pending', nextAttemptAt: last ? null : new Date(now.getTime() + wait), lockedUntil: null })
    .where('id', '=', delivery.id)
    .execute();
  const { rows } = await sql<{ id: number; active: boolean }>`
    update webhook_subscriptions
       set consecutive_failures = consecutive_failures + 1,
           active = consecutive_failures + 1 < ${WEBHOOKS.disableAfterFailures},
           disabled_reason = case when consecutive_failures + 1 >= ${WEBHOOKS.disableAfterFailures} then 'failures' else null end,
           disabled_at = case when consecutive_failures + 1 >= ${WEBHOOKS.disableAfterFailures} then ${now}::timestamptz else null end,
           updated_at = case when consecutive_failures + 1 >= ${WEBHOOKS.disableAfterFailures} then ${now}::timestamptz else updated_at end
     where id = ${delivery.subscriptionId} and active
    returning id, active`.execute(db);
  return rows[0] && !rows[0].active ? rows[0].id : null;
}

export async function pruneDeliveries(db: Database, before: Date): Promise<number> {
  const result = await db.deleteFrom('webhookDeliveries').where('createdAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
