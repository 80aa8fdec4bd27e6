import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ChatTables } from './schema-chats.js';
import type { ConversationTables } from './schema-conversations.js';
import type { PlatformTables } from './schema-platform.js';
import type { ScheduleTables } from './schema-schedules.js';
import type { FileListTables } from './schema-files.js';
import type { IntegrationTables } from './schema-integrations.js';

import type { AnnouncementTables } from './schema-announcements.js';
import type { ContactListTables } from './schema-contact-lists.js';
import type { BillingTables } from './schema-billing.js';
import type { CampaignTables } from './schema-campaigns.js';
import type { PromptTables } from './schema-prompts.js';
import type { WebhookTables } from './schema-webhooks.js';
import type { AllTicket, CompanySchedule, Profile, Recurrence } from '@atende/contract';

export interface QueueScheduleEntry {
  weekday: string;
  weekdayEn: string;
  startTime: string;
  endTime: string;
}

/** Table types, in camelCase (the CamelCasePlugin maps them to the snake_case columns). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = Generated<number>;

export interface PlansTable {
  id: Id;
  name: string;
  users: ColumnType<number, number | undefined, number>;
  connections: ColumnType<number, number | undefined, number>;
  queues: ColumnType<number, number | undefined, number>;
  /** numeric: read as a string like every driver does; the presenter turns it into a number. */
  value: ColumnType<string, number | string | undefined, number | string>;
  useCampaigns: ColumnType<boolean, boolean | undefined, boolean>;
  useSchedules: ColumnType<boolean, boolean | undefined, boolean>;
  useInternalChat: ColumnType<boolean, boolean | undefined, boolean>;
  useExternalApi: ColumnType<boolean, boolean | undefined, boolean>;
  useKanban: ColumnType<boolean, boolean | undefined, boolean>;
  useOpenAi: ColumnType<boolean, boolean | undefined, boolean>;
  useIntegrations: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface CompaniesTable {
  id: Id;
  name: string;
  email: string;
  phone: ColumnType<string, string | undefined, string>;
  planId: number;
  status: ColumnType<boolean, boolean | undefined, boolean>;
  /** `date` column, read as 'YYYY-MM-DD' text (parsers set in database.ts). */
  dueDate: string | null;
  recurrence: ColumnType<Recurrence, Recurrence | undefined, Recurrence>;
  /** End of the signup trial ('YYYY-MM-DD'); null for companies that never had one (migration 0021). */
  trialExpiration: ColumnType<string | null, string | null | undefined, string | null>;
  schedules: ColumnType<CompanySchedule[], string | undefined, string>;
  /** Bytes stored through uploads (bigint, read as text); changed only by platform/uploads.ts. */
  mediaBytes: ColumnType<string, never, never>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface UsersTable {
  id: Id;
  companyId: number;
  name: string;
  email: string;
  passwordHash: string;
  profile: ColumnType<Profile, Profile | undefined, Profile>;
  allTicket: ColumnType<AllTicket, AllTicket | undefined, AllTicket>;
  whatsappId: number | null;
  super: ColumnType<boolean, boolean | undefined, boolean>;
  online: ColumnType<boolean, boolean | undefined, boolean>;
  lastSeenAt: Date | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface QueuesTable {
  id: Id;
  companyId: number;
  name: string;
  color: string;
  greetingMessage: ColumnType<string, string | undefined, string>;
  outOfHoursMessage: ColumnType<string, string | undefined, string>;
  orderQueue: number | null;
  integrationId: number | null;
  promptId: number | null;
  /** jsonb list of { weekday, weekdayEn, startTime, endTime }. */
  schedules: ColumnType<QueueScheduleEntry[], string | undefined, string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface UserQueuesTable {
  userId: number;
  queueId: number;
}

export interface SettingsTable {
  companyId: number;
  key: string;
  value: string;
  updatedAt: Timestamp;
}

export interface AuthSessionsTable {
  id: string;
  userId: number;
  companyId: number;
  refreshHash: string;
  expiresAt: Timestamp;
  revokedAt: Date | null;
  userAgent: ColumnType<string, string | undefined, string>;
  ip: ColumnType<string, string | undefined, string>;
  createdAt: Timestamp;
  rotatedAt: Timestamp;
}

/** A connection's provider settings, e.g. Cloud API credentials (jsonb; secrets never leave the server). */
export type ProviderConfig = Record<string, string | undefined>;

export interface WhatsappsTable {
  id: Id;
  companyId: number;
  name: string;
  isDefault: ColumnType<boolean, boolean | undefined, boolean>;
  provider: ColumnType<string, string | undefined, string>;
  status: ColumnType<string, string | undefined, string>;
  qrcode: ColumnType<string, string | undefined, string>;
  retries: ColumnType<number, number | undefined, number>;
  /** When the session tries to reconnect next; null while connected or stopped on purpose. */
  nextRetryAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  number: ColumnType<string, string | undefined, string>;
  pairingCode: ColumnType<string, string | undefined, string>;
  autoStart: ColumnType<boolean, boolean | undefined, boolean>;
  sessionRequest: ColumnType<string, string | undefined, string>;
  pairingPhone: ColumnType<string, string | undefined, string>;
  greetingMessage: ColumnType<string, string | undefined, string>;
  complationMessage: ColumnType<string, string | undefined, string>;
  outOfHoursMessage: ColumnType<string, string | undefined, string>;
  ratingMessage: ColumnType<string, string | undefined, string>;
  token: string;
  transferQueueId: number | null;
  promptId: number | null;
  /** A queue integration that answers waiting customers while their ticket has no queue. */
  integrationId: ColumnType<number | null, number | null | undefined, number | null>;
  timeToTransfer: ColumnType<number, number | undefined, number>;
  expiresTicket: ColumnType<number, number | undefined, number>;
  expiresInactiveMessage: ColumnType<string, string | undefined, string>;
  timeUseBotQueues: ColumnType<number, number | undefined, number>;
  maxUseBotQueues: ColumnType<number, number | undefined, number>;
  /** jsonb: written as JSON text, read back as an object. */
  providerConfig: ColumnType<ProviderConfig, string | undefined, string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface WhatsappQueuesTable {
  whatsappId: number;
  queueId: number;
}

export interface WhatsappAuthKeysTable {
  whatsappId: number;
  type: string;
  keyId: string;
  value: string;
}

export interface WhatsappSentTable {
  whatsappId: number;
  idempotencyKey: string;
  providerMessageId: string;
  /** bigint (ms): read as text like every int8. */
  sentAt: ColumnType<string, string | number, string | number>;
}

export interface WhatsappLeasesTable {
  whatsappId: number;
  holder: string;
  expiresAt: Timestamp;
}

export interface DB extends ConversationTables, ScheduleTables, FileListTables, ChatTables, AnnouncementTables, PlatformTables, ContactListTables, BillingTables, CampaignTables, PromptTables, WebhookTables, IntegrationTables {
  plans: PlansTable;
  companies: CompaniesTable;
  users: UsersTable;
  queues: QueuesTable;
  userQueues: UserQueuesTable;
  settings: SettingsTable;
  authSessions: AuthSessionsTable;
  whatsapps: WhatsappsTable;
  whatsappQueues: WhatsappQueuesTable;
  whatsappAuthKeys: WhatsappAuthKeysTable;
  whatsappSent: WhatsappSentTable;
  whatsappLeases: WhatsappLeasesTable;
}

export type PlanRow = Selectable<PlansTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type QueueRow = Selectable<QueuesTable>;
export type AuthSessionRow = Selectable<AuthSessionsTable>;
export type WhatsappRow = Selectable<WhatsappsTable>;
export type WhatsappUpdate = Updateable<WhatsappsTable>;
