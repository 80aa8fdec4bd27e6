import { z } from 'zod';
import { V, flag, isCalendarDay, listQuery, recordId, requiredText } from './common.js';

/**
 * INATIVA on create; PROGRAMADA once it has a scheduledAt; EM_ANDAMENTO when the dispatcher starts
 * it (or on restart); FINALIZADA when every contact was served; CANCELADA by cancel (in progress only).
 */
export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Up to five message variants, and five confirmation variants; each contact gets one at random. */
export const CAMPAIGN_VARIANTS = 5;
export const CAMPAIGN_MESSAGE_FIELDS = ['message1', 'message2', 'message3', 'message4', 'message5'] as const;
export const CAMPAIGN_CONFIRMATION_FIELDS = [
  'confirmationMessage1',
  'confirmationMessage2',
  'confirmationMessage3',
  'confirmationMessage4',
  'confirmationMessage5',
] as const;
export type CampaignMessageField = (typeof CAMPAIGN_MESSAGE_FIELDS)[number];
export type CampaignConfirmationField = (typeof CAMPAIGN_CONFIRMATION_FIELDS)[number];

/** A scheduled campaign can still be edited while its start is more than this far away. */
export const CAMPAIGN_EDIT_LEAD_MS = 60 * 60 * 1000;

/** The longest text of a message variant. */
export const CAMPAIGN_MESSAGE_MAX = 4096;

/** POST /campaigns/:id/media-upload: multipart `file`. */
export const CAMPAIGN_MEDIA_FIELD = 'file';

/** GET /campaigns/:id lists at most this many shipping records (the counts are always whole). */
export const CAMPAIGN_REPORT_MAX_SHIPPINGS = 1000;

/** Placeholders filled per contact, besides the company's custom variables ({shortcut}). */
export const CAMPAIGN_PLACEHOLDERS = ['{nome}', '{email}', '{numero}'] as const;

/** A text field: blank is stored as null. */
const campaignText = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
  z.string({ error: V.invalid }).max(CAMPAIGN_MESSAGE_MAX, { error: V.tooLong }).nullable(),
);

const optionalId = z.preprocess((v) => (v === '' || v === undefined ? null : v), recordId().nullable());

const WALL_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const ZONED_ISO = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * scheduledAt as the web sends it, 'YYYY-MM-DD HH:mm:ss' (the company's wall time, America/Sao_Paulo
 * unless the server's TZ says otherwise), or an ISO 8601 instant with its zone. Blank means none.
 */
export const campaignScheduledAt = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: V.invalid })
    .refine((s) => {
      const wall = WALL_TIME.exec(s);
      if (wall) return isCalendarDay(wall[1]!) && Number(wall[2]) < 24 && Number(wall[3]) < 60 && Number(wall[4] ?? 0) < 60;
      const iso = ZONED_ISO.exec(s);
      return !!iso && isCalendarDay(iso[1]!) && !Number.isNaN(new Date(s).getTime());
    }, { error: V.invalid })
    .nullable(),
);

/** True when scheduledAt is given as wall time (no zone), to be read in the company's zone. */
export function isWallTime(value: string): boolean {
  return WALL_TIME.test(value);
}

export const campaignInput = z.object({
    name: requiredText(2, 50),
    confirmation: flag.optional().default(false),
    message1: campaignText.optional(),
    message2: campaignText.optional(),
    message3: campaignText.optional(),
    message4: campaignText.optional(),
    message5: campaignText.optional(),
    confirmationMessage1: campaignText.optional(),
    confirmationMessage2: campaignText.optional(),
    confirmationMessage3: campaignText.optional(),
    confirmationMessage4: campaignText.optional(),
    confirmationMessage5: campaignText.optional(),
    /** The audience: a contact list OR a tag list (the contacts carrying that tag); both is refused (tagListId invalid). */
    contactListId: optionalId.optional(),
    tagListId: optionalId.optional(),
    /** The connection that sends. */
    whatsappId: optionalId.optional(),
    fileListId: optionalId.optional(),
    scheduledAt: campaignScheduledAt.optional(),
  });
export type CampaignInput = z.input<typeof campaignInput>;
export type CampaignInputParsed = z.output<typeof campaignInput>;

export const campaignListQuery = listQuery;

export interface Campaign {
  id: number;
  name: string;
  message1: string | null;
  message2: string | null;
  message3: string | null;
  message4: string | null;
  message5: string | null;
  confirmationMessage1: string | null;
  confirmationMessage2: string | null;
  confirmationMessage3: string | null;
  confirmationMessage4: string | null;
  confirmationMessage5: string | null;
  status: CampaignStatus;
  confirmation: boolean;
  /** ISO instants. */
  scheduledAt: string | null;
  completedAt: string | null;
  whatsappId: number | null;
  contactListId: number | null;
  tagListId: number | null;
  fileListId: number | null;
  companyId: number;
  /** Authenticated media URL of the attachment (`/api/media/...`), or null. */
  mediaPath: string | null;
  mediaName: string | null;
  whatsapp: { id: number; name: string } | null;
  contactList: { id: number; name: string } | null;
  tagList: { id: number; name: string } | null;
  fileList: { id: number; name: string } | null;
  /** False once the campaign can no longer be changed (in progress, finished, or scheduled within the hour). */
  editable: boolean;
  createdAt: string;
  updatedAt: string;
}

/** GET /campaigns/: newest first. */
export interface CampaignPage {
  records: Campaign[];
  count: number;
  hasMore: boolean;
}

export interface CampaignCounts {
  /** Contacts of the audience that can receive it (list contacts not known to be invalid, tag contacts). */
  validContacts: number;
  /** Shipping rows created (one per contact). */
  shippings: number;
  delivered: number;
  confirmationRequested: number;
  confirmed: number;
}

/** One contact's delivery. */
export interface CampaignShipping {
  id: number;
  number: string;
  name: string;
  /** The variant sent (placeholders filled), once chosen. */
  message: string | null;
  confirmationMessage: string | null;
  /** Null until answered (confirmation campaigns). */
  confirmation: boolean | null;
  confirmationRequestedAt: string | null;
  confirmedAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

/** GET /campaigns/:id: the campaign with its report. */
export interface CampaignReport extends Campaign {
  counts: CampaignCounts;
  /** The first CAMPAIGN_REPORT_MAX_SHIPPINGS shipping records, oldest first. */
  shipping: CampaignShipping[];
}

// ---- campaign settings ----

export const CAMPAIGN_INTERVAL_OPTIONS = [0, 5, 10, 15, 20] as const;
export const CAMPAIGN_LONGER_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;

export const CAMPAIGN_SETTINGS_DEFAULTS = {
  /** Seconds: each send waits a random time up to this. */
  messageInterval: 20,
  /** After this many sends, the next waits greaterInterval instead (0: never). */
  longerIntervalAfter: 20,
  /** Seconds. */
  greaterInterval: 60,
  variables: [] as CampaignVariable[],
} as const;

export const CAMPAIGN_SETTING_KEYS = ['messageInterval', 'longerIntervalAfter', 'greaterInterval', 'variables'] as const;
export type CampaignSettingKey = (typeof CAMPAIGN_SETTING_KEYS)[number];

/** A custom placeholder: `{key}` in a message is replaced by value. */
export interface CampaignVariable {
  key: string;
  value: string;
}

export const CAMPAIGN_VARIABLES_MAX = 100;
export const CAMPAIGN_VARIABLE_KEY = /^[\p{L}\p{N}_-]{1,50}$/u;

const oneOf = <T extends readonly number[]>(options: T) =>
  z.coerce.number({ error: V.invalid }).refine((n) => (options as readonly number[]).includes(n), { error: V.invalid });

export const campaignVariableInput = z.object({
  key: z.string({ error: V.required }).trim().min(1, { error: V.required }).regex(CAMPAIGN_VARIABLE_KEY, { error: V.invalid }),
  value: z.string({ error: V.required }).max(1000, { error: V.tooLong }),
});

/** POST /campaign-settings: any of the keys; the ones given are replaced. Shortcuts must be unique. */
export const campaignSettingsInput = z.object({
  messageInterval: oneOf(CAMPAIGN_INTERVAL_OPTIONS).optional(),
  longerIntervalAfter: oneOf(CAMPAIGN_LONGER_OPTIONS).optional(),
  greaterInterval: oneOf(CAMPAIGN_LONGER_OPTIONS).optional(),
  variables: z
    .array(campaignVariableInput, { error: V.invalid })
    .max(CAMPAIGN_VARIABLES_MAX, { error: V.tooLong })
    .refine((vars) => new Set(vars.map((v) => v.key.toLowerCase())).size === vars.length, { error: V.invalid })
    .optional(),
});
export type CampaignSettingsInput = z.input<typeof campaignSettingsInput>;

export interface CampaignSettings {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  variables: CampaignVariable[];
}

/** GET and POST /campaign-settings answer `{ settings }`. */
export interface CampaignSettingsResponse {
  settings: CampaignSettings;
}

/**
 * `company-{id}-campaign`: created, changed (status too) or deleted; 'progress' when shipping rows
 * are delivered or confirmed (the report's counts).
 */
export type CampaignEventPayload =
  | { action: 'create' | 'update'; record: Campaign }
  | { action: 'delete'; campaignId: number }
  | { action: 'progress'; campaignId: number; counts: CampaignCounts };
