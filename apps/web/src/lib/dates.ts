import { differenceInCalendarDays, format, isValid, parseISO } from 'date-fns';
import i18next from 'i18next';

/**
 * Day and month in the order the chosen language writes them: dd/MM in Portuguese and Spanish
 * (the spec's dd/MM/yyyy), MM/dd in English. The time of day is HH:mm in all three.
 */
function dayMonth(): string {
  return i18next.resolvedLanguage === 'en' ? 'MM/dd' : 'dd/MM';
}

/** Dates show as dd/MM/yyyy (MM/dd/yyyy in English). Unreadable input is shown as received. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, `${dayMonth()}/yyyy`) : value;
}

/** A chart's day label: dd/MM (MM/dd in English). */
export function formatDayMonth(value: string): string {
  const date = parseISO(value);
  return isValid(date) ? format(date, dayMonth()) : value;
}

/** A moment as dd/MM/yyyy HH:mm (MM/dd/yyyy HH:mm in English), in the browser's time zone. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, `${dayMonth()}/yyyy HH:mm`) : value;
}

/** The connections' last update shows as dd/MM/yy HH:mm. */
export function formatShortDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, `${dayMonth()}/yy HH:mm`) : value;
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
  return format(date, differenceInCalendarDays(date, today) === 0 ? 'HH:mm' : `${dayMonth()}/yyyy`);
}

/** A company past its due date (the day itself still counts as paid up). */
export function isOverdue(dueDate: string | null | undefined, today: Date = new Date()): boolean {
  const days = daysUntil(dueDate, today);
  return days !== null && days < 0;
}
