import { z } from 'zod';
import { V, isoDate, recordId } from './common.js';

/** The periods the dashboard offers (filter type 2). */
export const DASHBOARD_PERIODS = [3, 7, 15, 30, 60, 90] as const;
/** The widest window any dashboard call reads, in days (a year, leap day included). */
export const DASHBOARD_MAX_DAYS = 366;

/** Filter type 1 picks dates, 2 a period of days. */
export const DASHBOARD_FILTER_TYPES = { date: 1, period: 2 } as const;

const DAY_MS = 86_400_000;

/** Absent, null or '' are "not given": the page leaves a cleared field empty. */
const blankToUndefined = (v: unknown) => (v === null || v === '' ? undefined : v);

/** A real calendar day (2025-02-30 is refused), YYYY-MM-DD. */
const calendarDay = isoDate;

const optionalDay = z.preprocess(blankToUndefined, calendarDay.optional());
const userFilter = z.preprocess(
  blankToUndefined,
  recordId().optional(),
);

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** from <= to, and at most DASHBOARD_MAX_DAYS days, reported on `field`. */
function checkRange(from: string | undefined, to: string | undefined, field: string, ctx: z.RefinementCtx) {
  if (!from || !to) return;
  const span = daysBetween(from, to);
  if (span < 0 || span + 1 > DASHBOARD_MAX_DAYS) ctx.addIssue({ code: 'custom', path: [field], message: V.invalid });
}

/**
 * GET /dashboard. `days` is the last N calendar days, today included, and wins over dates.
 * Without `days`: date_from (default the first of date_to's month) to date_to (default today).
 * Days are the company's calendar days; `user_id` narrows everything to one attendant.
 */
export const dashboardQuery = z
  .object({
    days: z.preprocess(blankToUndefined, z.coerce.number({ error: V.invalid }).int({ error: V.invalid }).min(1, { error: V.invalid }).max(DASHBOARD_MAX_DAYS, { error: V.invalid }).optional()),
    date_from: optionalDay,
    date_to: optionalDay,
    user_id: userFilter,
  })
  .superRefine((q, ctx) => {
    if (q.days === undefined) checkRange(q.date_from, q.date_to, 'date_to', ctx);
  });
/** What the page sends to GET /dashboard. */
export interface DashboardQuery {
  days?: number;
  date_from?: string;
  date_to?: string;
  user_id?: number;
}

/** GET /dashboard/ticketsUsers and /dashboard/ticketsDay: both dates inclusive; `companyId` is ignored (always the caller's). */
export const dashboardChartQuery = z
  .object({
    initialDate: z.preprocess(blankToUndefined, calendarDay.optional()).pipe(z.string({ error: V.required })),
    finalDate: z.preprocess(blankToUndefined, calendarDay.optional()).pipe(z.string({ error: V.required })),
    user_id: userFilter,
  })
  .superRefine((q, ctx) => checkRange(q.initialDate, q.finalDate, 'finalDate', ctx));
export interface DashboardChartQuery {
  initialDate: string;
  finalDate: string;
  user_id?: number;
}

/** Times in minutes, one decimal; 0 when nothing was measured. */
export interface DashboardCounters {
  /** Attendances of the period in conversation now (ticket open). */
  supportHappening: number;
  /** Attendances of the period waiting now (ticket pending). */
  supportPending: number;
  supportFinished: number;
  /** Contacts created in the period. */
  newContacts: number;
  /** From acceptance (or arrival, if never accepted) to finish. */
  avgSupportTime: number;
  /** From arrival to acceptance. */
  avgWaitTime: number;
}

export interface DashboardAttendant {
  id: number;
  name: string;
  /** Average of the ratings (1 to 3) given in the period; null when none. */
  rating: number | null;
  avgSupportTime: number;
  /** Attendances of the period. */
  tickets: number;
  online: boolean;
}

export interface Dashboard {
  counters: DashboardCounters;
  attendants: DashboardAttendant[];
  /** The days read, as resolved by the server (charts ask for the same). */
  period: { from: string; to: string };
}

export interface TicketsPerUser {
  data: { userId: number; name: string; total: number }[];
}

/** One bar per day, or per hour (label '00' to '23') when the range is a single day. */
export interface TicketsPerDay {
  unit: 'day' | 'hour';
  data: { label: string; total: number }[];
  total: number;
}
