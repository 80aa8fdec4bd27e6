import type { z } from 'zod';
import { PAGE_SIZE, V, type Paged, type TagTicket, type tagSyncInput } from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, isForeignKeyViolation, notFound } from '../../platform/errors.js';
import { announceTicket } from '../tickets/tickets.audience.js';
import { assertMayReach } from '../tickets/tickets.policy.js';
import { lockTicket, type TagRef } from '../tickets/tickets.repository.js';
import { presentTagTicket } from './tags.presenter.js';
import { findTag, tagsOfCompany } from './tags.repository.js';
import { noTag } from './tags.service.js';
import * as repo from './ticket-tags.repository.js';

type SyncFields = z.output<typeof tagSyncInput>;

const noTicket = () => notFound('ERR_NO_TICKET_FOUND');
const invalidTags = () => new AppError('ERR_VALIDATION', 400, { fields: { tags: V.invalid } });

/**
 * Changes the tags of one ticket the caller may reach (tickets.policy: another queue's ticket is
 * ERR_NO_PERMISSION), under the ticket's row lock so concurrent changes apply one after the other;
 * then announces the ticket to whoever may see it and answers its tags.
 */
async function changeTicketTags(ctx: AppContext, actor: Actor, ticketId: number, change: (trx: Database) => Promise<void>): Promise<TagRef[]> {
  const tags = await ctx.db.transaction().execute(async (trx) => {
    const ticket = await lockTicket(trx, actor.companyId, ticketId);
    if (!ticket) throw noTicket();
    assertMayReach(actor, ticket);
    await change(trx);
    return repo.tagsOfTicket(trx, ticketId);
  });
  await announceTicket(ctx, actor.companyId, ticketId);
  return tags;
}

/** POST /tags/sync: the ticket's tags become exactly these; every id must be a tag of the company. */
export async function syncTicketTags(ctx: AppContext, actor: Actor, input: SyncFields): Promise<TagRef[]> {
  const tagIds = [...new Set(input.tags.map((t) => t.id))];
  if ((await tagsOfCompany(ctx.db, actor.companyId, tagIds)).length !== tagIds.length) throw invalidTags();
  // A tag deleted between the check and the link fails the foreign key: the sync is refused whole.
  return changeTicketTags(ctx, actor, input.ticketId, (trx) => repo.replaceTicketTags(trx, input.ticketId, tagIds)).catch((error) => {
    throw isForeignKeyViolation(error) ? invalidTags() : error;
  });
}

/**
 * A kanban move, in one transaction under the ticket's row lock: the ticket leaves every kanban
 * lane (its other tags stay) and, unless `laneTagId` is null (the lane of open tickets without a
 * kanban tag), joins that tag's lane. If any step fails nothing changes: the card stays where it was.
 * PUT /ticket-tags/:ticketId/:tagId and DELETE /ticket-tags/:ticketId.
 */
export async function moveTicketToLane(ctx: AppContext, actor: Actor, ticketId: number, laneTagId: number | null): Promise<TagRef[]> {
  if (laneTagId !== null && !(await findTag(ctx.db, actor.companyId, laneTagId))) throw noTag();
  return changeTicketTags(ctx, actor, ticketId, async (trx) => {
    await repo.removeKanbanLinks(trx, actor.companyId, ticketId);
    if (laneTagId !== null) await repo.addTicketTag(trx, ticketId, laneTagId);
  }).catch((error) => {
    // The tag was deleted between the check and the link: the move is refused whole.
    throw isForeignKeyViolation(error) ? noTag() : error;
  });
}

/** GET /tags/:id/tickets: the tag dialog's list, only tickets the caller may reach, 40 per page. */
export async function ticketsOfTag(ctx: AppContext, actor: Actor, tagId: number, pageNumber: number): Promise<Paged<'tickets', TagTicket>> {
  if (!(await findTag(ctx.db, actor.companyId, tagId))) throw noTag();
  const limit = PAGE_SIZE.tickets;
  const offset = (pageNumber - 1) * limit;
  const { rows, count } = await repo.pageOfTagTickets(ctx.db, actor, tagId, { limit, offset });
  return { tickets: rows.map(presentTagTicket), count, hasMore: offset + rows.length < count };
}
