import type { QuickMessage } from '@atende/contract';
import type { QuickMessageRow } from './quick-messages.repository.js';

/** The stored media name becomes its authenticated URL (served by GET /api/media/:fileName). */
export function presentQuickMessage(row: QuickMessageRow): QuickMessage {
  return {
    id: row.id,
    shortcode: row.shortcode,
    message: row.message,
    geral: row.geral,
    status: row.status,
    userId: row.userId,
    mediaPath: row.mediaPath ? `/api/media/${row.mediaPath}` : null,
    mediaName: row.mediaPath ? row.mediaName : null,
    isMedia: Boolean(row.mediaPath),
  };
}
