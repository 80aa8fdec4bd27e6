import { DASHBOARD_FILTER_TYPES, type DashboardQuery } from '@atende/contract';
import { format, startOfMonth } from 'date-fns';

/** The form of the dashboard's filter row; '' is "not chosen". */
export interface DashboardFilter {
  type: (typeof DASHBOARD_FILTER_TYPES)[keyof typeof DASHBOARD_FILTER_TYPES];
  dateFrom: string;
  dateTo: string;
  period: number | '';
  userId: number | '';
}

const day = (date: Date) => format(date, 'yyyy-MM-dd');

/** By date, from the first of the month to today, every attendant. */
export function defaultFilter(today: Date = new Date()): DashboardFilter {
  return { type: DASHBOARD_FILTER_TYPES.date, dateFrom: day(startOfMonth(today)), dateTo: day(today), period: '', userId: '' };
}

/** The call's parameters, or null when nothing is set ('Parametrize o filtro'). */
export function toQuery(filter: DashboardFilter): DashboardQuery | null {
  const user = filter.userId === '' ? {} : { user_id: filter.userId };
  if (filter.type === DASHBOARD_FILTER_TYPES.period) return filter.period === '' ? null : { days: filter.period, ...user };
  if (!filter.dateFrom && !filter.dateTo) return null;
  return { ...(filter.dateFrom ? { date_from: filter.dateFrom } : {}), ...(filter.dateTo ? { date_to: filter.dateTo } : {}), ...user };
}

/** Minutes as '01h 05m'. */
export function formatMinutes(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 60))}h ${pad(total % 60)}m`;
}
