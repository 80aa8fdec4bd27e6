import type { z } from 'zod';
import { PAGE_SIZE, V, type Ticket, type TicketPage, type ticketCreateInput } from '@atende/contract';
import type { TicketRow } from '../../db/schema-conversations.js';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.js';
import { defaultConnection } from '../connections/connections.service.js';
import { findConnectionRow } from '../connections/connections.repository.js';
import { announceTicket, announceTicketDeleted, newTicketAudience, ticketAudience } from './tickets.audience.js';
import { pageOfTickets, type TicketFilters } from './tickets.queries.js';
import { assertMayReach, mayChooseAnyUser, seesEveryTicket, type TicketScope } from './tickets.policy.js';
import { presentTicket } from './tickets.presenter.js';
import * as repo from './tickets.repository.js';

export const noTicket = () => notFound('ERR_NO_TICKET_FOUND');
export const invalidField = (field: string, key: string = V.invalid) => new AppError('ERR_VALIDATION', 400, { fields: { [field]: key } });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A ticket of the caller's company that the caller may reach: 404 for another company's, 403 for another queue's. */
export async function reachableTicket(ctx: AppContext, actor: Actor, ticketId: number): Promise<TicketRow> {
  return reachable(actor, await repo.findTicket(ctx.db, actor.companyId, ticketId));
}

/** The same, by the ticket's address (its uuid); one that is not a uuid is not found. */
export async function reachableTicketByUuid(ctx: AppContext, actor: Actor, uuid: string): Promise<TicketRow> {
  return reachable(actor, UUID.test(uuid) ? await repo.findTicketByUuid(ctx.db, actor.companyId, uuid) : undefined);
}

function reachable<T extends TicketScope>(actor: Actor, ticket: T | undefined): T {
  if (!ticket) throw noTicket();
  assertMayReach(actor, ticket);
  return ticket;
}

export async function listTickets(ctx: AppContext, actor: Actor, filters: TicketFilters): Promise<TicketPage> {
  const { rows, count } = await pageOfTickets(ctx.db, actor, filters);
  const offset = (filters.pageNumber - 1) * PAGE_SIZE.tickets;
  return { tickets: rows.map(presentTicket), count, hasMore: offset + rows.length < count };
}

export async function showTicket(ctx: AppContext, actor: Actor, ref: { id: number } | { uuid: string }): Promise<Ticket> {
  const view =
    'id' in ref
      ? await repo.findTicketView(ctx.db, actor.companyId, ref.id)
      : UUID.test(ref.uuid)
        ? await repo.findTicketViewByUuid(ctx.db, actor.companyId, ref.uuid)
        : undefined;
  return presentTicket(reachable(actor, view));
}

type CreateInput = z.output<typeof ticketCreateInput>;

/**
 * The new-ticket dialog (status open). One ticket per contact and connection: a
 * live one answers ERR_OTHER_OPEN_TICKET with who holds it; a closed one
 * is reopened as a new attendance instead of a second row.
 */
export async function createTicket(ctx: AppContext, actor: Actor, input: CreateInput): Promise<Ticket> {
  const { companyId } = actor;
  if (input.status === 'closed') throw invalidField('status');
  const contact = await ctx.db.selectFrom('contacts').selectAll().where('companyId', '=', companyId).where('id', '=', input.contactId).executeTakeFirst();
  if (!contact) throw notFound('ERR_NO_CONTACT_FOUND');
  const connection = await connectionFor(ctx, actor, input.whatsappId ?? null);
  const queueId = input.queueId ?? null;
  if (queueId !== null && !(await repo.findCompanyQueue(ctx.db, companyId, queueId))) throw invalidField('queueId');
  if (!seesEveryTicket(actor)) {
    // 'Selecione uma fila': a user opens tickets only in a queue of their own.
    if (queueId === null) throw invalidField('queueId', V.required);
    if (!actor.queueIds.includes(queueId)) throw forbidden('ERR_NO_PERMISSION');
  }
  let userId: number | null = input.status === 'open' ? actor.userId : null;
  if (input.status === 'open' && input.userId && input.userId !== actor.userId && mayChooseAnyUser(actor)) {
    if (!(await repo.findCompanyUser(ctx.db, companyId, input.userId))) throw invalidField('userId');
    userId = input.userId;
  }
  const now = ctx.clock.now();

  const { ticket, previous } = await ctx.db.transaction().execute(async (trx) => {
    let current = await repo.lockTicketOf(trx, companyId, contact.id, connection.id);
    if (!current) {
      const created = await repo.insertTicketIfAbsent(trx, {
        companyId, contactId: contact.id, whatsappId: connection.id, status: input.status, userId, queueId,
        isGroup: contact.isGroup, lastMessageAt: now, createdAt: now, updatedAt: now,
      });
      if (created) {
        const cycle = await repo.startCycle(trx, created, { queueId, userId, startedAt: now, acceptedAt: userId ? now : null });
        return { ticket: await repo.updateTicketRow(trx, companyId, created.id, { currentCycleId: cycle.id }), previous: null };
      }
      current = await repo.lockTicketOf(trx, companyId, contact.id, connection.id);
      if (!current) throw new AppError('ERR_CREATING_TICKET', 500);
    }
    if (current.status !== 'closed') throw conflict('ERR_OTHER_OPEN_TICKET', { ...(await repo.holderOf(trx, current)) });
    const cycle = await repo.startCycle(trx, current, { queueId, userId, startedAt: now, acceptedAt: userId ? now : null });
    const reopened = await repo.updateTicketRow(trx, companyId, current.id, {
      status: input.status, userId, queueId, currentCycleId: cycle.id, botState: '{}', updatedAt: now,
    });
    return { ticket: reopened, previous: current };
  });

  await announceTicket(ctx, companyId, ticket.id, previous ? [] : newTicketAudience());
  await ctx.automation.afterTicketAction(ctx, { action: 'create', ticket, previous, actor });
  return showTicket(ctx, actor, { id: ticket.id });
}

/** The connection a new ticket goes through: the one chosen, else the user's, else the company's default. */
async function connectionFor(ctx: AppContext, actor: Actor, whatsappId: number | null) {
  const chosen = whatsappId ?? (await ctx.db.selectFrom('users').select('whatsappId').where('id', '=', actor.userId).executeTakeFirst())?.whatsappId ?? null;
  if (chosen === null) return defaultConnection(ctx.db, actor.companyId);
  const row = await findConnectionRow(ctx.db, actor.companyId, chosen);
  if (!row) throw notFound('ERR_NO_WAPP_FOUND');
  return row;
}

/** DELETE /tickets/{id} (ticket-options:deleteTicket): its messages, cycles and notes go with it. */
export async function deleteTicket(ctx: AppContext, actor: Actor, ticketId: number): Promise<void> {
  const ticket = await repo.findTicket(ctx.db, actor.companyId, ticketId);
  if (!ticket) throw noTicket();
  const audience = await ticketAudience(ctx.db, ticket);
  if (!(await repo.deleteTicketRow(ctx.db, actor.companyId, ticketId))) throw noTicket();
  announceTicketDeleted(ctx, actor.companyId, ticketId, audience);
}
