import { SCHEDULE_BODY_MIN, V, type ContactListItem, type Schedule, type ScheduleInput } from '@atende/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { addHours, format, isValid, parseISO } from 'date-fns';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';

/** `sendAt` as the datetime-local input holds it (the browser's time zone). */
export interface ScheduleFormValues {
  body: string;
  contact: ContactListItem | null;
  sendAt: string;
}

export const SCHEDULE_FORM_FIELDS = ['body', 'contact', 'sendAt'] as const;

const LOCAL_MINUTE = "yyyy-MM-dd'T'HH:mm";

/** Spec core: a new schedule goes out one hour from now unless the agent picks another time. */
export function defaultSendAt(now: Date = new Date()): string {
  return format(addHours(now, 1), LOCAL_MINUTE);
}

export function emptyScheduleForm(contact: ContactListItem | null, now: Date = new Date()): ScheduleFormValues {
  return { body: '', contact, sendAt: defaultSendAt(now) };
}

export function scheduleToForm(schedule: Schedule): ScheduleFormValues {
  const sendAt = parseISO(schedule.sendAt);
  return { body: schedule.body, contact: schedule.contact, sendAt: isValid(sendAt) ? format(sendAt, LOCAL_MINUTE) : '' };
}

/** The dialog's rules, the contract's own (body of 5 or more, contact and time required), on the form's shape. */
const scheduleFormSchema = z
  .object({
    body: z.string().trim().min(1, { error: V.required }).min(SCHEDULE_BODY_MIN, { error: V.tooShort }),
    contact: z.object({ id: z.number(), name: z.string(), number: z.string() }, { error: V.required }).nullable().refine((c) => c !== null, { error: V.required }),
    sendAt: z.string().refine((v) => v !== '' && isValid(new Date(v)), { error: V.required }),
  })
  .transform((values) => ({ body: values.body, contactId: values.contact!.id, sendAt: new Date(values.sendAt).toISOString() }));

export type ScheduleFormOutput = z.output<typeof scheduleFormSchema>;

export const scheduleFormResolver = zodResolver(scheduleFormSchema) as unknown as Resolver<ScheduleFormValues, unknown, ScheduleFormOutput>;

/** What the API takes; the ticket it was made from rides along while the contact is that ticket's. */
export function toScheduleInput(output: ScheduleFormOutput, ticket: { id: number; contactId: number } | null): ScheduleInput {
  return { ...output, ticketId: ticket && ticket.contactId === output.contactId ? ticket.id : null };
}
