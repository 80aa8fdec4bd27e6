/** Business constants shared by server and web. */

export const APP_VERSION_FALLBACK = '6.0.0';

export const PAGE_SIZE = {
  tickets: 40,
  messages: 20,
  contacts: 30,
  default: 20,
} as const;

export const LIVE = {
  /** socket.io ping interval and timeout. */
  pingMs: 18_000,
  /** How often a client reports that its user is online. */
  userStatusIntervalMs: 300_000,
  /** Reload delay after the token is found expired, or the session is taken elsewhere. */
  reloadAfterMs: 1_000,
} as const;

export const UI = {
  debounceMs: 500,
  submitDelayMs: 400,
  connectionBadgeCheckMs: 2_000,
  errorToastMs: 2_000,
  toastMs: 3_000,
  drawerWidth: 240,
  contactDrawerWidth: 320,
  wideLayoutPx: 1200,
  overlayLayoutPx: 600,
  messageListTopPx: 50,
  listBottomPx: 100,
} as const;

/**
 * Upload limits, checked by the server while a file streams in and by the web app before it is
 * sent. WhatsApp itself refuses video and audio above 16 MB.
 */
export const UPLOADS = {
  /** Each file of a message, a quick reply's or a schedule's attachment. */
  mediaMaxBytes: 16 * 1024 * 1024,
  /** Files sent together in one message. */
  filesPerMessage: 10,
  /** Small images shown inside the app (announcements). */
  imageMaxBytes: 2 * 1024 * 1024,
} as const;

/** '16 MB' for 16 * 1024 * 1024: how limits are shown to people. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** A warning shows at login when fewer than this many days remain before the company due date. */
export const DUE_DATE_WARNING_DAYS = 5;

export const TRIAL_DAYS = 3;

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof RECURRENCES)[number];
export const RECURRENCE_MONTHS: Record<Recurrence, number> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
};

export const LANGUAGES = ['pt', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt';

/** Keys the web app keeps in the browser's localStorage. */
export const STORAGE_KEYS = {
  token: 'token',
  companyId: 'companyId',
  userId: 'userId',
  companyDueDate: 'companyDueDate',
  cshow: 'cshow',
  tasks: 'tasks',
  preferredTheme: 'preferredTheme',
  volume: 'volume',
  language: 'language',
} as const;

export const PASSWORD = { min: 8, max: 50 } as const;
export const NAME = { min: 2, max: 50 } as const;
