import { z } from 'zod';
import { recordId, flag } from './common.js';
import type { Contact } from './contacts.js';
import type { Ticket } from './tickets.js';
import { MESSAGE_BODY_MAX } from './messages/limits.js';

/** A message's media types, plus 'chat' for plain text. */
export const MESSAGE_MEDIA_TYPES = ['chat', 'image', 'audio', 'video', 'application', 'locationMessage', 'vcard', 'call_log', 'sticker', 'reaction'] as const;
export type MessageMediaType = (typeof MESSAGE_MEDIA_TYPES)[number];

export * from './messages/limits.js';

/** POST /messages/{ticketId} as JSON: a text, optionally quoting a message. */
export const messageSendInput = z.object({
  body: z.string().max(MESSAGE_BODY_MAX),
  quotedMsg: z.object({ id: recordId() }).passthrough().nullable().optional(),
  read: flag.optional(),
  fromMe: flag.optional(),
  mediaUrl: z.string().optional(),
  /** Sent by the client to make retries and double clicks safe. */
  idempotencyKey: z.string().min(8).max(100).optional(),
});

export const messageEditInput = z.object({ body: z.string().trim().min(1).max(MESSAGE_BODY_MAX) });

export interface Message {
  id: number;
  ticketId: number;
  contactId: number;
  body: string;
  fromMe: boolean;
  read: boolean;
  mediaType: MessageMediaType;
  /** Authenticated URL (`/api/media/...`): fetch with the bearer token. */
  mediaUrl: string | null;
  mediaName: string | null;
  mimeType: string | null;
  location: { latitude: number; longitude: number; name?: string } | null;
  vcard: string | null;
  quotedMsg: Pick<Message, 'id' | 'body' | 'fromMe' | 'mediaType'> | null;
  isDeleted: boolean;
  isEdited: boolean;
  ack: number;
  /** Outbound only: pending (stored, not yet sent), sent, failed (errorCode says why). */
  delivery: 'received' | 'pending' | 'sent' | 'failed';
  errorCode: string | null;
  automated: boolean;
  userId: number | null;
  /** Attendance cycle: a change between two messages marks where a conversation ended and the next began. */
  cycleId: number | null;
  createdAt: string;
  /** The ticket's contact (in a group, the participant who wrote it). */
  contact: Pick<Contact, 'id' | 'name'>;
}

/** GET /messages/{ticketId}: one page, oldest first; page 1 is the newest. */
export interface MessagePage {
  messages: Message[];
  ticket: Ticket;
  count: number;
  hasMore: boolean;
}

/** `company-{id}-appMessage` payloads. */
export type MessageEvent = { action: 'create' | 'update'; message: Message; ticket: Ticket; contact: Contact };
