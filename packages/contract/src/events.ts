/**
 * Live channel contract (socket.io). Server events are named `company-{companyId}-{entity}`
 * and carry `{ action, ... }`. Rooms keep every event inside its company.
 */
import type { ChatEventPayload } from './chats.js';
import type { PaymentEventPayload } from './billing.js';
import type { WebhookSubscriptionEventPayload } from './outgoing-webhooks.js';

import type { AnnouncementEventPayload } from './announcements.js';
import type { ConnectionEvent, ConnectionSessionEvent } from './connections.js';
import type { CampaignEventPayload } from './campaigns.js';
import type { ContactListEventPayload } from './contact-lists.js';
import type { Contact } from './contacts.js';
import type { FileListEventPayload } from './files.js';
import type { MessageEvent } from './messages.js';
import type { Queue } from './queues.js';
import type { QueueIntegrationEventPayload } from './queue-integrations.js';
import type { ScheduleEventPayload } from './schedules.js';
import type { SettingEntry } from './settings.js';
import type { Tag } from './tags.js';
import type { TicketEvent } from './tickets.js';
import type { SessionUser } from './auth.js';
import type { User } from './users.js';

/**
 * Every live event the server emits: entity -> payload. Emitters and listeners are typed by it,
 * so an event's payload is declared once and a wrong one does not compile on either side.
 */
export interface LiveEventMap {
  ticket: TicketEvent;
  appMessage: MessageEvent;
  /** Admins only: it carries the QR. */
  whatsappSession: ConnectionSessionEvent;
  whatsapp: ConnectionEvent;
  contact: ContactEventPayload;
  user: UserEventPayload;
  queue: QueueEventPayload;
  tag: TagEventPayload;
  auth: AuthEventPayload;
  settings: SettingsEventPayload;
  schedule: ScheduleEventPayload;
  /** Admins only (files:manage). */
  fileList: FileListEventPayload;

  /** Members of the chat only, each in their user room. */
  chat: ChatEventPayload;

  /** Platform-wide: sent to every company (announcements.service). */
  announcement: AnnouncementEventPayload;
  contactList: ContactListEventPayload;
  /** A Pix charge of the company was paid (the checkout waits for it). */
  payment: PaymentEventPayload;
  campaign: CampaignEventPayload;
  /** Admins only: a webhook changed (also when it was switched off after failures). */
  webhookSubscription: WebhookSubscriptionEventPayload;
  /** Admins only: the queue integrations list. */
  queueIntegration: QueueIntegrationEventPayload;
}
export type LiveEntity = keyof LiveEventMap;
export type LivePayload<E extends LiveEntity> = LiveEventMap[E];

export function companyEvent(companyId: number, entity: LiveEntity): string {
  return `company-${companyId}-${entity}`;
}

/** Rooms a socket may be in. Company and user rooms are joined by the server itself. */
export const rooms = {
  company: (companyId: number) => `company:${companyId}`,
  user: (userId: number) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  admins: (companyId: number) => `company:${companyId}:admins`,
  ticket: (companyId: number, ticketId: number | string) => `company:${companyId}:ticket:${ticketId}`,
  notification: (companyId: number) => `company:${companyId}:notification`,
  tickets: (companyId: number, status: string) => `company:${companyId}:tickets:${status}`,
} as const;

/** Events the client emits. */
export const CLIENT_EVENTS = {
  joinChatBox: 'joinChatBox',
  leaveChatBox: 'leaveChatBox',
  joinNotification: 'joinNotification',
  joinTickets: 'joinTickets',
  leaveTickets: 'leaveTickets',
  userStatus: 'userStatus',
} as const;

/** Events the server emits outside the company-{id}-{entity} family. */
export const SERVER_EVENTS = {
  /** Authentication done and company/user rooms joined: the client may send its joins now. */
  ready: 'ready',
} as const;

/**
 * `company-{id}-auth`: the sessions `endedSessionIds` ended: a newer login of this user, or, with
 * `reason` (an error code), the session or the company is no longer valid.
 */
export interface AuthEventPayload {
  action: 'sessionEnded';
  userId: number;
  endedSessionIds: string[];
  reason?: 'ERR_SESSION_EXPIRED' | 'ERR_COMPANY_INACTIVE' | 'ERR_SUBSCRIPTION_EXPIRED' | (string & {});
}

export interface UserEventPayload {
  action: 'create' | 'update' | 'delete';
  userId: number;
  /** To the user themselves, as `GET /auth/me` answers (SessionUser); to the others, as the users list shows it. */
  user?: User | SessionUser;
}

export interface QueueEventPayload {
  action: 'create' | 'update' | 'delete';
  queueId: number;
  queue?: Queue;
  /** Set when the change was to the queue's option tree: the option created, changed or deleted. */
  queueOptionId?: number;
}

/** `company-{id}-contact`. 'reload' follows bulk changes (an import): lists refetch. */
export type ContactEventPayload =
  | { action: 'create' | 'update'; contact: Contact }
  | { action: 'delete'; contactId: number }
  | { action: 'reload' };

/** `company-{id}-tag`. */
export type TagEventPayload =
  | { action: 'create' | 'update'; tag: Tag }
  | { action: 'delete'; tagId: number };

/** `company-{id}-settings`: a company setting changed (secret settings are never announced). */
export interface SettingsEventPayload {
  action: 'update';
  setting: SettingEntry;
}
