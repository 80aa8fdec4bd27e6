import { DEFAULT_QUEUE_SCHEDULES, WEEKDAYS_EN, type CompanySchedule } from '@atende/contract';

/**
 * Keeps only digits and shapes them as HH:MM while typing ('0830' -> '08:30', '8' stays '8'),
 * so a time can be typed without the colon (HH:MM masks).
 */
export function maskClock(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/** A company without saved hours starts from the seven days with empty times. */
export const EMPTY_WEEK: readonly CompanySchedule[] = DEFAULT_QUEUE_SCHEDULES.map((day) => ({ ...day, startTime: '', endTime: '' }));

/**
 * The seven weekdays in order, each from `saved` when it has that day, else from `fallback`, so
 * the editor always shows Monday to Sunday whatever an older record holds.
 */
export function completeWeek(saved: readonly CompanySchedule[] | null | undefined, fallback: readonly CompanySchedule[]): CompanySchedule[] {
  return WEEKDAYS_EN.map((weekdayEn, i) => {
    const day = saved?.find((entry) => entry.weekdayEn === weekdayEn) ?? fallback[i];
    return { weekday: day.weekday, weekdayEn, startTime: day.startTime ?? '', endTime: day.endTime ?? '' };
  });
}
