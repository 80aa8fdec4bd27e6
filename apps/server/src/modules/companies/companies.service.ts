import type { z } from 'zod';
import {
  PAGE_SIZE,
  TRIAL_DAYS,
  rooms,
  type Company,
  type CompanySchedule,
  type ListQuery,
  type Paged,
  type Plan,
  type companyCreateInput,
  type companyInput,
  type signupInput,
} from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { CompanyRow } from '../../db/schema.js';
import type { Actor } from '../../platform/actor.js';
import { addDays, isoDay } from '../../platform/clock.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, conflict, isUniqueViolation, notFound } from '../../platform/errors.js';
import { assertUncommonPassword } from '../../platform/passwords.js';
import { isOfferedPlan } from '../plans/plans.service.js';
import { presentPlan } from '../plans/plans.presenter.js';
import { upsertSetting } from '../settings/settings.repository.js';
import { forgetSettings, listSettings, settingValue } from '../settings/settings.service.js';
import { insertUser } from '../users/users.service.js';
import { assertMayAdminister, assertMayReach, assertNotOwnCompany } from './companies.policy.js';
import { presentCompany } from './companies.presenter.js';
import * as repo from './companies.repository.js';

export type CompanyCreation = z.output<typeof companyCreateInput> & { superAdmin?: boolean; trialExpiration?: string };
type CompanyFields = z.output<typeof companyInput>;

const noCompany = () => notFound('ERR_NO_COMPANY_FOUND');
const noPlan = () => notFound('ERR_NO_PLAN_FOUND');

function nameTaken(error: unknown) {
  return isUniqueViolation(error, 'companies_name_unique') ? conflict('ERR_COMPANY_NAME_IN_USE') : error;
}

/**
 * Creates a company with its settings and its first admin (from the company's email and the
 * given password), all or nothing.
 */
export async function createCompanyWithAdmin(db: Database, input: CompanyCreation) {
  try {
    return await db.transaction().execute(async (trx) => {
      const plan = await trx.selectFrom('plans').select('id').where('id', '=', input.planId).executeTakeFirst();
      if (!plan) throw noPlan();
      const company = await repo.insertCompany(trx, {
        name: input.name,
        email: input.email,
        phone: input.phone,
        planId: input.planId,
        status: input.status,
        dueDate: input.dueDate,
        recurrence: input.recurrence,
        trialExpiration: input.trialExpiration ?? null,
      });
      await trx
        .insertInto('settings')
        .values({ companyId: company.id, key: 'campaignsEnabled', value: String(input.campaignsEnabled) })
        .execute();
      const admin = await insertUser(trx, company.id, {
        name: input.adminName ?? input.name,
        email: input.email,
        password: input.password,
        profile: 'admin',
        super: input.superAdmin ?? false,
      });
      return { company, admin };
    });
  } catch (error) {
    throw nameTaken(error);
  }
}

/** Companies with their plan and campaignsEnabled: three queries for any number of rows. */
async function presentCompanies(db: Database, rows: CompanyRow[]): Promise<Company[]> {
  const [plans, campaigns] = await Promise.all([
    repo.plansByIds(db, rows.map((r) => r.planId)),
    repo.storedCampaignsEnabled(db, rows.map((r) => r.id)),
  ]);
  const planById = new Map(plans.map((p) => [p.id, p]));
  return rows.map((row) => presentCompany(row, { plan: planById.get(row.planId), campaignsEnabled: campaigns.get(row.id) }));
}

async function presentOne(db: Database, row: CompanyRow): Promise<Company> {
  const [company] = await presentCompanies(db, [row]);
  return company;
}

export async function companiesPage(ctx: AppContext, query: ListQuery): Promise<Paged<'companies', Company>> {
  const limit = PAGE_SIZE.default;
  const offset = (query.pageNumber - 1) * limit;
  const { rows, count } = await repo.pageOfCompanies(ctx.db, { search: query.searchParam, limit, offset });
  return { companies: await presentCompanies(ctx.db, rows), count, hasMore: offset + rows.length < count };
}

export async function allCompanies(ctx: AppContext): Promise<Company[]> {
  return presentCompanies(ctx.db, await repo.listCompanies(ctx.db));
}

export async function showCompany(ctx: AppContext, actor: Actor, companyId: number): Promise<Company> {
  assertMayAdminister(actor, companyId);
  const row = await repo.findCompany(ctx.db, companyId);
  if (!row) throw noCompany();
  // One company is read with its settings (its admin's or the super user's view), a list without.
  return { ...(await presentOne(ctx.db, row)), settings: await listSettings(ctx.db, { companyId, profile: 'admin' }) };
}

/** The plan of a company, for the menu's plan flags: its own members, or super. */
export async function planOfCompany(ctx: AppContext, actor: Actor, companyId: number): Promise<{ plan: Plan }> {
  assertMayReach(actor, companyId);
  const plan = await repo.planOfCompany(ctx.db, companyId);
  if (!plan) throw noCompany();
  return { plan: presentPlan(plan) };
}

export async function createCompany(ctx: AppContext, input: CompanyCreation): Promise<Company> {
  assertUncommonPassword(input.password);
  const { company } = await createCompanyWithAdmin(ctx.db, { ...input, superAdmin: false });
  return presentOne(ctx.db, company);
}

/**
 * Applies the fields sent. campaignsEnabled is stored as the company setting of that name, so the
 * company's cached settings are dropped and its open tabs told.
 */
export async function updateCompany(ctx: AppContext, actor: Actor, companyId: number, changes: Partial<CompanyFields>): Promise<Company> {
  if (changes.status === false) assertNotOwnCompany(actor, companyId);
  const { campaignsEnabled, ...columns } = changes;
  const now = ctx.clock.now();
  const row = await ctx.db
    .transaction()
    .execute(async (trx) => {
      if (columns.planId !== undefined && !(await trx.selectFrom('plans').select('id').where('id', '=', columns.planId).executeTakeFirst())) {
        throw noPlan();
      }
      const updated = await repo.updateCompanyRow(trx, companyId, { ...columns, updatedAt: now });
      if (!updated) throw noCompany();
      if (campaignsEnabled !== undefined) await upsertSetting(trx, companyId, 'campaignsEnabled', String(campaignsEnabled), now);
      return updated;
    })
    .catch((error) => {
      throw nameTaken(error);
    });
  if (columns.status !== undefined || columns.dueDate !== undefined) {
    // An inactive or expired company stops at once: its sockets are cut, its WhatsApp sessions stop.
    ctx.live.reauthorize(rooms.company(companyId));
    void ctx.sessions.sweep().catch((error) => ctx.log.error({ err: error, companyId }, 'stopping the sessions of a company failed'));
  }
  if (campaignsEnabled !== undefined) {
    forgetSettings(companyId);
    ctx.live.toCompany(companyId, 'settings', { action: 'update', setting: { key: 'campaignsEnabled', value: String(campaignsEnabled) } });
  }
  return presentOne(ctx.db, row);
}

/** Deletes the company with everything it owns (foreign keys cascade) and cuts its users' sockets. */
export async function deleteCompany(ctx: AppContext, actor: Actor, companyId: number): Promise<void> {
  assertNotOwnCompany(actor, companyId);
  const endedSessionIds = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.findCompany(trx, companyId))) throw noCompany();
    const ended = await repo.revokeCompanySessions(trx, companyId, ctx.clock.now());
    await repo.deleteCompanyRow(trx, companyId);
    return ended;
  });
  ctx.live.endSessions(endedSessionIds);
  forgetSettings(companyId);
}

/** The company's working hours (the settings' Horários tab): its admins, or super. */
export async function updateSchedules(ctx: AppContext, actor: Actor, companyId: number, schedules: CompanySchedule[]): Promise<Company> {
  assertMayAdminister(actor, companyId);
  const row = await repo.saveSchedules(ctx.db, companyId, schedules, ctx.clock.now());
  if (!row) throw noCompany();
  return presentOne(ctx.db, row);
}

/**
 * Public signup. The visitor chooses only name, email, phone, password and plan; the server
 * decides the rest (never the client, so nobody picks their own due date): a trial of
 * TRIAL_DAYS days, monthly recurrence, active, campaigns enabled. The platform company can close signups with its `userCreation` setting.
 */
export async function signup(ctx: AppContext, input: z.output<typeof signupInput>, ip: string): Promise<void> {
  // Each signup hashes a password and creates rows: it counts against the per-IP login budget.
  await ctx.loginLimiter.checkIp(ip);
  const platformId = await repo.platformCompanyId(ctx.db);
  if (platformId !== null && (await settingValue(ctx.db, platformId, 'userCreation')) === 'disabled') {
    throw new AppError('ERR_USER_CREATION_DISABLED', 403);
  }
  if (!(await isOfferedPlan(ctx, input.planId))) throw noPlan();
  assertUncommonPassword(input.password);
  const trialEnd = isoDay(addDays(ctx.clock.now(), TRIAL_DAYS));
  await createCompanyWithAdmin(ctx.db, {
    name: input.name,
    email: input.email,
    phone: input.phone,
    planId: input.planId,
    password: input.password,
    status: true,
    dueDate: trialEnd,
    trialExpiration: trialEnd,
    recurrence: 'MENSAL',
    campaignsEnabled: true,
  }).catch((error) => {
    // An address that already has an account is answered like a new one: signup never tells
    // which emails exist. Its owner simply signs in with their own password.
    if (error instanceof AppError && error.code === 'ERR_EMAIL_IN_USE') return null;
    throw error;
  });
}
