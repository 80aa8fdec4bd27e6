import type { z } from 'zod';
import { PAGE_SIZE, type ListQuery, type Paged, type QuickMessage, type quickMessageInput } from '@atende/contract';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors.js';
import { assertMayChange } from './quick-messages.policy.js';
import { presentQuickMessage } from './quick-messages.presenter.js';
import * as repo from './quick-messages.repository.js';
import type { UploadedFile } from '../../platform/uploads.js';

type QuickMessageFields = z.output<typeof quickMessageInput>;

/** Someone else's private quick message does not exist for the caller. */
const noQuickMessage = () => notFound('ERR_NO_QUICK_MESSAGE_FOUND');

/** One shortcode per company in any case (unique index), so two concurrent saves cannot both pass. */
function duplicateError(error: unknown) {
  if (isUniqueViolation(error, 'quick_messages_shortcode_unique')) return conflict('ERR_QUICK_MESSAGE_SHORTCODE_ALREADY_EXISTS');
  return error;
}

async function loadVisible(ctx: AppContext, actor: Actor, id: number) {
  const row = await repo.findVisible(ctx.db, actor.companyId, actor.userId, id);
  if (!row) throw noQuickMessage();
  return row;
}

/** The quick message when the caller may change it (checked before an upload is read). */
export async function loadChangeable(ctx: AppContext, actor: Actor, id: number) {
  const row = await loadVisible(ctx, actor, id);
  assertMayChange(actor, row);
  return row;
}

async function save(ctx: AppContext, actor: Actor, id: number, values: Parameters<typeof repo.updateQuickMessageRow>[3]) {
  const row = await repo.updateQuickMessageRow(ctx.db, actor.companyId, id, values).catch((error) => {
    throw duplicateError(error);
  });
  if (!row) throw noQuickMessage();
  return presentQuickMessage(row);
}

export async function listQuickMessagesPage(ctx: AppContext, actor: Actor, query: ListQuery): Promise<Paged<'records', QuickMessage>> {
  const limit = PAGE_SIZE.default;
  const offset = (query.pageNumber - 1) * limit;
  const { rows, count } = await repo.pageOfQuickMessages(ctx.db, actor.companyId, actor.userId, { search: query.searchParam, limit, offset });
  return { records: rows.map(presentQuickMessage), count, hasMore: offset + rows.length < count };
}

/** Every quick message the caller sees, for the '/' shortcut of the message input. */
export async function listAllQuickMessages(ctx: AppContext, actor: Actor): Promise<QuickMessage[]> {
  return (await repo.listQuickMessages(ctx.db, actor.companyId, actor.userId)).map(presentQuickMessage);
}

export async function showQuickMessage(ctx: AppContext, actor: Actor, id: number): Promise<QuickMessage> {
  return presentQuickMessage(await loadVisible(ctx, actor, id));
}

/** The author is the caller (a userId or companyId in the body is ignored). */
export async function createQuickMessage(ctx: AppContext, actor: Actor, input: QuickMessageFields): Promise<QuickMessage> {
  const row = await repo
    .insertQuickMessage(ctx.db, { companyId: actor.companyId, userId: actor.userId, shortcode: input.shortcode, message: input.message, geral: input.geral })
    .catch((error) => {
      throw duplicateError(error);
    });
  return presentQuickMessage(row);
}

/** Fields not sent keep their value. */
export async function updateQuickMessage(ctx: AppContext, actor: Actor, id: number, input: Partial<QuickMessageFields>): Promise<QuickMessage> {
  await loadChangeable(ctx, actor, id);
  return save(ctx, actor, id, { shortcode: input.shortcode, message: input.message, geral: input.geral, updatedAt: ctx.clock.now() });
}

export async function deleteQuickMessage(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await loadChangeable(ctx, actor, id);
  if (!(await repo.deleteQuickMessageRow(ctx.db, actor.companyId, id))) throw noQuickMessage();
}

/**
 * The attachment, saved under the company's media with an unguessable name; it replaces any
 * previous one. The previous file stays on disk: messages already sent with it may point at it.
 */
export async function attachMedia(ctx: AppContext, actor: Actor, id: number, file: UploadedFile): Promise<QuickMessage> {
  await loadChangeable(ctx, actor, id);
  const stored = await ctx.uploads.keep(actor.companyId, file);
  return save(ctx, actor, id, { mediaPath: stored, mediaName: file.fileName, updatedAt: ctx.clock.now() });
}

export async function detachMedia(ctx: AppContext, actor: Actor, id: number): Promise<QuickMessage> {
  await loadChangeable(ctx, actor, id);
  return save(ctx, actor, id, { mediaPath: null, mediaName: null, updatedAt: ctx.clock.now() });
}
