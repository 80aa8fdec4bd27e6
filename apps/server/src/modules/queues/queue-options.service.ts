import type { z } from 'zod';
import { V, type QueueOption, type queueOptionInput, type queueOptionListQuery } from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { childrenByParent, presentOption, presentOptionTree } from './queue-options.presenter.js';
import * as repo from './queue-options.repository.js';
import { presentQueue } from './queues.presenter.js';
import { findQueue } from './queues.repository.js';

type OptionFields = z.output<typeof queueOptionInput>;
type OptionQuery = z.output<typeof queueOptionListQuery>;

const noQueue = () => notFound('ERR_NO_QUEUE_FOUND');
const noOption = () => notFound('ERR_NO_QUEUE_OPTION_FOUND');
const invalid = (field: keyof OptionFields) => new AppError('ERR_VALIDATION', 400, { fields: { [field]: V.invalid } });

/** The largest option number a menu offers (the customer types it). */
const MAX_OPTION = 999;

/** Option trees are part of their queue: the queue's listeners refresh it (`company-{id}-queue`). */
async function announce(ctx: AppContext, companyId: number, queueId: number, queueOptionId: number) {
  const row = await findQueue(ctx.db, companyId, queueId);
  if (row) ctx.live.toCompany(companyId, 'queue', { action: 'update', queueId, queue: presentQueue(row), queueOptionId });
}

/** The ids of `optionId` and everything under it. */
function subtreeIds(rows: repo.QueueOptionRow[], optionId: number): Set<number> {
  const byParent = childrenByParent(rows);
  const ids = new Set<number>();
  const visit = (id: number) => {
    ids.add(id);
    for (const child of byParent.get(id) ?? []) visit(child.id);
  };
  visit(optionId);
  return ids;
}

/**
 * The option number to store: the one given, unique among its siblings (two options answering
 * the same number would leave the bot guessing), or the next free one.
 */
function isTaken(rows: repo.QueueOptionRow[], parentId: number | null, option: string, selfId?: number): boolean {
  return rows.some((r) => r.parentId === parentId && r.id !== selfId && Number(r.option) === Number(option));
}

function optionNumber(rows: repo.QueueOptionRow[], parentId: number | null, given: string | undefined, selfId?: number): string {
  if (given !== undefined) {
    if (isTaken(rows, parentId, given, selfId)) throw invalid('option');
    return given;
  }
  const siblings = rows.filter((r) => r.parentId === parentId && r.id !== selfId);
  const next = Math.max(0, ...siblings.map((s) => Number(s.option) || 0)) + 1;
  if (next > MAX_OPTION) throw invalid('option');
  return String(next);
}

/** A parent must be an option of the same queue (never the option itself or one of its descendants). */
function assertParent(rows: repo.QueueOptionRow[], parentId: number | null, selfId?: number) {
  if (parentId === null) return;
  if (!rows.some((r) => r.id === parentId)) throw invalid('parentId');
  if (selfId !== undefined && subtreeIds(rows, selfId).has(parentId)) throw invalid('parentId');
}

async function lockedOptions(trx: Database, companyId: number, queueId: number) {
  if (!(await repo.lockQueue(trx, companyId, queueId))) throw noQueue();
  return repo.optionsOfQueue(trx, companyId, queueId);
}

export async function listOptions(ctx: AppContext, actor: Actor, query: OptionQuery): Promise<QueueOption[]> {
  if (!(await findQueue(ctx.db, actor.companyId, query.queueId))) throw noQueue();
  const rows = await repo.optionsOfQueue(ctx.db, actor.companyId, query.queueId);
  if (query.parentId !== null && !rows.some((r) => r.id === query.parentId)) throw noOption();
  return presentOptionTree(rows, query.parentId);
}

export async function createOption(ctx: AppContext, actor: Actor, input: OptionFields): Promise<QueueOption> {
  const { rows, created } = await ctx.db.transaction().execute(async (trx) => {
    const existing = await lockedOptions(trx, actor.companyId, input.queueId);
    assertParent(existing, input.parentId);
    const row = await repo.insertOption(trx, {
      companyId: actor.companyId,
      queueId: input.queueId,
      parentId: input.parentId,
      title: input.title,
      message: input.message,
      option: optionNumber(existing, input.parentId, input.option),
    });
    return { rows: [...existing, row], created: row };
  });
  await announce(ctx, actor.companyId, created.queueId, created.id);
  return presentOption(rows, created);
}

/** The option stays in its queue (a queueId sent must be that queue); fields not sent keep their value. */
export async function updateOption(ctx: AppContext, actor: Actor, optionId: number, input: Partial<OptionFields>): Promise<QueueOption> {
  const found = await repo.findOption(ctx.db, actor.companyId, optionId);
  if (!found) throw noOption();
  if (input.queueId !== undefined && input.queueId !== found.queueId) throw invalid('queueId');
  const { rows, updated } = await ctx.db.transaction().execute(async (trx) => {
    const existing = await lockedOptions(trx, actor.companyId, found.queueId);
    const current = existing.find((r) => r.id === optionId);
    if (!current) throw noOption();
    const parentId = input.parentId === undefined ? current.parentId : input.parentId;
    assertParent(existing, parentId, optionId);
    // Moved without a number: it keeps its number when free under the new parent, else takes the next one.
    const option =
      input.option !== undefined
        ? optionNumber(existing, parentId, input.option, optionId)
        : isTaken(existing, parentId, current.option, optionId)
          ? optionNumber(existing, parentId, undefined, optionId)
          : current.option;
    const row = await repo.updateOptionRow(trx, actor.companyId, optionId, {
      parentId,
      title: input.title,
      message: input.message,
      option,
      updatedAt: ctx.clock.now(),
    });
    return { rows: existing.map((r) => (r.id === optionId ? row : r)), updated: row };
  });
  await announce(ctx, actor.companyId, updated.queueId, updated.id);
  return presentOption(rows, updated);
}

/** Deletes the option with its whole subtree. */
export async function deleteOption(ctx: AppContext, actor: Actor, optionId: number): Promise<void> {
  const found = await repo.findOption(ctx.db, actor.companyId, optionId);
  if (!found) throw noOption();
  await ctx.db.transaction().execute(async (trx) => {
    await lockedOptions(trx, actor.companyId, found.queueId);
    await repo.deleteOptionRow(trx, actor.companyId, optionId);
  });
  await announce(ctx, actor.companyId, found.queueId, optionId);
}
