import type { z } from 'zod';
import { PAGE_SIZE, type ListQuery, type Paged, type Plan, type planInput } from '@atende/contract';
import type { AppContext } from '../../platform/context.js';
import { conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../../platform/errors.js';
import { presentPlan } from './plans.presenter.js';
import * as repo from './plans.repository.js';

type PlanFields = z.output<typeof planInput>;

const noPlan = () => notFound('ERR_NO_PLAN_FOUND');

/** The only unique rule on plans is the name (any case); the constraint decides, not a pre-check. */
function nameTaken(error: unknown) {
  return isUniqueViolation(error) ? conflict('ERR_PLAN_NAME_IN_USE') : error;
}

/**
 * Plans offered on the public signup page. The platform company's own plan (normally without
 * limits and free) is left out: signing up on it would hand out an unlimited account.
 */
export async function publicPlans(ctx: AppContext): Promise<Plan[]> {
  const [plans, hidden] = await Promise.all([repo.listPlans(ctx.db), repo.platformPlanId(ctx.db)]);
  return plans.filter((p) => p.id !== hidden).map(presentPlan);
}

/** Whether a visitor may sign up on this plan (see publicPlans). */
export async function isOfferedPlan(ctx: AppContext, planId: number): Promise<boolean> {
  const [plan, hidden] = await Promise.all([repo.findPlan(ctx.db, planId), repo.platformPlanId(ctx.db)]);
  return Boolean(plan) && planId !== hidden;
}

export async function allPlans(ctx: AppContext): Promise<Plan[]> {
  return (await repo.listPlans(ctx.db)).map(presentPlan);
}

export async function plansPage(ctx: AppContext, query: ListQuery): Promise<Paged<'plans', Plan>> {
  const limit = PAGE_SIZE.default;
  const offset = (query.pageNumber - 1) * limit;
  const { rows, count } = await repo.pageOfPlans(ctx.db, { search: query.searchParam, limit, offset });
  return { plans: rows.map(presentPlan), count, hasMore: offset + rows.length < count };
}

export async function showPlan(ctx: AppContext, planId: number): Promise<Plan> {
  const row = await repo.findPlan(ctx.db, planId);
  if (!row) throw noPlan();
  return presentPlan(row);
}

export async function createPlan(ctx: AppContext, input: PlanFields): Promise<Plan> {
  const row = await repo.insertPlan(ctx.db, input).catch((error) => {
    throw nameTaken(error);
  });
  return presentPlan(row);
}

/** Applies the fields sent; the companies on the plan get the new limits and flags at once. */
export async function updatePlan(ctx: AppContext, planId: number, changes: Partial<PlanFields>): Promise<Plan> {
  const row = await repo.updatePlanRow(ctx.db, planId, { ...changes, updatedAt: ctx.clock.now() }).catch((error) => {
    throw nameTaken(error);
  });
  if (!row) throw noPlan();
  return presentPlan(row);
}

/** A plan some company is on stays: those companies would be left without limits or flags. */
export async function deletePlan(ctx: AppContext, planId: number): Promise<void> {
  if (!(await repo.findPlan(ctx.db, planId))) throw noPlan();
  if ((await repo.companiesOnPlan(ctx.db, planId)) > 0) throw conflict('ERR_PLAN_IN_USE');
  // A company moved onto the plan meanwhile is caught by the foreign key.
  const deleted = await repo.deletePlanRow(ctx.db, planId).catch((error) => {
    throw isForeignKeyViolation(error) ? conflict('ERR_PLAN_IN_USE') : error;
  });
  if (!deleted) throw noPlan();
}
