import type { z } from 'zod';
import { V, type Prompt, type PromptDeleted, type promptInput } from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { PromptRow } from '../../db/schema-prompts.js';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { presentPrompt } from './prompts.presenter.js';
import * as repo from './prompts.repository.js';

type PromptFields = z.output<typeof promptInput>;

const noPrompt = () => notFound('ERR_NO_PROMPT_FOUND');

/** The prompt's API key in clear (for the OpenAI call), or null when none or sealed with another key. */
export function openApiKey(ctx: AppContext, prompt: Pick<PromptRow, 'apiKeySealed'>): string | null {
  return prompt.apiKeySealed ? ctx.secrets.open(prompt.apiKeySealed) : null;
}

async function show(ctx: AppContext, db: Database, companyId: number, promptId: number): Promise<Prompt> {
  const found = await repo.findPromptWithQueue(db, companyId, promptId);
  if (!found) throw noPrompt();
  return presentPrompt(found, openApiKey(ctx, found.prompt));
}

/** A queue of another company is no queue: the field is invalid. */
async function assertQueueOfCompany(db: Database, companyId: number, queueId: number) {
  if (!(await repo.isQueueOfCompany(db, companyId, queueId))) throw new AppError('ERR_VALIDATION', 400, { fields: { queueId: V.invalid } });
}

export async function listPrompts(ctx: AppContext, actor: Actor): Promise<{ prompts: Prompt[] }> {
  const rows = await repo.listPrompts(ctx.db, actor.companyId);
  return { prompts: rows.map((row) => presentPrompt(row, openApiKey(ctx, row.prompt))) };
}

export function showPrompt(ctx: AppContext, actor: Actor, promptId: number): Promise<Prompt> {
  return show(ctx, ctx.db, actor.companyId, promptId);
}

export async function createPrompt(ctx: AppContext, actor: Actor, input: PromptFields): Promise<Prompt> {
  await assertQueueOfCompany(ctx.db, actor.companyId, input.queueId);
  const { apiKey, ...fields } = input;
  const now = ctx.clock.now();
  const row = await repo.insertPrompt(ctx.db, {
    ...fields,
    companyId: actor.companyId,
    apiKeySealed: apiKey ? ctx.secrets.seal(apiKey) : '',
    createdAt: now,
    updatedAt: now,
  });
  return show(ctx, ctx.db, actor.companyId, row.id);
}

/** Fields not sent keep their value; a blank apiKey keeps the stored key. */
export async function updatePrompt(ctx: AppContext, actor: Actor, promptId: number, input: Partial<PromptFields>): Promise<Prompt> {
  if (input.queueId !== undefined) await assertQueueOfCompany(ctx.db, actor.companyId, input.queueId);
  const { apiKey, ...fields } = input;
  const values: repo.PromptValues = { ...fields, updatedAt: ctx.clock.now() };
  if (apiKey) values.apiKeySealed = ctx.secrets.seal(apiKey);
  if (!(await repo.updatePromptRow(ctx.db, actor.companyId, promptId, values))) throw noPrompt();
  return show(ctx, ctx.db, actor.companyId, promptId);
}

/** Queues, connections and tickets that named it lose it (the foreign keys set null). */
export async function deletePrompt(ctx: AppContext, actor: Actor, promptId: number): Promise<PromptDeleted> {
  if (!(await repo.deletePromptRow(ctx.db, actor.companyId, promptId))) throw noPrompt();
  return { message: 'Prompt deleted' };
}
