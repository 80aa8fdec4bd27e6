import { z } from 'zod';
import { V, recordId, requiredText } from './common.js';
import { companySchedulesInput, type CompanySchedule } from './companies.js';

/** A queue's working hours: one entry per weekday, 'HH:MM' times, empty times for a closed day. */
export type QueueSchedule = CompanySchedule;

/**
 * Monday to Friday 08:00-18:00, Saturday 08:00-12:00, Sunday 00:00-00:00 (closed).
 * Given to a queue created without schedules.
 */
export const DEFAULT_QUEUE_SCHEDULES: readonly QueueSchedule[] = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
  { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
];

const longText = z.string().max(4000, { error: V.tooLong }).optional().default('');
/** Forms send '' for an empty number field: that is no value, never 0. */
const blankToNull = (v: unknown) => (v === '' ? null : v);
const optionalRef = z
  .preprocess(blankToNull, recordId().nullable())
  .optional()
  .transform((v) => v ?? null);

/**
 * A name has 2 to 50 characters and a colour 3 to 9, both required. The colour is kept in lower
 * case so '#FF0000' and '#ff0000' count as the same colour for the per-company uniqueness rule.
 * `schedules` are the seven weekdays (same rules as the company's); absent, null or empty on
 * create means the default schedule. On update only the fields sent change (name and colour are
 * always sent by the dialog).
 */
export const queueInput = z.object({
  name: requiredText(2, 50),
  color: requiredText(3, 9).transform((s) => s.toLowerCase()),
  greetingMessage: longText,
  outOfHoursMessage: longText,
  /** Position in the bot's numbered queue menu; null sorts after the numbered ones. */
  orderQueue: z
    .preprocess(blankToNull, z.coerce.number({ error: V.invalid }).int({ error: V.invalid }).min(0, { error: V.invalid }).max(9999, { error: V.invalid }).nullable())
    .optional()
    .transform((v) => v ?? null),
  schedules: z
    .preprocess((v) => (v === null || (Array.isArray(v) && v.length === 0) ? undefined : v), companySchedulesInput.shape.schedules.optional())
    .transform((list): QueueSchedule[] | null => list ?? null),
  /** AI prompt (one of the company's) and queue integration of the queue. */
  promptId: optionalRef,
  integrationId: optionalRef,
});
export type QueueInput = z.input<typeof queueInput>;

export interface Queue {
  id: number;
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
  schedules: QueueSchedule[];
  promptId: number | null;
  integrationId: number | null;
}

/** `parentId` -1, null or absent: a root option of the queue. */
const parentRef = z
  .preprocess(
    (v) => (v === undefined || v === null || v === '' || v === -1 || v === '-1' ? null : v),
    recordId().nullable(),
  )
  .optional()
  .transform((v): number | null => v ?? null);

/**
 * One node of a queue's option menu. `option` is what the customer types to
 * choose it: a number from 1 to 999, unique among its siblings ('0' and '#' are the bot's
 * "previous" and "main menu"); absent, the next free number among the siblings.
 */
export const queueOptionInput = z.object({
  queueId: recordId(V.required),
  parentId: parentRef,
  title: requiredText(1, 100),
  message: z.string().max(4000, { error: V.tooLong }).optional().default(''),
  option: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : typeof v === 'number' ? String(v) : v),
    z.string({ error: V.invalid }).trim().regex(/^[1-9]\d{0,2}$/, { error: V.invalid }).optional(),
  ),
});
export type QueueOptionInput = z.input<typeof queueOptionInput>;

/** GET /queue-options: the options of a queue under `parentId` (-1 or absent: the root options). */
export const queueOptionListQuery = z.object({
  queueId: recordId(V.required),
  parentId: parentRef,
});

export interface QueueOption {
  id: number;
  queueId: number;
  parentId: number | null;
  title: string;
  message: string;
  option: string;
  /** The whole subtree under this option, ordered by option number. */
  children: QueueOption[];
}
