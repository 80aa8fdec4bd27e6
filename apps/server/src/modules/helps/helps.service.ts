import type { z } from 'zod';
import { PAGE_SIZE, type Help, type HelpPage, type ListQuery, type helpInput } from '@atende/contract';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { presentHelp } from './helps.presenter.js';
import * as repo from './helps.repository.js';

type HelpFields = z.output<typeof helpInput>;

export const noHelp = () => notFound('ERR_NO_HELP_FOUND');

export async function helpsPage(ctx: AppContext, query: ListQuery): Promise<HelpPage> {
  const limit = PAGE_SIZE.default;
  const offset = (query.pageNumber - 1) * limit;
  const { rows, count } = await repo.pageOfHelps(ctx.db, { search: query.searchParam, limit, offset });
  return { helps: rows.map(presentHelp), count, hasMore: offset + rows.length < count };
}

/** Every help video: the gallery shows them all at once. */
export async function allHelps(ctx: AppContext): Promise<Help[]> {
  return (await repo.listHelps(ctx.db)).map(presentHelp);
}

export async function showHelp(ctx: AppContext, id: number): Promise<Help> {
  const row = await repo.findHelp(ctx.db, id);
  if (!row) throw noHelp();
  return presentHelp(row);
}

export async function createHelp(ctx: AppContext, input: HelpFields): Promise<Help> {
  const now = ctx.clock.now();
  return presentHelp(await repo.insertHelp(ctx.db, { ...input, createdAt: now, updatedAt: now }));
}

/** Fields not sent keep their value. */
export async function updateHelp(ctx: AppContext, id: number, input: Partial<HelpFields>): Promise<Help> {
  const row = await repo.updateHelpRow(ctx.db, id, { ...input, updatedAt: ctx.clock.now() });
  if (!row) throw noHelp();
  return presentHelp(row);
}

export async function deleteHelp(ctx: AppContext, id: number): Promise<void> {
  if (!(await repo.deleteHelpRow(ctx.db, id))) throw noHelp();
}
