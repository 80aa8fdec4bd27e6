import { DEFAULT_QUEUE_SCHEDULES, queueInput, WEEKDAYS_EN, type CompanySchedule, type Queue } from '@atende/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { get, type FieldErrors, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { completeWeek } from '../../../lib/weekSchedule';

/** What the dialog edits; the contract schema validates it and gives the payload. */
export interface QueueFormValues {
  name: string;
  color: string;
  /** Text while typing; blank means no position. */
  orderQueue: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  schedules: CompanySchedule[];
  integrationId: number | null;
}

/**
 * The prompt is not edited here: leaving it out of the payload keeps whatever another screen set
 * (the server changes only the fields sent).
 */
export type QueuePayload = Omit<z.output<typeof queueInput>, 'promptId'>;

export const QUEUE_FORM_FIELDS = [
  'name',
  'color',
  'orderQueue',
  'greetingMessage',
  'outOfHoursMessage',
  'schedules',
  'integrationId',
  ...WEEKDAYS_EN.flatMap((_, i) => [`schedules.${i}.startTime`, `schedules.${i}.endTime`] as const),
] as const;

/** A new queue starts with the default week (Mon-Fri 08-18, Sat 08-12, Sun closed). */
export function emptyQueueForm(): QueueFormValues {
  return { name: '', color: '', orderQueue: '', greetingMessage: '', outOfHoursMessage: '', schedules: completeWeek(null, DEFAULT_QUEUE_SCHEDULES), integrationId: null };
}

export function queueToForm(queue: Queue): QueueFormValues {
  return {
    name: queue.name,
    color: queue.color,
    orderQueue: queue.orderQueue === null ? '' : String(queue.orderQueue),
    greetingMessage: queue.greetingMessage ?? '',
    outOfHoursMessage: queue.outOfHoursMessage ?? '',
    schedules: completeWeek(queue.schedules, DEFAULT_QUEUE_SCHEDULES),
    integrationId: queue.integrationId ?? null,
  };
}

const schema = queueInput.omit({ promptId: true });

export const queueFormResolver = zodResolver(schema) as unknown as Resolver<QueueFormValues, unknown, QueuePayload>;

/** The schedule rows' messages, keyed `{index}.{field}` as the schedule editor reads them. */
export function scheduleFieldErrors(errors: FieldErrors<QueueFormValues>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  WEEKDAYS_EN.forEach((_, i) => {
    for (const field of ['startTime', 'endTime'] as const) {
      out[`${i}.${field}`] = (get(errors, `schedules.${i}.${field}`) as { message?: string } | undefined)?.message;
    }
  });
  return out;
}
