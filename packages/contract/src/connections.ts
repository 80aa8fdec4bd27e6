import { z } from 'zod';
import { V, recordId, requiredText, flag } from './common.js';
import { CONNECTION_PROVIDERS, cloudConfigInput, type ConnectionProvider } from './connections/providers.js';
import type { ConnectionStatus } from './connections/statuses.js';

export * from './connections/providers.js';
export * from './connections/statuses.js';

const minutes = z.coerce.number({ error: V.invalid }).int({ error: V.invalid }).min(0, { error: V.invalid }).max(525_600);
const text = (max = 4000) => z.string().max(max, { error: V.tooLong }).optional().default('');

/** Add/edit connection dialog and its defaults. */
export const connectionInput = z.object({
  name: requiredText(2, 50),
  isDefault: flag.default(false),
  provider: z.enum(CONNECTION_PROVIDERS).default('beta'),
  greetingMessage: text(),
  complationMessage: text(),
  outOfHoursMessage: text(),
  ratingMessage: text(),
  queueIds: z.array(recordId()).max(200).optional().default([]),
  transferQueueId: recordId().nullable().optional().default(null),
  promptId: recordId().nullable().optional().default(null),
  /** The queue integration that answers waiting customers while their ticket has no queue. */
  integrationId: z.preprocess((v) => (v === '' ? null : v), recordId().nullable()).optional().default(null),
  timeToTransfer: minutes.default(0),
  expiresTicket: minutes.default(0),
  expiresInactiveMessage: text(),
  timeUseBotQueues: minutes.default(0),
  maxUseBotQueues: z.coerce.number({ error: V.invalid }).int().min(0).max(100).default(3),
  cloud: cloudConfigInput.optional(),
});
export type ConnectionInput = z.input<typeof connectionInput>;

/** PUT /whatsapp/{id}: any subset of the dialog's fields; the ones not sent keep their value. */
export const connectionUpdateInput = connectionInput.partial();
export type ConnectionUpdateInput = z.input<typeof connectionUpdateInput>;

/**
 * POST and PUT /whatsappsession/{id} (try again, new QR). `pairingPhone` asks for a pairing code
 * to type on that phone instead of a QR (providers with the pairingCode capability).
 */
export const connectionSessionInput = z.object({
  pairingPhone: z.string().trim().regex(/^\+?\d{8,15}$/, { error: V.invalid }).optional(),
});
export type ConnectionSessionInput = z.input<typeof connectionSessionInput>;

export interface Connection {
  id: number;
  name: string;
  isDefault: boolean;
  provider: ConnectionProvider;
  status: ConnectionStatus;
  /** QR payload while status is qrcode; '' otherwise. Only admins ever receive it. */
  qrcode: string;
  /** While status is PAIRING: the code to type on the phone (admins only). */
  pairingCode?: string;
  retries: number;
  /** When the session tries to reconnect next (ISO); null while connected or stopped on purpose. */
  nextRetryAt: string | null;
  number: string;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  /** Bearer token of the external messages API for this connection (admins only). */
  token?: string;
  queues: { id: number; name: string; color: string }[];
  transferQueueId: number | null;
  promptId: number | null;
  integrationId: number | null;
  timeToTransfer: number;
  expiresTicket: number;
  expiresInactiveMessage: string;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  /** Cloud: phone number id and webhook path; secrets never leave the server. */
  cloud?: { phoneNumberId: string; webhookPath: string; hasAccessToken: boolean; hasAppSecret: boolean; verifyToken: string };
  updatedAt: string;
}

/** What every user of the company may see of a connection (lists for non-admins, company-wide events). */
export type ConnectionSummary = Omit<Connection, 'qrcode' | 'token' | 'pairingCode' | 'cloud'>;

/** `company-{id}-whatsappSession` (admins only: it carries the QR). */
export interface ConnectionSessionEvent {
  action: 'update';
  session: Pick<Connection, 'id' | 'status' | 'qrcode' | 'retries' | 'updatedAt'> & { pairingCode?: string; nextRetryAt?: string | null };
}

/** `company-{id}-whatsapp`. */
export interface ConnectionEvent {
  action: 'create' | 'update' | 'delete';
  /** Never the qrcode, token or credentials: the event goes to every user of the company. */
  whatsapp?: ConnectionSummary;
  whatsappId: number;
}

/** Simulator control API (only when the server runs with SIMULATOR=1). */
export const simulatorMessageInput = z.object({
  whatsappId: recordId(),
  from: z.string().trim().regex(/^\+?\d{8,15}$/, { error: V.invalid }),
  name: z.string().trim().max(100).optional(),
  body: z.string().max(4096).optional(),
  mediaType: z.enum(['image', 'video', 'audio', 'voice', 'document', 'sticker']).optional(),
  fileName: z.string().max(200).optional(),
  mimeType: z.string().max(100).optional(),
  dataBase64: z.string().max(20_000_000).optional(),
  quotedId: z.string().max(200).optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  vcard: z.string().max(10_000).optional(),
});
export type SimulatorMessageInput = z.input<typeof simulatorMessageInput>;

export const SIMULATOR_FAULTS = ['disconnect', 'duplicate-next-inbound', 'delay-acks', 'reorder-acks', 'fail-next-send'] as const;
export const simulatorFaultInput = z.object({
  whatsappId: recordId(),
  kind: z.enum(SIMULATOR_FAULTS),
  /** 'disconnect' only: how many reconnect attempts the phone refuses afterwards (0 = it comes back at once). */
  failedReconnects: z.coerce.number().int().min(0).max(100).optional(),
});
export const simulatorCallInput = z.object({
  whatsappId: recordId(),
  from: z.string().trim().regex(/^\+?\d{8,15}$/, { error: V.invalid }),
});

/** What the customer's phone has seen, in order (GET /simulator/conversations/{whatsappId}/{number}). */
export interface SimulatorConversationEntry {
  id: string;
  direction: 'in' | 'out';
  number: string;
  kind: string;
  body: string;
  timestamp: number;
  /** Outbound only: 1 sent, 2 delivered, 3 read, 4 played. */
  ack?: number;
  /** Inbound only: the business marked it read. */
  seenByBusiness?: boolean;
  quotedId?: string;
  media?: { mimeType: string; fileName?: string; size: number };
  location?: { latitude: number; longitude: number; name?: string; address?: string };
  vcard?: string;
  reaction?: { targetId: string; emoji: string };
  edited: boolean;
  deleted: boolean;
}
