import type { Schedule } from '@atende/contract';
import type { ScheduleView } from './schedules.repository.js';

const iso = (date: Date | string) => new Date(date).toISOString();

/** The stored media name becomes its authenticated URL (served by GET /api/media/:fileName). */
export function presentSchedule(row: ScheduleView): Schedule {
  return {
    id: row.id,
    body: row.body,
    contactId: row.contactId,
    contact: { id: row.contactId, name: row.contactName, number: row.contactNumber },
    ticketId: row.ticketId,
    userId: row.userId,
    sendAt: iso(row.sendAt),
    sentAt: row.sentAt ? iso(row.sentAt) : null,
    status: row.status,
    mediaPath: row.mediaPath ? `/api/media/${row.mediaPath}` : null,
    mediaName: row.mediaPath ? row.mediaName : null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
