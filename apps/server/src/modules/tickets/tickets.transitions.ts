/**
 * The ticket's life: every change of state goes through one of these named
 * functions. Each locks the ticket, checks the caller may act on it, changes it and its attendance
 * cycle, and stores any automatic message in the same transaction; after the commit it tells the
 * users who could see the ticket where it was to drop it (`delete`) and those who see it where it
 * is now (`update`), wakes the outbox and runs the automation hooks.
 */
import { randomUUID } from 'node:crypto';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import { V, type Ticket, type ticketUpdateInput } from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { MessageRow, TicketRow, TicketsTable } from '../../db/schema-conversations.js';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { conflict, forbidden } from '../../platform/errors.js';
import type { TicketActionName } from '../../platform/automation.js';
import { afterOutboundStored, fillForTicket, storeOutbound } from '../messages/outbound.js';
import { assertIntegrationOfCompany } from '../queue-integrations/queue-integrations.refs.js';
import { companySettings } from '../settings/settings.service.js';
import { announceTicket, ticketAudience } from './tickets.audience.js';
import { assertMayReach, assertMayReturn, mayChooseAnyUser } from './tickets.policy.js';
import * as repo from './tickets.repository.js';
import { presentTicket } from './tickets.presenter.js';
import { invalidField, noTicket } from './tickets.service.js';

export type TicketUpdate = z.output<typeof ticketUpdateInput>;

/** Rating scale 1 to 3. */
export const DEFAULT_RATING_MESSAGE =
  'Por favor, avalie nosso atendimento respondendo com um número:\n*1* - Insatisfeito\n*2* - Satisfeito\n*3* - Muito satisfeito';

interface Step {
  ticket: TicketRow;
  /**
   * Automatic messages to the customer, stored in the change's own transaction: [text, key]. A
   * repeated request finds nothing left to change, so it never stores the message twice.
   */
  say?: Array<[string, string]>;
}

type Settings = Awaited<ReturnType<typeof companySettings>>;
interface Env {
  now: Date;
  settings: Settings;
}
type Mutation = (trx: Database, ticket: TicketRow, env: Env) => Promise<Step | null>;

async function change(ctx: AppContext, actor: Actor, ticketId: number, action: TicketActionName | null, mutate: Mutation): Promise<Ticket> {
  const { companyId } = actor;
  const before = await repo.findTicket(ctx.db, companyId, ticketId);
  if (!before) throw noTicket();
  assertMayReach(actor, before);
  // Read before the transaction: on the embedded database nothing else may run while it is open.
  const [audience, settings] = await Promise.all([ticketAudience(ctx.db, before), companySettings(ctx.db, companyId)]);
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.lockTicket(trx, companyId, ticketId);
    if (!locked) throw noTicket();
    assertMayReach(actor, locked);
    const step = await mutate(trx, locked, { now, settings });
    if (!step) return null;
    const said: MessageRow[] = [];
    for (const [text, key] of step.say ?? []) {
      if (step.ticket.isGroup || !text.trim()) continue;
      const body = await fillForTicket(trx, step.ticket, text, now);
      const { message, created } = await storeOutbound(trx, step.ticket, { body, userId: null, automated: true, idempotencyKey: key }, now);
      if (created) said.push(message);
    }
    return { ticket: step.ticket, previous: locked, said };
  });
  if (outcome) {
    if (outcome.said.length) await afterOutboundStored(ctx, outcome.ticket, outcome.said, audience);
    else await announceTicket(ctx, companyId, ticketId, audience);
    if (action) await ctx.automation.afterTicketAction(ctx, { action, ticket: outcome.ticket, previous: outcome.previous, actor });
  }
  // Presented without a reach check: after a transfer the caller may no longer see it, yet did it.
  const view = await repo.findTicketView(ctx.db, companyId, ticketId);
  if (!view) throw noTicket();
  return presentTicket(view);
}

const holderConflict = async (trx: Database, ticket: TicketRow) => conflict('ERR_OTHER_OPEN_TICKET', { ...(await repo.holderOf(trx, ticket)) });

const userName = async (trx: Database, companyId: number, userId: number) => (await repo.findCompanyUser(trx, companyId, userId))?.name ?? '';

/** pending -> open, owned by the caller; the attendance is accepted now. sendGreetingAccepted announces the agent. */
export function acceptTicket(ctx: AppContext, actor: Actor, ticketId: number): Promise<Ticket> {
  return change(ctx, actor, ticketId, 'accept', async (trx, ticket, { now, settings }) => {
    if (ticket.status === 'open') {
      if (ticket.userId === actor.userId) return null;
      throw await holderConflict(trx, ticket); // two agents clicked Accept: the second learns who has it
    }
    if (ticket.status !== 'pending') throw invalidField('status');
    let cycleId = ticket.currentCycleId;
    if (cycleId === null) cycleId = (await repo.startCycle(trx, ticket, { queueId: ticket.queueId, userId: actor.userId, startedAt: now, acceptedAt: now })).id;
    else await repo.updateCycle(trx, ticket.companyId, cycleId, { userId: actor.userId, acceptedAt: now });
    // The agent has it now: the bot stops (chatbot off).
    const updated = await repo.updateTicketRow(trx, ticket.companyId, ticket.id, { status: 'open', userId: actor.userId, currentCycleId: cycleId, chatbot: false, updatedAt: now });
    const say: Array<[string, string]> = [];
    if (settings.get('sendGreetingAccepted') === 'enabled') {
      const name = await userName(trx, ticket.companyId, actor.userId);
      say.push([`Olá *{{name}}*, meu nome é *${name}* e agora vou prosseguir com seu atendimento!`, `accept:${ticket.id}:${randomUUID()}`]);
    }
    return { ticket: updated, say };
  });
}

/** open -> pending: back to the queue, owner cleared (the owner or an admin). */
export function returnTicket(ctx: AppContext, actor: Actor, ticketId: number): Promise<Ticket> {
  return change(ctx, actor, ticketId, 'return', async (trx, ticket, { now }) => {
    if (ticket.status === 'pending') return null;
    if (ticket.status !== 'open') throw invalidField('status');
    assertMayReturn(actor, ticket);
    return { ticket: await repo.updateTicketRow(trx, ticket.companyId, ticket.id, { status: 'pending', userId: null, updatedAt: now }) };
  });
}

/**
 * -> closed, owned by the caller, queue kept, integration and prompt cleared, the attendance
 * finished. With userRating enabled (and skipRating not set) the customer is asked for a 1-3
 * rating, captured by the inbound pipeline, which then sends the completion message; otherwise
 * the completion message goes now.
 */
export function finishTicket(ctx: AppContext, actor: Actor, ticketId: number, options: { skipRating?: boolean } = {}): Promise<Ticket> {
  return change(ctx, actor, ticketId, 'finish', async (trx, ticket, { now, settings }) => {
    if (ticket.status === 'closed') return null;
    const connection = ticket.whatsappId
      ? await trx.selectFrom('whatsapps').select(['ratingMessage', 'complationMessage']).where('id', '=', ticket.whatsappId).executeTakeFirst()
      : undefined;
    const askRating = settings.get('userRating') === 'enabled' && !options.skipRating && !ticket.isGroup && Boolean(connection);
    await repo.updateCycle(trx, ticket.companyId, ticket.currentCycleId, { finishedAt: now, userId: actor.userId });
    const values: Updateable<TicketsTable> = {
      // A finished conversation is dealt with: it no longer counts as unread anywhere.
      status: 'closed', userId: actor.userId, useIntegration: false, integrationId: null, promptId: null, chatbot: false, unreadMessages: 0,
      botState: JSON.stringify(askRating ? { awaitingRating: true, ratingAskedAt: now.getTime() } : {}), updatedAt: now,
    };
    const updated = await repo.updateTicketRow(trx, ticket.companyId, ticket.id, values);
    const cycle = ticket.currentCycleId ?? ticket.id;
    const say: Array<[string, string]> = askRating
      ? [[connection!.ratingMessage.trim() || DEFAULT_RATING_MESSAGE, `rating:${cycle}`]]
      : [[connection?.complationMessage ?? '', `complation:${cycle}`]];
    return { ticket: updated, say };
  });
}

/**
 * -> closed by a program (a queue integration that closes the conversation): the agent's finish
 * without a rating request and without an owner; the completion message goes now.
 */
export async function finishTicketByAutomation(ctx: AppContext, companyId: number, ticketId: number): Promise<boolean> {
  const before = await repo.findTicket(ctx.db, companyId, ticketId);
  if (!before) return false;
  const audience = await ticketAudience(ctx.db, before);
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const ticket = await repo.lockTicket(trx, companyId, ticketId);
    if (!ticket || ticket.status === 'closed') return null;
    const connection = ticket.whatsappId ? await trx.selectFrom('whatsapps').select('complationMessage').where('id', '=', ticket.whatsappId).executeTakeFirst() : undefined;
    await repo.updateCycle(trx, companyId, ticket.currentCycleId, { finishedAt: now });
    const updated = await repo.updateTicketRow(trx, companyId, ticket.id, {
      status: 'closed', useIntegration: false, integrationId: null, promptId: null, chatbot: false, unreadMessages: 0, botState: '{}', updatedAt: now,
    });
    const said: MessageRow[] = [];
    const text = connection?.complationMessage ?? '';
    if (!ticket.isGroup && text.trim()) {
      const body = await fillForTicket(trx, updated, text, now);
      const stored = await storeOutbound(trx, updated, { body, userId: null, automated: true, idempotencyKey: `complation:${ticket.currentCycleId ?? ticket.id}` }, now);
      if (stored.created) said.push(stored.message);
    }
    return { ticket: updated, said };
  });
  if (!outcome) return false;
  if (outcome.said.length) await afterOutboundStored(ctx, outcome.ticket, outcome.said, audience);
  else await announceTicket(ctx, companyId, ticketId, audience);
  return true;
}

/** closed -> open with the caller (and the queue sent, else the one it had): a new attendance. */
export function reopenTicket(ctx: AppContext, actor: Actor, ticketId: number, queueId?: number | null): Promise<Ticket> {
  return change(ctx, actor, ticketId, 'reopen', async (trx, ticket, { now }) => {
    if (ticket.status === 'open' && ticket.userId === actor.userId) return null;
    if (ticket.status === 'open') throw await holderConflict(trx, ticket);
    if (ticket.status !== 'closed') throw invalidField('status');
    const queue = queueId === undefined ? ticket.queueId : queueId;
    if (queue !== null && !(await repo.findCompanyQueue(trx, ticket.companyId, queue))) throw invalidField('queueId');
    const cycle = await repo.startCycle(trx, ticket, { queueId: queue, userId: actor.userId, startedAt: now, acceptedAt: now });
    const updated = await repo.updateTicketRow(trx, ticket.companyId, ticket.id, {
      status: 'open', userId: actor.userId, queueId: queue, currentCycleId: cycle.id, botState: '{}', chatbot: false, updatedAt: now,
    });
    return { ticket: updated };
  });
}

/**
 * To a queue (required), optionally to a user and through another connection. Without a user the
 * ticket waits (pending) in the new queue. Admins and supervisors may pick any user; others a
 * member of the target queue. sendMsgTransfTicket tells the customer.
 */
export function transferTicket(ctx: AppContext, actor: Actor, ticketId: number, input: Pick<TicketUpdate, 'queueId' | 'userId' | 'whatsappId'>): Promise<Ticket> {
  return change(ctx, actor, ticketId, 'transfer', async (trx, ticket, { now, settings }) => {
    if (!input.queueId) throw invalidField('queueId', V.required);
    if (ticket.status === 'closed') throw invalidField('status');
    const { companyId } = ticket;
    const queue = await repo.findCompanyQueue(trx, companyId, input.queueId);
    if (!queue) throw invalidField('queueId');
    const target = input.userId ? await repo.findCompanyUser(trx, companyId, input.userId) : null;
    if (input.userId && !target) throw invalidField('userId');
    if (target && target.id !== actor.userId && !mayChooseAnyUser(actor) && !(await repo.isQueueMember(trx, target.id, queue.id))) throw forbidden('ERR_NO_PERMISSION');
    let whatsappId = ticket.whatsappId;
    if (input.whatsappId && input.whatsappId !== ticket.whatsappId) {
      const connection = await trx.selectFrom('whatsapps').select('id').where('companyId', '=', companyId).where('id', '=', input.whatsappId).executeTakeFirst();
      if (!connection) throw invalidField('whatsappId');
      const other = await repo.lockTicketOf(trx, companyId, ticket.contactId, connection.id);
      if (other) throw await holderConflict(trx, other); // one ticket per contact and connection
      whatsappId = connection.id;
    }
    const userId = target?.id ?? null;
    if (ticket.queueId === queue.id && ticket.userId === userId && ticket.whatsappId === whatsappId) return null;
    await repo.updateCycle(trx, companyId, ticket.currentCycleId, { queueId: queue.id, userId, ...(userId ? { acceptedAt: now } : {}) });
    const updated = await repo.updateTicketRow(trx, companyId, ticket.id, {
      queueId: queue.id, userId, whatsappId, status: userId ? 'open' : 'pending', chatbot: false, updatedAt: now,
    });
    const say: Array<[string, string]> = [];
    if (settings.get('sendMsgTransfTicket') === 'enabled') {
      const text = `*Mensagem automática*:\nVocê foi transferido para o departamento *${queue.name}*${target ? `\nContate com *${target.name}*` : ''}`;
      say.push([text, `transfer:${ticket.id}:${randomUUID()}`]);
    }
    return { ticket: updated, say };
  });
}

/** useIntegration, promptId and integrationId without a change of status. */
export function updateTicketSettings(ctx: AppContext, actor: Actor, ticketId: number, input: Pick<TicketUpdate, 'useIntegration' | 'promptId' | 'integrationId'>) {
  return change(ctx, actor, ticketId, null, async (trx, ticket, { now }) => {
    const values: Updateable<TicketsTable> = { updatedAt: now };
    if (input.useIntegration !== undefined) values.useIntegration = input.useIntegration;
    if (input.promptId !== undefined) values.promptId = input.promptId;
    if (input.integrationId !== undefined) {
      await assertIntegrationOfCompany(trx, ticket.companyId, input.integrationId);
      values.integrationId = input.integrationId;
    }
    return { ticket: await repo.updateTicketRow(trx, ticket.companyId, ticket.id, values) };
  });
}

/**
 * PUT /tickets/{id}: `action` names what the agent did; without it the classic payload is read as
 * the matching action (status closed: finish; a closed ticket set open: reopen; pending set open:
 * accept; open set pending: return; a queue, connection or another user: transfer).
 */
export async function updateTicket(ctx: AppContext, actor: Actor, ticketId: number, input: TicketUpdate): Promise<Ticket> {
  const current = await repo.findTicket(ctx.db, actor.companyId, ticketId);
  if (!current) throw noTicket();
  const action = input.action ?? inferAction(actor, current, input);
  switch (action) {
    case 'accept':
      return acceptTicket(ctx, actor, ticketId);
    case 'return':
      return returnTicket(ctx, actor, ticketId);
    case 'finish':
      return finishTicket(ctx, actor, ticketId, { skipRating: input.skipRating });
    case 'reopen':
      return reopenTicket(ctx, actor, ticketId, input.queueId);
    case 'transfer':
      return transferTicket(ctx, actor, ticketId, {
        queueId: input.queueId === undefined ? current.queueId : input.queueId,
        userId: input.userId,
        whatsappId: input.whatsappId,
      });
    default:
      if (input.useIntegration === undefined && input.promptId === undefined && input.integrationId === undefined) throw invalidField('status');
      return updateTicketSettings(ctx, actor, ticketId, input);
  }
}

function inferAction(actor: Actor, ticket: TicketRow, input: TicketUpdate): TicketActionName | null {
  const { status } = input;
  if (status === 'closed') return 'finish';
  if (status === 'open' && ticket.status === 'closed') return 'reopen';
  const otherUser = input.userId !== undefined && input.userId !== null && input.userId !== actor.userId;
  const moves = (input.queueId !== undefined && input.queueId !== ticket.queueId) || (input.whatsappId !== undefined && input.whatsappId !== ticket.whatsappId);
  if (moves || otherUser) return 'transfer';
  if (status === 'open' && ticket.status === 'pending') return 'accept';
  if (status === 'pending' && ticket.status === 'open') return 'return';
  return null;
}
