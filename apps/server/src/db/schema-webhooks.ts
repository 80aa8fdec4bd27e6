import type { ColumnType, Generated, Selectable } from 'kysely';
import type { WebhookDeliveryEvent, WebhookDeliveryStatus, WebhookEvent } from '@atende/contract';

/** Outgoing webhooks (migration 0028); part of `DB` in schema.ts. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface WebhookSubscriptionsTable {
  id: Generated<number>;
  companyId: number;
  url: string;
  /** jsonb array of event names; written as JSON text. */
  events: ColumnType<WebhookEvent[], string, string>;
  secret: string;
  active: Generated<boolean>;
  disabledReason: ColumnType<'failures' | null, 'failures' | null | undefined, 'failures' | null>;
  disabledAt: NullableTimestamp;
  consecutiveFailures: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface WebhookDeliveriesTable {
  /** int8: read as text. */
  id: ColumnType<string, never, never>;
  uuid: Generated<string>;
  companyId: number;
  subscriptionId: number;
  event: WebhookDeliveryEvent;
  data: string;
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>;
  attempts: Generated<number>;
  nextAttemptAt: NullableTimestamp;
  lockedUntil: NullableTimestamp;
  statusCode: number | null;
  responseExcerpt: string | null;
  durationMs: number | null;
  error: string | null;
  createdAt: Timestamp;
  deliveredAt: NullableTimestamp;
}

export interface WebhookTables {
  webhookSubscriptions: WebhookSubscriptionsTable;
  webhookDeliveries: WebhookDeliveriesTable;
}

export type WebhookSubscriptionRow = Selectable<WebhookSubscriptionsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
