import type { Announcement, AnnouncementPriority } from '@atende/contract';
import type { AnnouncementRow } from './announcements.repository.js';

const iso = (date: Date | string) => new Date(date).toISOString();

/** The public address of an announcement's image (announcements.routes serves it without a token). */
export const announcementMediaUrl = (mediaPath: string) => `/api/announcements/media/${mediaPath}`;

export function presentAnnouncement(row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    priority: row.priority as AnnouncementPriority,
    status: row.status,
    mediaPath: row.mediaPath ? announcementMediaUrl(row.mediaPath) : null,
    mediaName: row.mediaPath ? row.mediaName : null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
