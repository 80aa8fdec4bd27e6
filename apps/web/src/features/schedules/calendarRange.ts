import { addDays, endOfDay, endOfMonth, endOfWeek, startOfDay, startOfMonth, startOfWeek } from 'date-fns';

export type CalendarView = 'month' | 'week' | 'day' | 'agenda';
export const CALENDAR_VIEWS: readonly CalendarView[] = ['month', 'week', 'day', 'agenda'];

/** The agenda lists this many days from its date (the calendar library's default). */
export const AGENDA_DAYS = 30;

/**
 * The instants a view shows, [from, to): a month with the leading and trailing days of its
 * weeks, a week, a day, or the agenda's days. The calendar asks the server for just these.
 */
export function visibleRange(view: CalendarView, date: Date): { from: Date; to: Date } {
  switch (view) {
    case 'month':
      return { from: startOfWeek(startOfMonth(date)), to: addDays(startOfDay(endOfWeek(endOfMonth(date))), 1) };
    case 'week':
      return { from: startOfWeek(date), to: addDays(startOfDay(endOfWeek(date)), 1) };
    case 'day':
      return { from: startOfDay(date), to: addDays(startOfDay(endOfDay(date)), 1) };
    case 'agenda':
      return { from: startOfDay(date), to: addDays(startOfDay(date), AGENDA_DAYS + 1) };
  }
}
