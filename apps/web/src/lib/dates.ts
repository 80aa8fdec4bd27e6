import { differenceInCalendarDays, format, isValid, parseISO } from 'date-fns';

/** Dates show as dd/MM/yyyy. Unreadable input is shown as received. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'dd/MM/yyyy') : value;
}

/** The connections' last update shows as dd/MM/yy HH:mm. */
export function formatShortDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'dd/MM/yy HH:mm') : value;
}

/** Whole calendar days from today to `value` (negative once past); null when unreadable. */
export function daysUntil(value: string | null | undefined, today: Date = new Date()): number | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? differenceInCalendarDays(date, today) : null;
}

/** A list's last-update time, HH:mm when it is today, else dd/MM/yyyy. */
export function formatTimeOrDate(value: string | null | undefined, today: Date = new Date()): string {
  if (!value) return '';
  const date = parseISO(value);
  if (!isValid(date)) return value;
  return format(date, differenceInCalendarDays(date, today) === 0 ? 'HH:mm' : 'dd/MM/yyyy');
}

/** A company past its due date (the day itself still counts as paid up). */
export function isOverdue(dueDate: string | null | undefined, today: Date = new Date()): boolean {
  const days = daysUntil(dueDate, today);
  return days !== null && days < 0;
}
