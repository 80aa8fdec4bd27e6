import { z } from 'zod';
import { V, flag, recordId } from './common.js';
import type { Message } from './messages.js';

/**
 * The external messages API: `POST /api/messages/send`, authenticated by a connection's token
 * (not a user's session). JSON `{ number, body }` sends a text; multipart sends `medias` with
 * `number` and `body` (the first file's caption).
 */
export const MESSAGES_API = {
  path: '/api/messages/send',
  /** Multipart field of the files. */
  mediaField: 'medias',
  /** Requests per token per minute. */
  perMinute: 60,
  /** Longest Idempotency-Key header accepted. */
  idempotencyKeyMaxLength: 100,
} as const;

export const externalMessageInput = z.object({
  /** The customer's number, with country code; written as people write it ('+55 (11) 98765-4321'). */
  number: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(50, { error: V.tooLong }),
  body: z.string().max(4096, { error: V.tooLong }).optional().default(''),
  /** Close the ticket once the message is stored (it is still delivered). */
  closeTicket: flag.optional().default(false),
  /** For a new ticket: its queue and owner (of the connection's company). */
  queueId: recordId().optional(),
  userId: recordId().optional(),
});
export type ExternalMessageInput = z.output<typeof externalMessageInput>;

/** The `Idempotency-Key` header, read as `{ idempotencyKey }`. */
export const idempotencyKeyHeader = z.object({
  idempotencyKey: z.string().trim().min(1, { error: V.invalid }).max(MESSAGES_API.idempotencyKeyMaxLength, { error: V.tooLong }).optional(),
});

/** What a send answers: the stored messages (pending until the outbox delivers them). */
export interface ExternalSendResult {
  ticketId: number;
  contactId: number;
  /** The number as it is stored (digits, country code, Brazilian ninth digit). */
  number: string;
  messages: Message[];
}
