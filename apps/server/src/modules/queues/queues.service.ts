import type { z } from 'zod';
import { DEFAULT_QUEUE_SCHEDULES, V, type QueueEventPayload, type queueInput } from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, conflict, isUniqueViolation, notFound } from '../../platform/errors.js';
import { assertWithinPlanLimit } from '../../platform/plan-limits.js';
import { assertPromptOfCompany } from '../prompts/prompts.refs.js';
import { assertIntegrationOfCompany } from '../queue-integrations/queue-integrations.refs.js';
import { presentQueue } from './queues.presenter.js';
import * as repo from './queues.repository.js';

type QueueFields = z.output<typeof queueInput>;

/**
 * Column values of the fields given. Schedules not given (absent, null or an empty list) are the
 * default week (Mon-Fri 08-18, Sat 08-12, Sun closed); fields left out of an update keep their value.
 */
function queueValues(input: Partial<QueueFields>): repo.QueueValues {
  const { schedules, ...rest } = input;
  const values: repo.QueueValues = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  if ('schedules' in input) values.schedules = JSON.stringify(schedules ?? DEFAULT_QUEUE_SCHEDULES);
  return values;
}

const noQueue = () => notFound('ERR_NO_QUEUE_FOUND');

/** Both rules live in unique constraints, so two concurrent saves cannot both pass a pre-check. */
function duplicateError(error: unknown) {
  if (isUniqueViolation(error, 'queues_company_color_unique')) return conflict('ERR_QUEUE_COLOR_ALREADY_EXISTS');
  if (isUniqueViolation(error, 'queues_company_name_unique')) return conflict('ERR_QUEUE_NAME_ALREADY_EXISTS');
  return error;
}

function announce(ctx: AppContext, companyId: number, payload: QueueEventPayload) {
  ctx.live.toCompany(companyId, 'queue', payload);
}

export async function listQueues(ctx: AppContext, actor: Actor) {
  return (await repo.listQueues(ctx.db, actor.companyId)).map(presentQueue);
}

export async function showQueue(ctx: AppContext, actor: Actor, queueId: number) {
  const row = await repo.findQueue(ctx.db, actor.companyId, queueId);
  if (!row) throw noQueue();
  return presentQueue(row);
}

export async function createQueue(ctx: AppContext, actor: Actor, input: QueueFields) {
  await assertPromptOfCompany(ctx.db, actor.companyId, input.promptId);
  await assertIntegrationOfCompany(ctx.db, actor.companyId, input.integrationId);
  const row = await ctx.db
    .transaction()
    .execute(async (trx) => {
      // The plan's queue limit, checked under the company lock so concurrent creations queue up.
      await assertWithinPlanLimit(trx, actor.companyId, 'queues', (t) => repo.countQueues(t, actor.companyId));
      return repo.insertQueue(trx, actor.companyId, { ...queueValues(input), name: input.name, color: input.color });
    })
    .catch((error) => {
      throw duplicateError(error);
    });
  const queue = presentQueue(row);
  announce(ctx, actor.companyId, { action: 'create', queueId: queue.id, queue });
  return queue;
}

export async function updateQueue(ctx: AppContext, actor: Actor, queueId: number, input: Partial<QueueFields>) {
  await assertPromptOfCompany(ctx.db, actor.companyId, input.promptId);
  await assertIntegrationOfCompany(ctx.db, actor.companyId, input.integrationId);
  const row = await repo
    .updateQueueRow(ctx.db, actor.companyId, queueId, { ...queueValues(input), updatedAt: ctx.clock.now() })
    .catch((error) => {
      throw duplicateError(error);
    });
  if (!row) throw noQueue();
  const queue = presentQueue(row);
  announce(ctx, actor.companyId, { action: 'update', queueId, queue });
  return queue;
}

/** Users and connections lose the queue with it, its option tree goes with it, its tickets keep no queue. */
export async function deleteQueue(ctx: AppContext, actor: Actor, queueId: number) {
  if (!(await repo.deleteQueueRow(ctx.db, actor.companyId, queueId))) throw noQueue();
  announce(ctx, actor.companyId, { action: 'delete', queueId });
}
