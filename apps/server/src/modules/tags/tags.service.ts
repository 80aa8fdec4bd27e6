import type { z } from 'zod';
import { PAGE_SIZE, type ListQuery, type Paged, type Tag, type TagEventPayload, type tagInput } from '@atende/contract';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors.js';
import { announceTicket } from '../tickets/tickets.audience.js';
import { kanbanValue } from './tags.policy.js';
import { presentTag } from './tags.presenter.js';
import * as repo from './tags.repository.js';

type TagFields = z.output<typeof tagInput>;

export const noTag = () => notFound('ERR_NO_TAG_FOUND');

/** The unique index on (company, lower(name)) decides, so two concurrent saves cannot both pass. */
function duplicateError(error: unknown) {
  if (isUniqueViolation(error, 'tags_company_name_unique')) return conflict('ERR_TAG_NAME_ALREADY_EXISTS');
  return error;
}

function announce(ctx: AppContext, companyId: number, payload: TagEventPayload) {
  ctx.live.toCompany(companyId, 'tag', payload);
}

export async function listTagsPage(ctx: AppContext, actor: Actor, query: ListQuery): Promise<Paged<'tags', Tag>> {
  const limit = PAGE_SIZE.default;
  const offset = (query.pageNumber - 1) * limit;
  const { rows, count } = await repo.pageOfTags(ctx.db, actor.companyId, { search: query.searchParam, limit, offset });
  return { tags: rows.map(presentTag), count, hasMore: offset + rows.length < count };
}

/** Every tag of the company, for pickers (ticket header, filters). */
export async function listAllTags(ctx: AppContext, actor: Actor, search: string): Promise<Tag[]> {
  return (await repo.listTags(ctx.db, actor.companyId, { search })).map(presentTag);
}

/** The kanban lanes (GET /tags/kanban answers `{ lista }`). */
export async function kanbanTags(ctx: AppContext, actor: Actor): Promise<{ lista: Tag[] }> {
  return { lista: (await repo.listTags(ctx.db, actor.companyId, { kanbanOnly: true })).map(presentTag) };
}

export async function showTag(ctx: AppContext, actor: Actor, tagId: number): Promise<Tag> {
  const row = await repo.findTag(ctx.db, actor.companyId, tagId);
  if (!row) throw noTag();
  return presentTag(row);
}

/** The author is the caller (a userId in the body is ignored); kanban per tags.policy. */
export async function createTag(ctx: AppContext, actor: Actor, input: TagFields): Promise<Tag> {
  const row = await repo
    .insertTag(ctx.db, {
      companyId: actor.companyId,
      name: input.name,
      color: input.color,
      kanban: kanbanValue(actor, input.kanban) ?? 0,
      userId: actor.userId,
    })
    .catch((error) => {
      throw duplicateError(error);
    });
  const tag = presentTag({ ...row, ticketsCount: 0 });
  announce(ctx, actor.companyId, { action: 'create', tag });
  return tag;
}

/** Fields not sent keep their value. */
export async function updateTag(ctx: AppContext, actor: Actor, tagId: number, input: Partial<TagFields>): Promise<Tag> {
  const row = await repo
    .updateTagRow(ctx.db, actor.companyId, tagId, {
      name: input.name,
      color: input.color,
      kanban: kanbanValue(actor, input.kanban),
      updatedAt: ctx.clock.now(),
    })
    .catch((error) => {
      throw duplicateError(error);
    });
  if (!row) throw noTag();
  const tag = await showTag(ctx, actor, row.id);
  announce(ctx, actor.companyId, { action: 'update', tag });
  await announceTickets(ctx, actor.companyId, await repo.ticketIdsWithTag(ctx.db, tagId));
  return tag;
}

/** The tag leaves every ticket it was on (ticket_tags cascades); those tickets are announced without it. */
export async function deleteTag(ctx: AppContext, actor: Actor, tagId: number): Promise<void> {
  const ticketIds = await ctx.db.transaction().execute(async (trx) => {
    const tagged = await repo.ticketIdsWithTag(trx, tagId);
    if (!(await repo.deleteTagRow(trx, actor.companyId, tagId))) throw noTag();
    return tagged;
  });
  announce(ctx, actor.companyId, { action: 'delete', tagId });
  await announceTickets(ctx, actor.companyId, ticketIds);
}

/**
 * Tickets whose tags changed, each to exactly the users who may see it (tickets.audience). A tag
 * on thousands of tickets would flood the sockets: past this many, lists learn it from the tag event.
 */
const MAX_TICKET_EVENTS = 200;

async function announceTickets(ctx: AppContext, companyId: number, ticketIds: number[]) {
  if (ticketIds.length > MAX_TICKET_EVENTS) return;
  for (const ticketId of ticketIds) await announceTicket(ctx, companyId, ticketId);
}
