import type { z } from 'zod';
import { PAGE_SIZE, rooms, type Schedule, type ScheduleEventPayload, type ScheduleListQuery, type SchedulePage, type scheduleInput } from '@atende/contract';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { ticketAudience } from '../tickets/tickets.audience.js';
import { assertMayReach, seesEveryTicket } from '../tickets/tickets.policy.js';
import { findTicket } from '../tickets/tickets.repository.js';
import { reachableTicket } from '../tickets/tickets.service.js';
import { assertMayViewUnbound, assertNotSent, mayView } from './schedules.policy.js';
import { presentSchedule } from './schedules.presenter.js';
import * as repo from './schedules.repository.js';
import type { UploadedFile } from '../../platform/uploads.js';

type ScheduleFields = z.output<typeof scheduleInput>;

export const noSchedule = () => notFound('ERR_NO_SCHEDULE_FOUND');

/**
 * A change is heard by those who may see the schedule (schedules.policy): its ticket's audience,
 * or for one without a ticket the admins and its author.
 */
export async function announceSchedule(ctx: AppContext, companyId: number, payload: ScheduleEventPayload, scope: { ticketId: number | null; userId: number | null }) {
  const ticket = scope.ticketId === null ? undefined : await findTicket(ctx.db, companyId, scope.ticketId);
  const audience = ticket ? await ticketAudience(ctx.db, ticket) : [rooms.admins(companyId), ...(scope.userId === null ? [] : [rooms.user(scope.userId)])];
  for (const room of audience) ctx.live.toRoom(room, companyId, 'schedule', payload);
}

async function load(ctx: AppContext, companyId: number, id: number) {
  const row = await repo.findSchedule(ctx.db, companyId, id);
  if (!row) throw noSchedule();
  return row;
}

/** A schedule of the company that the caller may see (schedules.policy). */
async function loadVisible(ctx: AppContext, actor: Actor, id: number) {
  const row = await load(ctx, actor.companyId, id);
  if (seesEveryTicket(actor)) return row;
  if (row.ticketId !== null) await reachableTicket(ctx, actor, row.ticketId);
  else assertMayViewUnbound(actor, row);
  return row;
}

/** The schedule when it may still change (checked before an upload is read). */
export async function loadChangeable(ctx: AppContext, actor: Actor, id: number) {
  const row = await loadVisible(ctx, actor, id);
  assertNotSent(row);
  return row;
}

/**
 * The contact and the ticket must be the company's, the ticket the contact's and one the caller
 * may reach; without a ticket, the one the message would go into (the contact's latest) too.
 */
async function assertTargets(ctx: AppContext, actor: Actor, contactId: number, ticketId: number | null | undefined) {
  if (!(await repo.findContact(ctx.db, actor.companyId, contactId))) throw notFound('ERR_NO_CONTACT_FOUND');
  if (ticketId == null) {
    const latest = seesEveryTicket(actor) ? undefined : await repo.latestTicketOfContact(ctx.db, actor.companyId, contactId);
    if (latest) assertMayReach(actor, latest);
    return;
  }
  const ticket = await reachableTicket(ctx, actor, ticketId);
  if (ticket.contactId !== contactId) throw new AppError('ERR_VALIDATION', 400, { fields: { ticketId: 'invalid' } });
}

/** Saves unless the sweep sent it meanwhile; answers and announces the schedule as it is now. */
async function save(ctx: AppContext, actor: Actor, id: number, values: Parameters<typeof repo.updateUnsent>[3]): Promise<Schedule> {
  if (!(await repo.updateUnsent(ctx.db, actor.companyId, id, values))) {
    await load(ctx, actor.companyId, id);
    throw new AppError('ERR_SCHEDULE_ALREADY_SENT', 409);
  }
  const schedule = presentSchedule(await load(ctx, actor.companyId, id));
  await announceSchedule(ctx, actor.companyId, { action: 'update', schedule }, schedule);
  return schedule;
}

export async function listSchedules(ctx: AppContext, actor: Actor, query: ScheduleListQuery): Promise<SchedulePage> {
  const limit = PAGE_SIZE.default;
  const offset = (query.pageNumber - 1) * limit;
  const filter = { search: query.searchParam, contactId: query.contactId };
  let page: { rows: repo.ScheduleView[]; count: number };
  if (seesEveryTicket(actor)) page = await repo.pageOfSchedules(ctx.db, actor.companyId, { ...filter, limit, offset });
  else {
    // The visibility rule is the tickets' own (a function, not SQL): the matching schedules' scopes
    // are few small rows, filtered here, and only the page's rows are read in full.
    const visible = (await repo.scopesOfSchedules(ctx.db, actor.companyId, filter)).filter((scope) => mayView(actor, scope));
    const ids = visible.slice(offset, offset + limit).map((scope) => scope.id);
    page = { rows: await repo.schedulesByIds(ctx.db, actor.companyId, ids), count: visible.length };
  }
  const { rows, count } = page;
  return { schedules: rows.map(presentSchedule), count, hasMore: offset + rows.length < count };
}

export async function showSchedule(ctx: AppContext, actor: Actor, id: number): Promise<Schedule> {
  return presentSchedule(await loadVisible(ctx, actor, id));
}

/** The author is the caller; a companyId, userId or status in the body is ignored. */
export async function createSchedule(ctx: AppContext, actor: Actor, input: ScheduleFields): Promise<Schedule> {
  await assertTargets(ctx, actor, input.contactId, input.ticketId);
  const now = ctx.clock.now();
  const id = await repo.insertSchedule(ctx.db, {
    companyId: actor.companyId,
    contactId: input.contactId,
    ticketId: input.ticketId ?? null,
    userId: actor.userId,
    body: input.body,
    sendAt: input.sendAt,
    createdAt: now,
    updatedAt: now,
  });
  const schedule = presentSchedule(await load(ctx, actor.companyId, id));
  await announceSchedule(ctx, actor.companyId, { action: 'create', schedule }, schedule);
  return schedule;
}

/**
 * Fields not sent keep their value. A schedule that failed (ERRO) waits again once edited: the
 * next sweep tries it at its (possibly new) time.
 */
export async function updateSchedule(ctx: AppContext, actor: Actor, id: number, input: Partial<ScheduleFields>): Promise<Schedule> {
  const current = await loadChangeable(ctx, actor, id);
  const contactId = input.contactId ?? current.contactId;
  // A new contact without a ticket of theirs drops the old contact's ticket.
  const ticketId = input.ticketId !== undefined ? input.ticketId : contactId === current.contactId ? current.ticketId : null;
  await assertTargets(ctx, actor, contactId, ticketId);
  return save(ctx, actor, id, {
    body: input.body,
    contactId,
    ticketId,
    sendAt: input.sendAt,
    status: 'PENDENTE',
    updatedAt: ctx.clock.now(),
  });
}

/** Deleting a sent schedule removes the record only: the message stays in the conversation. */
export async function deleteSchedule(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const row = await loadVisible(ctx, actor, id);
  if (!(await repo.deleteScheduleRow(ctx.db, actor.companyId, id))) throw noSchedule();
  await announceSchedule(ctx, actor.companyId, { action: 'delete', scheduleId: id }, row);
}

/** The attachment, saved under the company's media; it replaces any previous one. */
export async function attachMedia(ctx: AppContext, actor: Actor, id: number, file: UploadedFile): Promise<Schedule> {
  await loadChangeable(ctx, actor, id);
  const stored = await ctx.uploads.keep(actor.companyId, file);
  return save(ctx, actor, id, { mediaPath: stored, mediaName: file.fileName, updatedAt: ctx.clock.now() });
}

export async function detachMedia(ctx: AppContext, actor: Actor, id: number): Promise<Schedule> {
  await loadChangeable(ctx, actor, id);
  return save(ctx, actor, id, { mediaPath: null, mediaName: null, updatedAt: ctx.clock.now() });
}
