/**
 * Every error code the API may answer with `{ "error": CODE }`.
 * The web app translates each one (locales/<lang>/errors.json); a test checks none is missing.
 */
export const ERROR_CODES = [
  // Core product errors
  'ERR_NO_OTHER_WHATSAPP',
  'ERR_NO_DEF_WAPP_FOUND',
  'ERR_WAPP_NOT_INITIALIZED',
  'ERR_WAPP_CHECK_CONTACT',
  'ERR_WAPP_INVALID_CONTACT',
  'ERR_WAPP_DOWNLOAD_MEDIA',
  'ERR_INVALID_CREDENTIALS',
  'ERR_SENDING_WAPP_MSG',
  'ERR_DELETE_WAPP_MSG',
  'ERR_OTHER_OPEN_TICKET',
  'ERR_SESSION_EXPIRED',
  'ERR_USER_CREATION_DISABLED',
  'ERR_NO_PERMISSION',
  'ERR_DUPLICATED_CONTACT',
  'ERR_NO_SETTING_FOUND',
  'ERR_NO_CONTACT_FOUND',
  'ERR_NO_TICKET_FOUND',
  'ERR_NO_USER_FOUND',
  'ERR_NO_WAPP_FOUND',
  'ERR_CREATING_MESSAGE',
  'ERR_CREATING_TICKET',
  'ERR_FETCH_WAPP_MSG',
  'ERR_QUEUE_COLOR_ALREADY_EXISTS',
  'ERR_WAPP_GREETING_REQUIRED',
  // conversations
  'ERR_TICKET_CLOSED',
  // WhatsApp providers
  'ERR_WAPP_WINDOW_CLOSED',
  'ERR_WAPP_UNSUPPORTED',
  'ERR_WAPP_PROVIDER_DISABLED',
  'ERR_WAPP_UNKNOWN_PROVIDER',
  'ERR_WAPP_NAME_ALREADY_EXISTS',
  'ERR_FFMPEG_UNAVAILABLE',
  // platform
  'ERR_VALIDATION',
  'ERR_NOT_FOUND',
  'ERR_INTERNAL',
  'ERR_SERVICE_UNAVAILABLE',
  'ERR_ACCESS_TOKEN_EXPIRED',
  'ERR_SUBSCRIPTION_EXPIRED',
  'ERR_COMPANY_INACTIVE',
  'ERR_TOO_MANY_ATTEMPTS',
  'ERR_EMAIL_IN_USE',
  'ERR_EMAIL_UNAVAILABLE',
  'ERR_CANNOT_DELETE_SELF',
  'ERR_NO_COMPANY_FOUND',
  'ERR_NO_PLAN_FOUND',
  'ERR_NO_QUEUE_FOUND',
  'ERR_COMPANY_NAME_IN_USE',
  'ERR_PLAN_NAME_IN_USE',
  'ERR_PLAN_IN_USE',
  'ERR_PLAN_LIMIT_USERS',
  'ERR_PLAN_LIMIT_CONNECTIONS',
  'ERR_PLAN_LIMIT_QUEUES',
  'ERR_PLAN_FEATURE_DISABLED',
  'ERR_INVALID_SETTING_VALUE',
  'ERR_PAYLOAD_TOO_LARGE',
  /** A file above its route's limit (details.maxBytes); refused while it streams in. */
  'ERR_FILE_TOO_LARGE',
  /** The company's stored uploads would pass its quota (MEDIA_QUOTA_MB). */
  'ERR_STORAGE_QUOTA_EXCEEDED',
  /** More uploads in a minute than a person may send (details.retryAfterSeconds). */
  'ERR_TOO_MANY_UPLOADS',
  'ERR_QUEUE_NAME_ALREADY_EXISTS',
  // conversation engine: workspace data
  'ERR_NO_TAG_FOUND',
  /** A tag with this name (in any case) already exists in the company. */
  'ERR_TAG_NAME_ALREADY_EXISTS',
  'ERR_NO_QUICK_MESSAGE_FOUND',
  /** A quick message with this shortcode (in any case) already exists in the company. */
  'ERR_QUICK_MESSAGE_SHORTCODE_ALREADY_EXISTS',
  'ERR_NO_TICKET_NOTE_FOUND',
  'ERR_NO_QUEUE_OPTION_FOUND',
  'ERR_NO_SCHEDULE_FOUND',
  /** A schedule already sent is history: it is no longer edited. */
  'ERR_SCHEDULE_ALREADY_SENT',
  // file lists
  'ERR_NO_FILE_LIST_FOUND',
  /** The option named in an upload is not one of the list's. */
  'ERR_NO_FILE_LIST_OPTION_FOUND',
  /** A file list keeps images, videos, audio and documents only (FILE_LIST_MEDIA_TYPES). */
  'ERR_FILE_TYPE_NOT_ALLOWED',

  /** No chat with this id that the caller is a member of (another's chat is not revealed). */
  'ERR_NO_CHAT_FOUND',

  // announcements and help videos
  'ERR_NO_ANNOUNCEMENT_FOUND',
  /** An announcement's image must be a .png, .jpg or .jpeg picture. */
  'ERR_INVALID_IMAGE',
  'ERR_NO_HELP_FOUND',
  // password recovery
  /** A recovery code that is wrong, used, expired or tried too often (never says which). */
  'ERR_INVALID_RECOVERY_CODE',
  /** The server has no SMTP_URL: recovery codes cannot be mailed. */
  'ERR_RECOVERY_NOT_CONFIGURED',
  // contact lists (campaigns)
  'ERR_NO_CONTACT_LIST_FOUND',
  'ERR_NO_CONTACT_LIST_ITEM_FOUND',
  /** The number is already a contact of this list. */
  'ERR_CONTACT_LIST_DUPLICATED_NUMBER',
  /** Campaigns are switched off for the company (setting campaignsEnabled). */
  'ERR_CAMPAIGNS_DISABLED',
  /** Only .xlsx, .xls and .csv spreadsheets are read. */
  'ERR_IMPORT_FILE_TYPE',
  /** The spreadsheet could not be read (damaged, or not what its extension says). */
  'ERR_IMPORT_FILE_UNREADABLE',
  // external messages API
  /** No connection has this bearer token (POST /api/messages/send). */
  'ERR_INVALID_API_TOKEN',
  /** More calls with one API token in a minute than allowed (details.retryAfterSeconds). */
  'ERR_TOO_MANY_REQUESTS',
  /** The Idempotency-Key was used for another number (the first message is not sent again). */
  'ERR_IDEMPOTENCY_KEY_REUSED',
  // billing
  'ERR_NO_INVOICE_FOUND',
  /** The invoice was already paid: there is nothing to charge. */
  'ERR_INVOICE_ALREADY_PAID',
  /** The payment provider (Pix) is not configured or did not answer. */
  'ERR_PAYMENT_PROVIDER_UNAVAILABLE',
  /** A payment notification without the shared secret. */
  'ERR_WEBHOOK_UNAUTHORIZED',
  // campaigns
  'ERR_NO_CAMPAIGN_FOUND',
  /** In progress, finished, or scheduled to start within the hour: the campaign can no longer be changed. */
  'ERR_CAMPAIGN_NOT_EDITABLE',
  /** Cancel is for a campaign in progress only. */
  'ERR_CAMPAIGN_NOT_IN_PROGRESS',
  /** Restart is for a cancelled campaign only. */
  'ERR_CAMPAIGN_NOT_CANCELLED',
  /** Scheduling needs an audience (contact list or tag list), a connection and at least one message. */
  'ERR_CAMPAIGN_INCOMPLETE',
  // AI prompts
  'ERR_NO_PROMPT_FOUND',
  /** A prompt answers for a queue: none was chosen ('Informe o setor'). */
  'ERR_PROMPT_QUEUE_REQUIRED',
  // outgoing webhooks
  'ERR_NO_WEBHOOK_FOUND',
  /** The webhook's address is private, loopback or link-local (or resolves to one). */
  'ERR_WEBHOOK_URL_NOT_ALLOWED',
  /** The company already has WEBHOOKS.maxSubscriptionsPerCompany webhooks. */
  'ERR_WEBHOOK_LIMIT',
  // queue integrations
  'ERR_NO_INTEGRATION_FOUND',
  /** Dialogflow's token endpoint refused the service account (wrong key, disabled account). */
  'ERR_DIALOGFLOW_AUTH_FAILED',
  /** Dialogflow did not open the session: unknown project, no permission, unreachable or timed out (details.status). */
  'ERR_DIALOGFLOW_REQUEST_FAILED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every failed API call. `fields` lists the invalid fields of an ERR_VALIDATION. */
export interface ErrorBody {
  error: ErrorCode;
  fields?: Record<string, string>;
  /** Extra facts the UI shows with the code (e.g. who holds an open ticket). */
  details?: Record<string, unknown>;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
