import type { z } from 'zod';
import {
  DASHBOARD_MAX_DAYS, LIVE, daysBetween,
  type Dashboard, type dashboardChartQuery, type dashboardQuery, type TicketsPerDay, type TicketsPerUser,
} from '@atende/contract';
import type { Actor } from '../../platform/actor.js';
import { addDays, isoDay } from '../../platform/clock.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { COMPANY_TIME_ZONE } from '../messages/message-templates.js';
import { presentAttendants, presentCounters, presentPerDay } from './dashboard.presenter.js';
import * as repo from './dashboard.repository.js';

type DashboardFilter = z.output<typeof dashboardQuery>;
type ChartFilter = z.output<typeof dashboardChartQuery>;

/** Calendar days are the company's: Brazil's, unless the server's TZ says otherwise. */
const TIME_ZONE = COMPANY_TIME_ZONE;

const shiftDay = (day: string, days: number) => isoDay(addDays(new Date(`${day}T00:00:00Z`), days));

/** YYYY-MM-DD of `now` on the company's calendar. */
function localToday(now: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A user of another company is simply not found, so nothing of theirs can be read. */
async function checkAttendant(ctx: AppContext, actor: Actor, userId: number | undefined) {
  if (userId !== undefined && !(await repo.companyUserExists(ctx.db, actor.companyId, userId))) throw notFound('ERR_NO_USER_FOUND');
}

/**
 * `days` is the last N calendar days, today included. Otherwise date_to defaults to today and
 * date_from to the first of date_to's month (the page's default start).
 */
export function resolveWindow(filter: DashboardFilter, today: string): { from: string; to: string } {
  if (filter.days !== undefined) return { from: shiftDay(today, 1 - filter.days), to: today };
  const to = filter.date_to ?? today;
  const from = filter.date_from ?? `${to.slice(0, 8)}01`;
  const span = daysBetween(from, to);
  if (span < 0 || span + 1 > DASHBOARD_MAX_DAYS) throw new AppError('ERR_VALIDATION', 400, { fields: { date_from: 'invalid' } });
  return { from, to };
}

export async function dashboardOf(ctx: AppContext, actor: Actor, filter: DashboardFilter): Promise<Dashboard> {
  await checkAttendant(ctx, actor, filter.user_id);
  const now = ctx.clock.now();
  const period = resolveWindow(filter, localToday(now));
  const window: repo.CycleWindow = { ...period, timeZone: TIME_ZONE, userId: filter.user_id };
  const seenSince = new Date(now.getTime() - 2 * LIVE.userStatusIntervalMs);
  const [totals, live, contacts, users] = await Promise.all([
    repo.cycleTotalsByUser(ctx.db, actor.companyId, window),
    repo.liveCounts(ctx.db, actor.companyId, window),
    repo.newContacts(ctx.db, actor.companyId, window),
    repo.attendants(ctx.db, actor.companyId, seenSince, filter.user_id),
  ]);
  return { counters: presentCounters(totals, live, contacts), attendants: presentAttendants(users, totals), period };
}

function chartWindow(filter: ChartFilter): repo.CycleWindow {
  return { from: filter.initialDate, to: filter.finalDate, timeZone: TIME_ZONE, userId: filter.user_id };
}

/** Attendances begun in the range per attendant, most first; never-taken ones are left out. */
export async function ticketsPerUser(ctx: AppContext, actor: Actor, filter: ChartFilter): Promise<TicketsPerUser> {
  await checkAttendant(ctx, actor, filter.user_id);
  const window = chartWindow(filter);
  const [totals, users] = await Promise.all([
    repo.cycleTotalsByUser(ctx.db, actor.companyId, window),
    repo.attendants(ctx.db, actor.companyId, ctx.clock.now(), filter.user_id),
  ]);
  const data = presentAttendants(users, totals)
    .filter((a) => a.tickets > 0)
    .map((a) => ({ userId: a.id, name: a.name, total: a.tickets }))
    .sort((a, b) => b.total - a.total);
  return { data };
}

/** Per day, or per hour when the range is one day. */
export async function ticketsPerDay(ctx: AppContext, actor: Actor, filter: ChartFilter): Promise<TicketsPerDay> {
  await checkAttendant(ctx, actor, filter.user_id);
  const window = chartWindow(filter);
  const unit = window.from === window.to ? 'hour' : 'day';
  const labels =
    unit === 'hour'
      ? Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'))
      : Array.from({ length: daysBetween(window.from, window.to) + 1 }, (_, i) => shiftDay(window.from, i));
  const counted = await repo.cyclesPerBucket(ctx.db, actor.companyId, window, unit);
  return presentPerDay(labels, counted, unit);
}
