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
  /** The AI prompt that answers the queue's waiting customers, or none. */
  promptId: number | null;
  /** The integration (Typebot, n8n, webhook, Dialogflow) that answers them, or none; it goes first. */
  integrationId: number | null;
}

export type QueuePayload = z.output<typeof queueInput>;

export const QUEUE_FORM_FIELDS = [
  'name',
  'color',
  'orderQueue',
  'greetingMessage',
  'outOfHoursMessage',
  'schedules',
  'promptId',
  'integrationId',
  ...WEEKDAYS_EN.flatMap((_, i) => [`schedules.${i}.startTime`, `schedules.${i}.endTime`] as const),
] as const;

/** A new queue starts with the default week (Mon-Fri 08-18, Sat 08-12, Sun closed). */
export function emptyQueueForm(): QueueFormValues {
  return { name: '', color: '', orderQueue: '', greetingMessage: '', outOfHoursMessage: '', schedules: completeWeek(null, DEFAULT_QUEUE_SCHEDULES), promptId: null, integrationId: null };
}

export function queueToForm(queue: Queue): QueueFormValues {
  return {
    name: queue.name,
    color: queue.color,
    orderQueue: queue.orderQueue === null ? '' : String(queue.orderQueue),
    greetingMessage: queue.greetingMessage ?? '',
    outOfHoursMessage: queue.outOfHoursMessage ?? '',
    schedules: completeWeek(queue.schedules, DEFAULT_QUEUE_SCHEDULES),
    promptId: queue.promptId,
    integrationId: queue.integrationId ?? null,
  };
}

const schema = queueInput;

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
