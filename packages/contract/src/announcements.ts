import { z } from 'zod';
import { V, flag, listQuery } from './common.js';
import { ANNOUNCEMENT_DEFAULTS, type AnnouncementPriority } from './announcements/values.js';

export * from './announcements/values.js';

const requiredString = (max: number) =>
  z.string({ error: V.required }).trim().min(1, { error: V.required }).max(max, { error: V.tooLong });

export const announcementInput = z.object({
  title: requiredString(200),
  text: requiredString(5000),
  priority: z
    .preprocess(
      (v) => (v === undefined || v === null || v === '' ? undefined : typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v),
      z.union([z.literal(1), z.literal(2), z.literal(3)], { error: V.invalid }).optional(),
    )
    .transform((v): AnnouncementPriority => v ?? ANNOUNCEMENT_DEFAULTS.priority),
  /** true is active (listed to everyone), false inactive (only the super user sees it). */
  status: flag.optional().transform((v) => v ?? ANNOUNCEMENT_DEFAULTS.status),
});
export type AnnouncementInput = z.input<typeof announcementInput>;

export interface Announcement {
  id: number;
  title: string;
  text: string;
  priority: AnnouncementPriority;
  status: boolean;
  /** Public URL of the image (`/api/announcements/media/{unguessable name}`), or null. */
  mediaPath: string | null;
  mediaName: string | null;
  /** ISO instants. */
  createdAt: string;
  updatedAt: string;
}

/** GET /announcements; `activeOnly` (the top bar) leaves out inactive ones for the super user too. */
export const announcementListQuery = listQuery.extend({ activeOnly: flag.optional().transform((v) => v ?? false) });
export type AnnouncementListQuery = z.infer<typeof announcementListQuery>;

/** GET /announcements: the super user gets every announcement, everyone else the active ones. */
export interface AnnouncementPage {
  records: Announcement[];
  count: number;
  hasMore: boolean;
}

/**
 * `company-{id}-announcement`, sent to every company: an announcement was created, changed or
 * deleted. It carries only the id: clients refetch, so an inactive one never reaches those who
 * may not see it.
 */
export interface AnnouncementEventPayload {
  action: 'create' | 'update' | 'delete';
  announcementId: number;
}
