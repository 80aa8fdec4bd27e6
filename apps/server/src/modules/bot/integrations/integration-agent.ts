/**
 * The queue integrations as an automation hook, after the queue bot: a fresh customer message
 * (mayAutomate) on a ticket whose automated agent (automated-agent.ts) is an integration is
 * answered by that integration's runner (Typebot, n8n, webhook, Dialogflow), off the chat's
 * inbound lane and one answer at a time per ticket (OneAnswerPerTicket).
 *
 * The runner's memory lives in the ticket's bot memory (`botState.integration`: the integration,
 * the attendance, the last customer message answered and the runner's own state, such as the
 * Typebot session), written in the transaction that stores the answer, so a message is never
 * answered twice and a new attendance starts afresh. Messages are stored as automated (never
 * answered by any bot) with keys derived from the answered message, spaced by the runner's delay
 * through their send time, and sent by the outbox.
 *
 * A failure (timeout, an error status, an answer that is not understood) leaves a note on the
 * ticket saying what failed, visible to agents in the contact's notes, and hands the customer
 * over to people in the ticket's queue.
 */
import type { IntegrationType } from '@atende/contract';
import type { Database } from '../../../db/database.js';
import type { MessageRow, TicketRow } from '../../../db/schema-conversations.js';
import type { QueueIntegrationRow } from '../../../db/schema-integrations.js';
import type { AppAutomationHook, AppContext } from '../../../platform/context.js';
import { findContact } from '../../contacts/contacts.repository.js';
import { withRetry } from '../../inbound/serial-lanes.js';
import { afterOutboundStored, fillForTicket, storeOutbound } from '../../messages/outbound.js';
import { IntegrationFailure } from '../../queue-integrations/integration-http.js';
import { findIntegration } from '../../queue-integrations/queue-integrations.repository.js';
import { insertNote } from '../../ticket-notes/ticket-notes.repository.js';
import { findTicket, lockTicket, updateTicketRow } from '../../tickets/tickets.repository.js';
import { finishTicketByAutomation } from '../../tickets/tickets.transitions.js';
import { automatedAgentFor, handOverToPeople, OneAnswerPerTicket, takeCharge, waitsWithoutAgent } from '../automated-agent.js';
import { dialogflowRunner } from './dialogflow-runner.js';
import type { IntegrationRunner, TurnOutcome } from './runner.js';
import { typebotRunner } from './typebot-runner.js';
import { webhookRunner } from './webhook-runner.js';

const RUNNERS: Record<IntegrationType, IntegrationRunner> = {
  typebot: typebotRunner,
  n8n: webhookRunner,
  webhook: webhookRunner,
  dialogflow: dialogflowRunner,
};

/** Customer messages answered at most per pass: a flood is answered in turns, never all at once. */
const BATCH = 10;

interface IntegrationMemory {
  integrationId: number;
  cycleId: number | null;
  /** The last customer message answered (ids are int8, read as text). */
  lastMessageId: string;
  state: Record<string, unknown>;
}

function memoryOf(ticket: TicketRow, integrationId: number): IntegrationMemory | null {
  const memory = (ticket.botState as { integration?: IntegrationMemory } | null)?.integration;
  return memory && memory.integrationId === integrationId && memory.cycleId === ticket.currentCycleId ? memory : null;
}

function customerMessagesAfter(db: Database, ticket: TicketRow, afterId: string): Promise<MessageRow[]> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('companyId', '=', ticket.companyId)
    .where('ticketId', '=', ticket.id)
    .where('fromMe', '=', false)
    .where('automated', '=', false)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(BATCH)
    .execute();
}

/** What the runner said, stored with its memory under the ticket's lock while the integration still has it. */
async function keepAnswer(ctx: AppContext, ticket: TicketRow, integrationId: number, message: MessageRow, outcome: TurnOutcome, memory: IntegrationMemory) {
  const now = ctx.clock.now();
  const stored = await withRetry(() =>
    ctx.db.transaction().execute(async (trx) => {
      const locked = await lockTicket(trx, ticket.companyId, ticket.id);
      if (!locked || !waitsWithoutAgent(locked) || !locked.useIntegration || locked.integrationId !== integrationId) return null;
      const next: IntegrationMemory = { ...memory, lastMessageId: message.id, state: outcome.state ?? memory.state };
      const updated = await updateTicketRow(trx, locked.companyId, locked.id, { botState: JSON.stringify({ ...(locked.botState ?? {}), integration: next }) });
      const said: MessageRow[] = [];
      let at = now.getTime();
      for (const [index, text] of outcome.say.entries()) {
        if (!text.trim()) continue;
        const body = await fillForTicket(trx, updated, text, now);
        const key = `integration:${message.id}:${index}`;
        const result = await storeOutbound(trx, updated, { body, userId: null, automated: true, idempotencyKey: key, notBefore: new Date(at) }, now);
        if (result.created) said.push(result.message);
        at += outcome.spacingMs ?? 0;
      }
      return { ticket: updated, said, memory: next };
    }),
  );
  if (stored?.said.length) await afterOutboundStored(ctx, stored.ticket, stored.said);
  return stored;
}

/** The failure, where agents see it, and the customer to people. */
async function giveUp(ctx: AppContext, ticket: TicketRow, integration: QueueIntegrationRow, reason: string) {
  ctx.log.warn({ ticketId: ticket.id, integrationId: integration.id, reason }, 'queue integration failed; the ticket goes to people');
  await insertNote(ctx.db, {
    companyId: ticket.companyId,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    userId: null,
    note: `A integração "${integration.name}" falhou (${reason}). O atendimento foi passado para a fila.`,
  });
  await handOverToPeople(ctx, ticket);
}

/** Answers every customer message of the ticket its integration has not answered yet. */
async function answerPending(ctx: AppContext, companyId: number, ticketId: number, firstMessageId: string): Promise<void> {
  for (;;) {
    let ticket = await findTicket(ctx.db, companyId, ticketId);
    if (!ticket) return;
    const agent = await automatedAgentFor(ctx.db, ticket);
    if (agent?.kind !== 'integration') return;
    const integration = await findIntegration(ctx.db, companyId, agent.integrationId);
    if (!integration) return;
    const memory: IntegrationMemory = memoryOf(ticket, integration.id) ?? { integrationId: integration.id, cycleId: ticket.currentCycleId, lastMessageId: String(BigInt(firstMessageId) - 1n), state: {} };
    const pending = await customerMessagesAfter(ctx.db, ticket, memory.lastMessageId);
    if (!pending.length) return;
    ticket = await takeCharge(ctx, ticket, agent);
    const contact = await findContact(ctx.db, companyId, ticket.contactId);
    if (!contact) return;
    let current = memory;
    for (const message of pending) {
      let outcome: TurnOutcome;
      try {
        outcome = await RUNNERS[integration.type as IntegrationType].answer({ ctx, integration, ticket, contact, message, state: current.state, now: ctx.clock.now() });
      } catch (error) {
        if (!(error instanceof IntegrationFailure)) ctx.log.error({ err: error, ticketId }, 'queue integration runner failed');
        await keepAnswer(ctx, ticket, integration.id, message, { say: [], then: { kind: 'stay' } }, current);
        await giveUp(ctx, ticket, integration, error instanceof IntegrationFailure ? error.reason : 'unexpected error');
        return;
      }
      const kept = await keepAnswer(ctx, ticket, integration.id, message, outcome, current);
      if (!kept) return; // an agent took the ticket meanwhile: the answer is not sent
      current = kept.memory;
      if (outcome.then.kind === 'handOver') {
        await handOverToPeople(ctx, kept.ticket, outcome.then.queueId === undefined ? {} : { queueId: outcome.then.queueId });
        return;
      }
      if (outcome.then.kind === 'close') {
        await finishTicketByAutomation(ctx, companyId, ticketId);
        return;
      }
    }
  }
}

export interface IntegrationAgent extends AppAutomationHook {
  /** Resolves when no ticket's answer is being worked on (tests, shutdown). */
  idle(): Promise<void>;
}

export function createIntegrationAgent(): IntegrationAgent {
  const answers = new OneAnswerPerTicket();
  return {
    async afterInboundMessage(ctx, event) {
      if (!event.mayAutomate) return;
      // Read again: the queue bot may just have moved the ticket into a queue with an integration.
      const ticket = await findTicket(ctx.db, event.ticket.companyId, event.ticket.id);
      if (!ticket || (await automatedAgentFor(ctx.db, ticket))?.kind !== 'integration') return;
      void answers
        .run(ticket.id, () => answerPending(ctx, ticket.companyId, ticket.id, event.message.id))
        .catch((error) => ctx.log.error({ err: error, ticketId: ticket.id }, 'queue integration failed'));
    },
    idle: () => answers.idle(),
  };
}
