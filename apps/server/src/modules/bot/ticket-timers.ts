/**
 * The connection's ticket timers: after timeToTransfer minutes without activity a
 * ticket still in the bot (no queue chosen, or in the queue's menus) and without an agent moves
 * to the connection's transferQueueId; after expiresTicket minutes without activity (0: never)
 * an open or pending ticket is closed and told expiresInactiveMessage.
 *
 * No job is scheduled per ticket: what is due is derived from the database (the ticket's last
 * message time plus the connection's minutes), so a timer that fell due while no process ran
 * fires on the first sweep after a start, and a change of the connection's minutes applies to
 * every ticket at once. Each ticket is handled in its own transaction that locks it
 * (FOR UPDATE SKIP LOCKED) only while it is still due, so two sweeps, in one process or in
 * several, never fire a timer twice. Live events and the outbox follow the commit.
 */
import type { Updateable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { MessageRow, TicketRow, TicketsTable } from '../../db/schema-conversations.js';
import type { AppContext } from '../../platform/context.js';
import { WorkerSweep } from '../../platform/repeating-task.js';
import { afterOutboundStored, fillForTicket, storeOutbound } from '../messages/outbound.js';
import { announceTicket, ticketAudience } from '../tickets/tickets.audience.js';
import { updateCycle, updateTicketRow } from '../tickets/tickets.repository.js';
import { stateOf } from './bot-setup.js';
import { dueTickets, lockIfDue, type TimerKind } from './ticket-timers.queries.js';

export interface TicketTimersOptions {
  /** How often due timers are looked for. */
  pollMs?: number;
  /** Due tickets taken per look. */
  batchSize?: number;
}

export interface TicketTimers {
  /** One sweep now (worker role only); resolves when every ticket due now was handled. */
  runDue(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

interface Fired {
  ticket: TicketRow;
  said: MessageRow[];
}

/** Moves the ticket to the transfer queue; the bot is done with this attendance. */
async function transfer(trx: Database, ticket: TicketRow, queueId: number, now: Date): Promise<Fired> {
  await updateCycle(trx, ticket.companyId, ticket.currentCycleId, { queueId });
  const state = { ...stateOf(ticket), cycleId: ticket.currentCycleId };
  const values: Updateable<TicketsTable> = { queueId, chatbot: false, botState: JSON.stringify(state), updatedAt: now };
  return { ticket: await updateTicketRow(trx, ticket.companyId, ticket.id, values), said: [] };
}

/** Closes the attendance like an agent's finish without a rating request, then says goodbye. */
async function expire(trx: Database, ticket: TicketRow, message: string, now: Date): Promise<Fired> {
  await updateCycle(trx, ticket.companyId, ticket.currentCycleId, { finishedAt: now });
  const updated = await updateTicketRow(trx, ticket.companyId, ticket.id, {
    status: 'closed', useIntegration: false, integrationId: null, promptId: null, chatbot: false, unreadMessages: 0, botState: '{}', updatedAt: now,
  });
  if (ticket.isGroup || !message.trim()) return { ticket: updated, said: [] };
  const body = await fillForTicket(trx, updated, message, now);
  const key = `expire:${ticket.currentCycleId ?? `${ticket.id}:${now.getTime()}`}`;
  const { message: row, created } = await storeOutbound(trx, updated, { body, userId: null, automated: true, idempotencyKey: key }, now);
  return { ticket: updated, said: created ? [row] : [] };
}

class TicketSweep extends WorkerSweep implements TicketTimers {
  constructor(
    ctx: AppContext,
    private readonly options: Required<TicketTimersOptions>,
  ) {
    super(ctx, 'ticket timers sweep', options.pollMs);
  }

  protected async sweep(): Promise<void> {
    for (const kind of ['transfer', 'expire'] as const) {
      for (;;) {
        const now = this.ctx.clock.now();
        const batch = await dueTickets(this.ctx.db, kind, now, this.options.batchSize);
        let fired = 0;
        for (const candidate of batch) {
          try {
            if (await this.fire(kind, candidate, now)) fired += 1;
          } catch (error) {
            this.ctx.log.error({ err: error, ticketId: candidate.id, timer: kind }, 'ticket timer failed; it is tried again on the next sweep');
          }
        }
        // Stop when a look finds nothing this sweep could fire (the rest is another sweep's, or not due any more).
        if (batch.length < this.options.batchSize || fired === 0) break;
      }
    }
  }

  private async fire(kind: TimerKind, candidate: TicketRow, now: Date): Promise<boolean> {
    const { ctx } = this;
    const before = await ticketAudience(ctx.db, candidate);
    const fired = await ctx.db.transaction().execute(async (trx) => {
      const row = await lockIfDue(trx, kind, candidate.id, now);
      if (!row) return null;
      const { transferQueueId, expiresInactiveMessage, ...ticket } = row;
      return kind === 'transfer' ? transfer(trx, ticket, transferQueueId!, now) : expire(trx, ticket, expiresInactiveMessage, now);
    });
    if (!fired) return false;
    if (fired.said.length) await afterOutboundStored(ctx, fired.ticket, fired.said, before);
    else await announceTicket(ctx, fired.ticket.companyId, fired.ticket.id, before);
    return true;
  }
}

/** The app's sweeper (the composition root builds it; the worker role starts it). Tests race more of their own. */
export function createTicketTimers(ctx: AppContext, options: TicketTimersOptions = {}): TicketTimers {
  return new TicketSweep(ctx, { pollMs: 30_000, batchSize: 100, ...options });
}
