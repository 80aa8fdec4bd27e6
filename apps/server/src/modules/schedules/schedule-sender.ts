/**
 * Sends scheduled messages when their time comes. Nothing is queued per schedule: a sweep asks
 * the database for PENDENTE schedules whose sendAt has passed, so one that fell due while no
 * process ran (or was created with a time already past) goes out on the first sweep after
 * instead of being skipped. Each one is sent in its own transaction that locks it (FOR UPDATE SKIP LOCKED)
 * only while it is still pending: the message is stored through the outbound path with the
 * schedule's id in its idempotency key and the schedule marked ENVIADA in the same commit, so
 * racing sweeps, in one process or several, send it once. The outbox then delivers it.
 */
import type { MessageMediaType } from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { MessageRow, TicketRow } from '../../db/schema-conversations.js';
import type { ScheduleRow } from '../../db/schema-schedules.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { WorkerSweep } from '../../platform/repeating-task.js';
import { defaultConnection } from '../connections/connections.service.js';
import { afterOutboundStored, fillForTicket, storeOutbound } from '../messages/outbound.js';
import { announceTicket, newTicketAudience } from '../tickets/tickets.audience.js';
import * as tickets from '../tickets/tickets.repository.js';
import { presentSchedule } from './schedules.presenter.js';
import * as queries from './schedule-sender.queries.js';
import { findSchedule } from './schedules.repository.js';
import { announceSchedule } from './schedules.service.js';

export interface ScheduleSenderOptions {
  /** How often due schedules are looked for: a message goes out at most this long after its time (the look reads a small partial index). */
  pollMs?: number;
  /** Due schedules taken per look. */
  batchSize?: number;
}

export interface ScheduleSender {
  /** One sweep now (worker role only); resolves when every schedule due now was handled. */
  runDue(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

function mediaTypeOf(contentType: string): MessageMediaType {
  if (contentType.startsWith('image/')) return 'image';
  if (contentType.startsWith('video/')) return 'video';
  if (contentType.startsWith('audio/')) return 'audio';
  return 'application';
}

/**
 * The conversation the message goes to: the ticket it was scheduled from while it is still the
 * contact's; else the contact's most recent ticket; else a new one on the company's default
 * connection, open for the schedule's author (pending when the author is gone). A closed ticket
 * is used as it is: the message joins its history and the customer's answer opens a new
 * attendance as any answer would.
 */
async function ticketFor(trx: Database, schedule: ScheduleRow, now: Date): Promise<{ ticket: TicketRow; created: boolean }> {
  const { companyId, contactId } = schedule;
  if (schedule.ticketId !== null) {
    const chosen = await tickets.lockTicket(trx, companyId, schedule.ticketId);
    if (chosen && chosen.contactId === contactId && chosen.whatsappId !== null) return { ticket: chosen, created: false };
  }
  const latest = await queries.lockLatestTicketOf(trx, companyId, contactId);
  if (latest) return { ticket: latest, created: false };

  const connection = await defaultConnection(trx, companyId);
  const isGroup = await queries.contactIsGroup(trx, companyId, contactId);
  const userId = schedule.userId;
  const status = userId === null ? 'pending' : 'open';
  const inserted = await tickets.insertTicketIfAbsent(trx, {
    companyId, contactId, whatsappId: connection.id, status, userId, queueId: null, isGroup, lastMessageAt: now, createdAt: now, updatedAt: now,
  });
  if (!inserted) {
    const existing = await tickets.lockTicketOf(trx, companyId, contactId, connection.id);
    if (!existing) throw new AppError('ERR_CREATING_TICKET', 500);
    return { ticket: existing, created: false };
  }
  const cycle = await tickets.startCycle(trx, inserted, { queueId: null, userId, startedAt: now, acceptedAt: userId ? now : null });
  return { ticket: await tickets.updateTicketRow(trx, companyId, inserted.id, { currentCycleId: cycle.id }), created: true };
}

interface Sent {
  ticket: TicketRow;
  newTicket: boolean;
  stored: MessageRow[];
}

class ScheduleSweep extends WorkerSweep implements ScheduleSender {
  constructor(
    ctx: AppContext,
    private readonly options: Required<ScheduleSenderOptions>,
  ) {
    super(ctx, 'schedule sweep', options.pollMs);
  }

  protected async sweep(): Promise<void> {
    for (;;) {
      const now = this.ctx.clock.now();
      const batch = await queries.dueSchedules(this.ctx.db, now, this.options.batchSize);
      let handled = 0;
      for (const candidate of batch) {
        try {
          if (await this.send(candidate, now)) handled += 1;
        } catch (error) {
          if (error instanceof AppError) {
            if (await this.fail(candidate, now)) handled += 1;
            this.ctx.log.warn({ err: error, scheduleId: candidate.id }, 'a scheduled message cannot be sent: marked ERRO');
          } else {
            this.ctx.log.error({ err: error, scheduleId: candidate.id }, 'sending a scheduled message failed; it is tried again on the next sweep');
          }
        }
      }
      // Stop when a look finds nothing this sweep could handle (the rest is another sweep's).
      if (batch.length < this.options.batchSize || handled === 0) break;
    }
  }

  private async send(candidate: ScheduleRow, now: Date): Promise<boolean> {
    const { ctx } = this;
    const media = candidate.mediaPath ? await ctx.media.read(candidate.companyId, candidate.mediaPath) : null;
    if (candidate.mediaPath && !media) throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', 400);
    const sent = await ctx.db.transaction().execute(async (trx): Promise<Sent | null> => {
      const schedule = await queries.lockIfDue(trx, candidate.id, now);
      // Sent, failed, changed or deleted meanwhile; or another sweep holds it right now.
      if (!schedule || schedule.mediaPath !== candidate.mediaPath) return null;
      const { ticket, created } = await ticketFor(trx, schedule, now);
      const body = await fillForTicket(trx, ticket, schedule.body, now);
      const { message, created: stored } = await storeOutbound(
        trx,
        ticket,
        {
          body,
          ...(media ? { mediaType: mediaTypeOf(media.contentType), mediaPath: schedule.mediaPath, mediaName: schedule.mediaName, mimeType: media.contentType } : {}),
          userId: schedule.userId,
          automated: false,
          idempotencyKey: `schedule:${schedule.id}`,
        },
        now,
      );
      await queries.markSent(trx, schedule.id, ticket.id, now);
      return { ticket, newTicket: created, stored: stored ? [message] : [] };
    });
    if (!sent) return false;
    if (sent.newTicket) await announceTicket(ctx, sent.ticket.companyId, sent.ticket.id, newTicketAudience());
    await afterOutboundStored(ctx, sent.ticket, sent.stored);
    await this.announce(candidate);
    return true;
  }

  /** ERRO, unless it changed meanwhile (an edit makes it pending again, with its new facts). */
  private async fail(candidate: ScheduleRow, now: Date): Promise<boolean> {
    if (!(await queries.markFailed(this.ctx.db, candidate, now))) return false;
    await this.announce(candidate);
    return true;
  }

  private async announce(candidate: ScheduleRow): Promise<void> {
    const row = await findSchedule(this.ctx.db, candidate.companyId, candidate.id);
    if (row) await announceSchedule(this.ctx, candidate.companyId, { action: 'update', schedule: presentSchedule(row) }, row);
  }
}

/** The app's sweeper (the composition root builds it; the worker role starts it). Tests race more of their own. */
export function createScheduleSender(ctx: AppContext, options: ScheduleSenderOptions = {}): ScheduleSender {
  return new ScheduleSweep(ctx, { pollMs: 5_000, batchSize: 100, ...options });
}
