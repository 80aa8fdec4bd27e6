/**
 * Who answers a waiting ticket's customer when a program does: an AI prompt or a queue
 * integration (Typebot, n8n, webhook, Dialogflow), instead of the queue bot.
 *
 * The rule, for a ticket that waits without an agent (pending, nobody assigned, not a group):
 * - an agent already in charge of it (`useIntegration` with `integrationId` or `promptId` on the
 *   ticket) keeps it;
 * - otherwise the ticket's queue names one (its integration first, then its prompt), or, while
 *   the ticket has no queue, its connection does;
 * - never again in an attendance it handed over to people (`agentDoneCycleId` in the bot's memory);
 * - only while the company's plan allows it (useIntegrations, useOpenAi).
 * While an agent is in charge the queue bot stays silent. Accepting, transferring to a person or
 * finishing the ticket ends it: finishing clears the ticket's fields, and a ticket with an agent
 * assigned no longer waits.
 */
import type { Database } from '../../db/database.js';
import type { TicketRow } from '../../db/schema-conversations.js';
import type { AppContext } from '../../platform/context.js';
import { withRetry } from '../inbound/serial-lanes.js';
import { announceTicket, ticketAudience } from '../tickets/tickets.audience.js';
import { lockTicket, updateCycle, updateTicketRow } from '../tickets/tickets.repository.js';

export type AutomatedAgent = { kind: 'integration'; integrationId: number } | { kind: 'prompt'; promptId: number };

/** The agent's part of the bot's memory on the ticket (tickets.bot_state). */
interface AgentMemory {
  /** The attendance (cycle) whose customer was handed over to people: no agent takes it again. */
  agentDoneCycleId?: number | null;
}

const memoryOf = (ticket: TicketRow): AgentMemory => (ticket.botState ?? {}) as AgentMemory;

export const waitsWithoutAgent = (ticket: TicketRow) => ticket.status === 'pending' && ticket.userId === null && !ticket.isGroup && ticket.whatsappId !== null;

const handedOver = (ticket: TicketRow) => ticket.currentCycleId !== null && memoryOf(ticket).agentDoneCycleId === ticket.currentCycleId;

/** The agent that answers this ticket's customer now, or null (the queue bot, or people). */
export async function automatedAgentFor(db: Database, ticket: TicketRow): Promise<AutomatedAgent | null> {
  if (!waitsWithoutAgent(ticket) || handedOver(ticket)) return null;
  const row = await db
    .selectFrom('companies')
    .innerJoin('plans', 'plans.id', 'companies.planId')
    .leftJoin('queues', (join) => join.on('queues.id', '=', ticket.queueId ?? 0).onRef('queues.companyId', '=', 'companies.id'))
    .leftJoin('whatsapps', (join) => join.on('whatsapps.id', '=', ticket.whatsappId ?? 0).onRef('whatsapps.companyId', '=', 'companies.id'))
    .select([
      'plans.useIntegrations',
      'plans.useOpenAi',
      'queues.integrationId as queueIntegrationId',
      'queues.promptId as queuePromptId',
      'whatsapps.integrationId as connectionIntegrationId',
      'whatsapps.promptId as connectionPromptId',
    ])
    .where('companies.id', '=', ticket.companyId)
    .executeTakeFirst();
  if (!row) return null;
  const integration = (id: number | null | undefined): AutomatedAgent | null => (row.useIntegrations && id ? { kind: 'integration', integrationId: id } : null);
  const prompt = (id: number | null | undefined): AutomatedAgent | null => (row.useOpenAi && id ? { kind: 'prompt', promptId: id } : null);
  if (ticket.useIntegration) {
    const inCharge = integration(ticket.integrationId) ?? prompt(ticket.promptId);
    if (inCharge) return inCharge;
  }
  if (ticket.queueId !== null) return integration(row.queueIntegrationId) ?? prompt(row.queuePromptId);
  return integration(row.connectionIntegrationId) ?? prompt(row.connectionPromptId);
}

/**
 * Marks the agent in charge on the ticket (useIntegration, its id, chatbot) so agents see that
 * a program is talking to the customer. Answers the ticket as it is now.
 */
export async function takeCharge(ctx: AppContext, ticket: TicketRow, agent: AutomatedAgent): Promise<TicketRow> {
  const ids = agent.kind === 'integration' ? { integrationId: agent.integrationId, promptId: null } : { promptId: agent.promptId, integrationId: null };
  if (ticket.useIntegration && ticket.chatbot && ticket.integrationId === ids.integrationId && ticket.promptId === ids.promptId) return ticket;
  const before = await ticketAudience(ctx.db, ticket);
  const updated = await updateTicketRow(ctx.db, ticket.companyId, ticket.id, { useIntegration: true, chatbot: true, ...ids, updatedAt: ctx.clock.now() });
  await announceTicket(ctx, ticket.companyId, ticket.id, before);
  return updated;
}

/**
 * The agent is done with this attendance (a transfer marker, the end of a flow, a failure): the
 * ticket waits for people, in `queueId` when given, and no agent takes it again until the next
 * attendance. Answers the ticket as it is now, or null when it no longer waits.
 */
export async function handOverToPeople(ctx: AppContext, ticket: TicketRow, options: { queueId?: number | null } = {}): Promise<TicketRow | null> {
  const before = await ticketAudience(ctx.db, ticket);
  const updated = await withRetry(() =>
    ctx.db.transaction().execute(async (trx) => {
      const locked = await lockTicket(trx, ticket.companyId, ticket.id);
      if (!locked || !waitsWithoutAgent(locked)) return null;
      // cycleId: the queue bot counts this attendance as begun, so it does not greet the customer
      // who was just told a person will answer.
      const memory = { ...(locked.botState ?? {}), agentDoneCycleId: locked.currentCycleId, cycleId: locked.currentCycleId };
      const queueId = options.queueId === undefined ? locked.queueId : options.queueId;
      const row = await updateTicketRow(trx, locked.companyId, locked.id, {
        useIntegration: false,
        integrationId: null,
        promptId: null,
        chatbot: false,
        queueId,
        botState: JSON.stringify(memory),
        updatedAt: ctx.clock.now(),
      });
      if (queueId !== locked.queueId) await updateCycle(trx, locked.companyId, locked.currentCycleId, { queueId });
      return row;
    }),
  );
  if (updated) await announceTicket(ctx, ticket.companyId, ticket.id, before);
  return updated;
}

/**
 * One answer at a time per ticket, off the chat's inbound lane (an AI or a remote flow may take
 * seconds, and the customer's next messages must be stored meanwhile). A call that arrives while
 * the ticket's work runs is not run beside it: the running work is asked to go again once it
 * ends, so it answers with everything the customer said. Per process: a chat's messages reach
 * the one process that holds its connection.
 */
export class OneAnswerPerTicket {
  private running = new Map<number, { again: boolean; done: Promise<void> }>();

  /** Runs `work` for the ticket now, or once more after the running one; never two at once. */
  run(ticketId: number, work: () => Promise<void>): Promise<void> {
    const current = this.running.get(ticketId);
    if (current) {
      current.again = true;
      return current.done;
    }
    const entry = { again: false, done: Promise.resolve() };
    entry.done = (async () => {
      try {
        do {
          entry.again = false;
          await work();
        } while (entry.again);
      } finally {
        this.running.delete(ticketId);
      }
    })();
    this.running.set(ticketId, entry);
    return entry.done;
  }

  /** Resolves when nothing runs (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running.values()].map((e) => e.done.catch(() => undefined)));
  }
}
