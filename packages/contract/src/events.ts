/**
 * Live channel contract (socket.io). Server events are named `company-{companyId}-{entity}`
 * and carry `{ action, ... }`. Rooms keep every event inside its company.
 */

export const LIVE_ENTITIES = [
  'ticket',
  'appMessage',
  'whatsappSession',
  'whatsapp',
  'contact',
  'user',
  'queue',
  'tag',
  'chat',
  'campaign',
  'contactList',
  'announcement',
  'payment',
  'auth',
  'settings',
  'schedule',
] as const;
export type LiveEntity = (typeof LIVE_ENTITIES)[number];

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
  user?: unknown;
}

export interface QueueEventPayload {
  action: 'create' | 'update' | 'delete';
  queueId: number;
  queue?: unknown;
  /** Set when the change was to the queue's option tree: the option created, changed or deleted. */
  queueOptionId?: number;
}

/** `company-{id}-contact`. 'reload' follows bulk changes (an import): lists refetch. */
export type ContactEventPayload =
  | { action: 'create' | 'update'; contact: unknown }
  | { action: 'delete'; contactId: number }
  | { action: 'reload' };

/** `company-{id}-tag`. */
export type TagEventPayload =
  | { action: 'create' | 'update'; tag: unknown }
  | { action: 'delete'; tagId: number };
