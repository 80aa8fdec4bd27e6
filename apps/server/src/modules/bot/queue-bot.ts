/**
 * The queue bot as an automation hook: it answers a fresh customer message (mayAutomate) on a
 * ticket that waits without an agent. One transaction locks the ticket, re-checks that nobody
 * took it meanwhile, decides the step (bot-steps), moves the ticket, keeps the bot's memory and
 * stores what the bot says as automated messages; after the commit the outbox sends them and the
 * ticket's audience hears of the change. Keys derived from the answered message make a repeated
 * hook call store nothing twice.
 */
import type { Updateable } from 'kysely';
import type { MessageRow, TicketRow, TicketsTable } from '../../db/schema-conversations.js';
import type { AppAutomationHook, AppContext } from '../../platform/context.js';
import type { InboundMessageEvent } from '../../platform/automation.js';
import { withRetry } from '../inbound/serial-lanes.js';
import { afterOutboundStored, fillForTicket, storeOutbound } from '../messages/outbound.js';
import { companySettings } from '../settings/settings.service.js';
import { announceTicket, ticketAudience } from '../tickets/tickets.audience.js';
import { lockTicket, updateCycle, updateTicketRow } from '../tickets/tickets.repository.js';
import { automatedAgentFor, waitsWithoutAgent } from './automated-agent.js';
import { loadBotSetup, stateOf } from './bot-setup.js';
import { nextBotStep } from './bot-steps.js';


export async function answerCustomer(ctx: AppContext, event: InboundMessageEvent): Promise<void> {
  if (!event.mayAutomate || !waitsWithoutAgent(event.ticket)) return;
  const { companyId, id: ticketId } = event.ticket;
  const settings = await companySettings(ctx.db, companyId);
  // The common case costs no query: the bot is done with this attendance and no hours apply.
  const state = stateOf(event.ticket);
  const done = !event.ticket.chatbot && event.ticket.currentCycleId !== null && state.cycleId === event.ticket.currentCycleId;
  if (done && settings.get('scheduleType') === 'disabled') return;
  // An AI prompt or an integration talking to this customer answers instead (automated-agent.ts).
  if (await automatedAgentFor(ctx.db, event.ticket)) return;
  // Read before the transaction: on the embedded database nothing else may run while it is open.
  const before = await ticketAudience(ctx.db, event.ticket);
  const outcome = await withRetry(() =>
    ctx.db.transaction().execute(async (trx) => {
      const ticket = await lockTicket(trx, companyId, ticketId);
      if (!ticket || !waitsWithoutAgent(ticket)) return null;
      const setup = await loadBotSetup(trx, ticket, settings);
      if (!setup) return null;
      const cycle = ticket.currentCycleId
        ? await trx.selectFrom('ticketCycles').select(['acceptedAt', 'queueId']).where('id', '=', ticket.currentCycleId).executeTakeFirst()
        : undefined;
      // An attendance is the bot's to begin while nobody accepted it nor sent it to another queue
      // than the one it started in (none, or the connection's only queue).
      const startQueue = setup.queues.length === 1 ? setup.queues[0].id : null;
      const untouched = Boolean(cycle && cycle.acceptedAt === null && (cycle.queueId === null || cycle.queueId === startQueue));
      const now = ctx.clock.now();
      const step = nextBotStep({ setup, ticket, state: stateOf(ticket), untouched, body: event.message.body, now });
      if (!step) return null;

      const values: Updateable<TicketsTable> = { botState: JSON.stringify(step.state) };
      if (step.queueId !== undefined) values.queueId = step.queueId;
      if (step.chatbot !== undefined) values.chatbot = step.chatbot;
      const visible = (step.queueId !== undefined && step.queueId !== ticket.queueId) || (step.chatbot !== undefined && step.chatbot !== ticket.chatbot);
      if (visible) values.updatedAt = now;
      const updated = await updateTicketRow(trx, companyId, ticket.id, values);
      if (step.chosenQueue) await updateCycle(trx, companyId, ticket.currentCycleId, { queueId: step.queueId ?? null });

      const said: MessageRow[] = [];
      for (const [index, text] of step.say.entries()) {
        if (!text.trim()) continue;
        const body = await fillForTicket(trx, updated, text, now);
        const key = `bot:${event.message.id}:${index}`;
        const { message, created } = await storeOutbound(trx, updated, { body, userId: null, automated: true, idempotencyKey: key }, now);
        if (created) said.push(message);
      }
      return { ticket: updated, said, visible };
    }),
  );
  if (!outcome) return;
  if (outcome.said.length) await afterOutboundStored(ctx, outcome.ticket, outcome.said, before);
  else if (outcome.visible) await announceTicket(ctx, companyId, ticketId, before);
}

export const queueBot: AppAutomationHook = {
  afterInboundMessage: answerCustomer,
};
