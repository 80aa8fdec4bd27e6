/* Announcement values kept apart from the schemas: the app's shell reads them without loading validation code. */

/** 1 high, 2 medium, 3 low; a new announcement is low priority and active unless told otherwise. */
export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];
export const ANNOUNCEMENT_DEFAULTS = { priority: 3, status: true } as const;

/**
 * The announcement's image (POST /announcements/:id/media-upload, multipart `file`): png or jpeg
 * only, checked by name, declared type and the file's first bytes, and at most this size.
 */
export const ANNOUNCEMENT_IMAGE = {
  field: 'file',
  maxBytes: 5 * 1024 * 1024,
  extensions: ['png', 'jpg', 'jpeg'],
  mimeTypes: ['image/png', 'image/jpeg'],
  /** What the file picker offers. */
  accept: '.png,.jpg,.jpeg',
} as const;
