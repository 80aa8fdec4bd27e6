import { z } from 'zod';
import { V, flag } from './common.js';

export const quickMessageInput = z.object({
  shortcode: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(100, { error: V.tooLong }),
  message: z.string().max(4096, { error: V.tooLong }).optional().default(''),
  /** true: shared with the whole company; false: only its author sees it. */
  geral: flag.default(true),
  /** false: the quick message stays on its page but the message input does not offer it. */
  status: flag.default(true),
});
export type QuickMessageInput = z.input<typeof quickMessageInput>;

export interface QuickMessage {
  id: number;
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
  userId: number | null;
  /** Authenticated media URL of the attachment (`/api/media/...`, fetch with the bearer token), or null. */
  mediaPath: string | null;
  /** The attachment's original file name. */
  mediaName: string | null;
  isMedia: boolean;
}

/** POST /quick-messages/:id/media-upload: multipart `file`, plus `typeArch` (kept for old clients, ignored). */
export const QUICK_MESSAGE_MEDIA_FIELD = 'file';
