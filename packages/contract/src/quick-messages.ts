import { z } from 'zod';
import { V } from './common.js';

export const quickMessageInput = z.object({
  shortcode: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(100, { error: V.tooLong }),
  message: z.string().max(4096, { error: V.tooLong }).optional().default(''),
  /** true: shared with the whole company; false: only its author sees it. */
  geral: z.boolean().default(true),
});
export type QuickMessageInput = z.input<typeof quickMessageInput>;

export interface QuickMessage {
  id: number;
  shortcode: string;
  message: string;
  geral: boolean;
  userId: number | null;
  /** Authenticated media URL of the attachment, or null. */
  mediaPath: string | null;
  mediaName: string | null;
}
