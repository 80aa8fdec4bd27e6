import { z } from 'zod';
import { V } from './common.js';

/** A YouTube video id: 11 characters of letters, digits, '-' and '_'. */
const VIDEO_CODE = /^[A-Za-z0-9_-]{11}$/;

/**
 * The video's code from what the super user pasted: the code itself or a YouTube link
 * (watch?v=, youtu.be/, embed/, shorts/, live/). Null when it is neither.
 */
export function videoCodeOf(value: string): string | null {
  const text = value.trim();
  if (VIDEO_CODE.test(text)) return text;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  let code: string | null = null;
  if (host === 'youtu.be') code = url.pathname.split('/')[1] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, first, second] = url.pathname.split('/');
    code = first === 'watch' ? url.searchParams.get('v') : ['embed', 'shorts', 'live', 'v'].includes(first) ? (second ?? null) : null;
  }
  return code && VIDEO_CODE.test(code) ? code : null;
}

/** The video's still image on YouTube (the gallery shows a placeholder when it cannot load). */
export const videoThumbnailUrl = (code: string) => `https://img.youtube.com/vi/${encodeURIComponent(code)}/mqdefault.jpg`;
/** The player the gallery's dialog frames. */
export const videoEmbedUrl = (code: string) => `https://www.youtube-nocookie.com/embed/${encodeURIComponent(code)}?autoplay=1`;

export const helpInput = z.object({
  title: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(200, { error: V.tooLong }),
  description: z
    .string({ error: V.invalid })
    .trim()
    .max(2000, { error: V.tooLong })
    .nullish()
    .transform((v) => v ?? ''),
  /** Stored as the video's code; a link is accepted and reduced to it. */
  video: z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(500, { error: V.tooLong })
    .transform((v, issue) => {
      const code = videoCodeOf(v);
      if (!code) {
        issue.addIssue({ code: 'custom', message: V.invalid });
        return z.NEVER;
      }
      return code;
    }),
});
export type HelpInput = z.input<typeof helpInput>;

export interface Help {
  id: number;
  title: string;
  description: string;
  /** The video's code on YouTube. */
  video: string;
  createdAt: string;
  updatedAt: string;
}

/** GET /helps (searchParam, pageNumber). */
export interface HelpPage {
  helps: Help[];
  count: number;
  hasMore: boolean;
}
