/**
 * Delivery receipts. Acks only move forward (GREATEST in SQL: another process may have seen a
 * newer one). A receipt can overtake the send it belongs to (the provider reports 'sent' before
 * the outbox has written the provider's id on our row): such early acks wait here, briefly and
 * in bounded memory, and are applied as soon as the outbox records the id.
 */
import { BoundedMap } from '../../channels/whatsapp/delivery.js';
import type { MessageRow } from '../../db/schema-conversations.js';
import type { AppContext, EarlyAcks } from '../../platform/context.js';
import { announceQuietly } from './messages.live.js';
import { advanceAck, findByProviderId } from './messages.repository.js';

const EARLY_TTL_MS = 5 * 60_000;

/** The early acks of one app (ctx.earlyAcks), bounded in memory. */
export const createEarlyAcks = (): EarlyAcks => new BoundedMap(5_000);

const keyOf = (whatsappId: number, providerMessageId: string) => `${whatsappId}:${providerMessageId}`;

/** Applies a receipt; answers the message when its ack moved. */
export async function recordAck(
  ctx: AppContext,
  source: { companyId: number; whatsappId: number },
  providerMessageId: string,
  ack: number,
): Promise<MessageRow | undefined> {
  const now = ctx.clock.now();
  const moved = await advanceAck(ctx.db, source.companyId, source.whatsappId, providerMessageId, ack, now);
  if (moved) {
    await announceQuietly(ctx, moved.companyId, moved.ticketId, [{ action: 'update', message: moved }]);
    return moved;
  }
  const known = await findByProviderId(ctx.db, source.companyId, source.whatsappId, providerMessageId);
  if (!known) {
    const buffer = ctx.earlyAcks;
    const key = keyOf(source.whatsappId, providerMessageId);
    const seen = buffer.get(key);
    buffer.set(key, { ack: Math.max(seen?.ack ?? 0, ack), at: now.getTime() });
  }
  return undefined;
}

/** Called once the outbox wrote a provider id: a receipt that arrived before it is applied now. */
export async function applyEarlyAck(ctx: AppContext, row: MessageRow): Promise<MessageRow> {
  if (!row.providerMessageId || row.whatsappId === null) return row;
  const buffer = ctx.earlyAcks;
  const key = keyOf(row.whatsappId, row.providerMessageId);
  const waiting = buffer.get(key);
  if (!waiting) return row;
  buffer.delete(key);
  if (ctx.clock.now().getTime() - waiting.at > EARLY_TTL_MS) return row;
  const moved = await advanceAck(ctx.db, row.companyId, row.whatsappId, row.providerMessageId, waiting.ack, ctx.clock.now());
  return moved ?? row;
}
