/**
 * Whether a company or a queue attends at a given moment (company setting scheduleType:
 * 'company', 'queue' or disabled).
 * Schedules are one entry per weekday with 'HH:MM' times on the companies' wall clock (the same
 * zone as {{hora}}). Empty times, or equal start and end (the default Sunday 00:00-00:00), mean
 * the day is closed. A start after the end is a night shift: it runs past midnight into the next
 * day, so the early hours of a day may belong to the previous day's entry.
 */
import type { CompanySchedule } from '@atende/contract';
import { COMPANY_TIME_ZONE } from '../messages/message-templates.js';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

type ScheduleEntry = Pick<CompanySchedule, 'weekdayEn' | 'startTime' | 'endTime'>;

/** Weekday (0 Sunday) and minutes since midnight on the wall clock of the zone. */
export function wallTime(now: Date, timeZone = COMPANY_TIME_ZONE): { weekday: number; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = WEEKDAYS.indexOf(part('weekday').toLowerCase() as (typeof WEEKDAYS)[number]);
  return { weekday, minutes: Number(part('hour')) * 60 + Number(part('minute')) };
}

const minutesOf = (time: string): number | null => {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/** The entry's open span as [start, end) minutes, where end may pass 1440 for a night shift; null when closed. */
function spanOf(entry: ScheduleEntry | undefined): [number, number] | null {
  if (!entry) return null;
  const start = minutesOf(entry.startTime);
  const end = minutesOf(entry.endTime);
  if (start === null || end === null || start === end) return null;
  return [start, end > start ? end : end + 1440];
}

export function isWithinSchedule(schedules: readonly ScheduleEntry[], now: Date, timeZone = COMPANY_TIME_ZONE): boolean {
  const { weekday, minutes } = wallTime(now, timeZone);
  const entryOf = (day: number) => schedules.find((s) => s.weekdayEn === WEEKDAYS[(day + 7) % 7]);
  const today = spanOf(entryOf(weekday));
  if (today && minutes >= today[0] && minutes < today[1]) return true;
  const yesterday = spanOf(entryOf(weekday - 1));
  return Boolean(yesterday && minutes + 1440 >= yesterday[0] && minutes + 1440 < yesterday[1]);
}
