import { z } from 'zod';
import { V, isoInstant, listQuery, recordId } from './common.js';

/**
 * A scheduled message waits as PENDENTE until its sendAt; the worker then stores it in the
 * contact's conversation (ENVIADA, with sentAt) or marks it ERRO when it cannot (no connection,
 * contact gone). Editing an ERRO schedule puts it back to PENDENTE, so it is tried again.
 */
export const SCHEDULE_STATUSES = ['PENDENTE', 'ENVIADA', 'ERRO'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** The shortest text a schedule may send (shorter ones answer 'Mensagem muito curta'). */
export const SCHEDULE_BODY_MIN = 5;

export const scheduleInput = z.object({
  body: z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .min(SCHEDULE_BODY_MIN, { error: V.tooShort })
    .max(4096, { error: V.tooLong }),
  contactId: recordId(V.required),
  /** An ISO 8601 instant with its zone, as the web app sends it. A past one is sent on the next sweep. */
  sendAt: isoInstant(),
  /** The ticket the schedule was made from: the message goes there when it still belongs to the contact. */
  ticketId: recordId().nullable().optional(),
});
export type ScheduleInput = z.input<typeof scheduleInput>;

export const scheduleListQuery = listQuery.extend({
  contactId: recordId().optional(),
  /** The calendar's range: schedules sent at or after `from` and before `to` (ISO instants). */
  from: isoInstant(V.invalid).optional(),
  to: isoInstant(V.invalid).optional(),
});
export type ScheduleListQuery = z.infer<typeof scheduleListQuery>;

export interface Schedule {
  id: number;
  body: string;
  contactId: number;
  contact: { id: number; name: string; number: string };
  ticketId: number | null;
  userId: number | null;
  /** ISO instants. */
  sendAt: string;
  sentAt: string | null;
  status: ScheduleStatus;
  /** Authenticated media URL of the attachment (`/api/media/...`), or null. */
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SchedulePage {
  schedules: Schedule[];
  count: number;
  hasMore: boolean;
}

/** POST /schedules/:id/media-upload: multipart `file`. */
export const SCHEDULE_MEDIA_FIELD = 'file';

/** `company-{id}-schedule`: a schedule was created, changed (also when it was sent or failed) or deleted. */
export type ScheduleEventPayload = { action: 'create' | 'update'; schedule: Schedule } | { action: 'delete'; scheduleId: number };
