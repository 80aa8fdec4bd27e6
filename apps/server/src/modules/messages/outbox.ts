/**
 * The outbox: a durable retry loop over the messages table. Every pending outbound row is sent by
 * the process that runs its connection's session (the lease holder), with the row's idempotency
 * key: a retry after a failure or a restart is the same message again (the send ledger remembers
 * finished sends; WhatsApp Web and the simulator derive the message id from the key, so the phone
 * shows it once). The Cloud API takes no such key: a process killed between Meta's answer and the
 * record sends that message once more after the restart (measured in docs/reliability.md).
 *
 * - Claiming sets next_attempt_at ahead (FOR UPDATE SKIP LOCKED): two passes never take one row.
 * - Per ticket only the oldest pending message is taken: a chat's messages leave in order.
 * - A failure counts an attempt and waits (exponential backoff); after `maxAttempts`, or a failure
 *   no retry can fix, the row is 'failed' with its error code and the agent is told.
 * - Rows of a connection that is not CONNECTED wait without spending attempts, up to `maxWaitMs`.
 * - Pending rows left by a stopped process are taken by the next pass of whoever holds the session.
 *
 * The same pass then carries out the deletes, edits and read receipts asked for on other nodes
 * (connection-tasks.ts), with the same attempts, backoff and waiting limits.
 */
import { isWhatsAppError, type ProviderSession, type SendResult } from '../../channels/whatsapp/provider.js';
import type { MessageRow } from '../../db/schema-conversations.js';
import type { AppContext } from '../../platform/context.js';
import { isUniqueViolation } from '../../platform/errors.js';
import { RepeatingTask } from '../../platform/repeating-task.js';
import { ConnectionTasks, withTimeout } from './connection-tasks.js';
import { applyEarlyAck } from './message-acks.js';
import { announceQuietly } from './messages.live.js';
import { extraOf } from './messages.presenter.js';
import * as queries from './outbox.queries.js';

export interface OutboxOptions {
  /** How often due rows are looked for (a kick after a new message does not wait for it). */
  pollMs?: number;
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long a claimed row is reserved for the send in flight. */
  claimMs?: number;
  /** A row still pending after this long (connection down) is given up. */
  maxWaitMs?: number;
  /** A send that has not answered by then counts as failed (the key keeps a late success single). */
  sendTimeoutMs?: number;
  batchSize?: number;
}

export interface Outbox {
  /** A new row for this connection: send now when its session runs here. */
  kick(whatsappId: number): void;
  /** One pass now over everything due on this process's sessions; resolves when it is done. */
  runDue(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

/** Failures a retry cannot fix. */
const PERMANENT = new Set(['ERR_WAPP_INVALID_CONTACT', 'ERR_WAPP_UNSUPPORTED', 'ERR_WAPP_WINDOW_CLOSED', 'ERR_WAPP_DOWNLOAD_MEDIA']);

/** The outbox of an app (the composition root builds one; the worker role starts its loop). */
export function createOutbox(ctx: AppContext, options: OutboxOptions = {}): Outbox {
  return new MessageOutbox(ctx, {
    pollMs: 1_000,
    maxAttempts: 5,
    baseDelayMs: 2_000,
    maxDelayMs: 60_000,
    claimMs: 120_000,
    maxWaitMs: 15 * 60_000,
    sendTimeoutMs: 60_000,
    batchSize: 25,
    ...options,
  });
}

class MessageOutbox implements Outbox {
  private readonly task: RepeatingTask;
  private readonly changes: ConnectionTasks;
  private lastExpiry = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: Required<OutboxOptions>,
  ) {
    this.task = new RepeatingTask(() => this.pass(), (error) => this.ctx.log.error({ err: error }, 'outbox pass failed'), options.pollMs);
    const { maxAttempts, baseDelayMs, maxDelayMs, claimMs, maxWaitMs, sendTimeoutMs, batchSize } = options;
    this.changes = new ConnectionTasks(ctx, { maxAttempts, baseDelayMs, maxDelayMs, claimMs, maxWaitMs, callTimeoutMs: sendTimeoutMs, batchSize });
  }

  start(): void {
    this.task.start();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  kick(whatsappId: number): void {
    if (this.ctx.sessions.session(whatsappId)?.status === 'CONNECTED') void this.runDue();
  }

  runDue(): Promise<void> {
    return this.task.run();
  }

  private async pass(): Promise<void> {
    if (!this.ctx.sessions.running) return;
    await this.expireStale();
    const connected = await this.connectedHere();
    if (connected.length) await this.sendDue(connected);
    // After the sends: an edit asked for just after a send finds the message on the phone.
    await this.changes.pass(connected);
  }

  private async sendDue(connected: number[]): Promise<void> {
    // Each claim takes the head of every ticket's queue; the next one takes what followed it.
    for (;;) {
      const batch = await this.claim(connected);
      const progress = await Promise.all(batch.map((row) => this.deliver(row)));
      if (!progress.includes(true)) return;
    }
  }

  /** Connections whose session runs in this process and is CONNECTED. */
  private async connectedHere(): Promise<number[]> {
    const held = await queries.heldConnections(this.ctx.db, this.ctx.sessions.nodeId);
    return held.filter((id) => this.ctx.sessions.session(id)?.status === 'CONNECTED');
  }

  private claim(whatsappIds: number[]): Promise<MessageRow[]> {
    const now = this.ctx.clock.now();
    return queries.claimDue(this.ctx.db, whatsappIds, now, new Date(now.getTime() + this.options.claimMs), this.options.batchSize);
  }

  /** Answers whether the row moved on (sent, failed, or waiting for its next attempt). */
  private async deliver(row: MessageRow): Promise<boolean> {
    const { db, clock } = this.ctx;
    if (row.isDeleted) {
      await this.settle(row, { delivery: 'failed', errorCode: null, nextAttemptAt: null });
      return true;
    }
    const session = this.ctx.sessions.session(row.whatsappId!);
    if (!session || session.status !== 'CONNECTED') {
      // The session went away since the claim: give the row back without spending an attempt.
      await queries.releaseClaim(db, row.id, clock.now());
      return false;
    }
    let result: SendResult;
    try {
      result = await withTimeout(this.send(session, row), this.options.sendTimeoutMs, 'the provider did not answer the send in time');
    } catch (error) {
      await this.failed(row, error);
      return true;
    }
    let sent = await this.recordSent(row, result.providerMessageId);
    if (!sent) return true;
    sent = await applyEarlyAck(this.ctx, sent);
    await announceQuietly(this.ctx, sent.companyId, sent.ticketId, [{ action: 'update', message: sent }]);
    return true;
  }

  private async recordSent(row: MessageRow, providerMessageId: string): Promise<MessageRow | undefined> {
    const update = (withId: boolean) => queries.markSent(this.ctx.db, row.id, withId ? providerMessageId : null, this.ctx.clock.now());
    try {
      return await update(true);
    } catch (error) {
      // The provider echoed our own send as a phone message first and it was stored: keep ours, unlinked.
      if (!isUniqueViolation(error)) throw error;
      this.ctx.log.warn({ messageId: row.id, providerMessageId }, 'sent message id already stored; keeping the outbound row without it');
      return update(false);
    }
  }

  private async send(session: ProviderSession, row: MessageRow): Promise<SendResult> {
    const to = await this.destinationOf(row);
    const base = { to, idempotencyKey: row.idempotencyKey ?? `message:${row.id}`, quotedId: row.quotedProviderId ?? undefined };
    if (row.mediaType === 'chat') return session.sendText({ ...base, body: row.body });
    const media = row.mediaPath ? await this.ctx.media.read(row.companyId, row.mediaPath) : null;
    if (!media) throw Object.assign(new Error('the media file of this message is gone'), { code: 'ERR_WAPP_DOWNLOAD_MEDIA' });
    const mimeType = row.mimeType ?? media.contentType;
    if (row.mediaType === 'audio' && extraOf(row).voice) return session.sendVoice({ ...base, data: media.data, mimeType });
    const kind = row.mediaType === 'application' ? 'document' : row.mediaType === 'sticker' ? 'sticker' : (row.mediaType as 'image' | 'video' | 'audio');
    return session.sendMedia({ ...base, kind, data: media.data, mimeType, fileName: row.mediaName ?? undefined, caption: row.body || undefined });
  }

  /** The customer's address: canonical number, a group id, or the LID while the number is unknown. */
  private async destinationOf(row: MessageRow): Promise<string> {
    const contact = await queries.contactAddress(this.ctx.db, row.contactId);
    if (contact.isGroup) return `${contact.number}@g.us`;
    return contact.number || contact.lid || '';
  }

  private async failed(row: MessageRow, error: unknown): Promise<void> {
    const code = isWhatsAppError(error) ? error.code : ((error as { code?: string })?.code ?? 'ERR_SENDING_WAPP_MSG');
    const attempts = row.sendAttempts + 1;
    const permanent = PERMANENT.has(code);
    this.ctx.log.warn({ err: error, messageId: row.id, attempts, code }, 'outbound message not sent');
    if (permanent || attempts >= this.options.maxAttempts) {
      return this.settle(row, { delivery: 'failed', errorCode: permanent ? code : 'ERR_SENDING_WAPP_MSG', sendAttempts: attempts, nextAttemptAt: null });
    }
    const delay = Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** (attempts - 1));
    await queries.postpone(this.ctx.db, row.id, attempts, new Date(this.ctx.clock.now().getTime() + delay));
  }

  private async settle(row: MessageRow, values: { delivery: 'failed'; errorCode: string | null; sendAttempts?: number; nextAttemptAt: null }) {
    const { errorCode, sendAttempts } = values;
    const settled = await queries.markFailed(this.ctx.db, row.id, sendAttempts === undefined ? { errorCode } : { errorCode, sendAttempts }, this.ctx.clock.now());
    if (settled) await announceQuietly(this.ctx, settled.companyId, settled.ticketId, [{ action: 'update', message: settled }]);
  }

  /** Gives up rows that waited too long for their connection (checked about once a minute). */
  private async expireStale(): Promise<void> {
    const now = this.ctx.clock.now().getTime();
    if (now - this.lastExpiry < 60_000) return;
    this.lastExpiry = now;
    const expired = await queries.failStale(this.ctx.db, new Date(now), new Date(now - this.options.maxWaitMs));
    for (const row of expired) await announceQuietly(this.ctx, row.companyId, row.ticketId, [{ action: 'update', message: row }]);
  }
}
