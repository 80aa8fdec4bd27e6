/**
 * The one interface the rest of the server talks to for WhatsApp. Implementations (baileys/,
 * cloud/, simulator/) translate their network into these neutral shapes; nothing outside this
 * folder imports a provider's own types. `registry.ts` is the only place that picks one.
 */
import type { Clock } from './clock.js';

export type ProviderKind = 'baileys' | 'cloud' | 'simulator';

/** Connection status as stored on the connection row and shown by the connections page. */
export type ConnectionStatus = 'qrcode' | 'PAIRING' | 'OPENING' | 'CONNECTED' | 'TIMEOUT' | 'DISCONNECTED';

/**
 * Acks only move forward. 1 sent (server has it), 2 delivered (on the phone), 3 read, 4 played
 * (voice note listened). 5 exists in the UI's scale ("4 or 5 read with colour"); no provider
 * emits it today.
 */
export type AckLevel = 1 | 2 | 3 | 4 | 5;
export const Ack = { SENT: 1, DELIVERED: 2, READ: 3, PLAYED: 4 } as const satisfies Record<string, AckLevel>;

export type MessageKind =
  | 'text' | 'image' | 'video' | 'audio' | 'voice' | 'document' | 'sticker'
  | 'location' | 'contact' | 'reaction' | 'call_log';

export type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';

/** Where an inbound media item lives; `ref` is opaque and can be stored and passed to downloadMedia later. */
export interface MediaDescriptor {
  mimeType: string;
  fileName?: string;
  size?: number;
  ref: string;
}

export interface InboundMedia extends MediaDescriptor {
  fetch(): Promise<Buffer>;
  /** Set when a MediaSink was given and the bytes were saved before the event was emitted. */
  storedAs?: string;
}

export interface Location {
  latitude: number;
  longitude: number;
  name?: string;
  address?: string;
}

export interface InboundMessage {
  providerMessageId: string;
  /** `<digits>@s.whatsapp.net` (canonical number) for people, `<id>@g.us` for groups; a `@lid` jid only while the number is unknown. */
  chatId: string;
  /** The person's LID when the provider knows it. */
  lid?: string;
  /** In groups, who wrote it (canonical jid when known). */
  senderId?: string;
  fromMe: boolean;
  /** Provider timestamp in ms: order by this, then by arrival. */
  timestamp: number;
  pushName: string;
  kind: MessageKind;
  /** Text, caption, or a short description (location name, contact name, reaction emoji). */
  body: string;
  media?: InboundMedia;
  quotedId?: string;
  location?: Location;
  /** One or more vCards (several are concatenated, which is still a valid vCard file). */
  vcard?: string;
  /** emoji '' means the reaction was removed. */
  reaction?: { targetId: string; emoji: string };
  isGroup: boolean;
  /** Synced from the phone's history: store it, never run automations (greetings, bots) on it. */
  history: boolean;
  /** Older than the provider's freshness window (a webhook redelivered late or replayed): store, do not automate. */
  stale?: boolean;
}

export interface StatusEvent {
  status: ConnectionStatus;
  qrcode?: string;
  pairingCode?: string;
  retries: number;
  /** Short machine word for logs: 'logged_out', 'qr_expired', 'replaced', 'unreachable' (still retrying)... */
  reason?: string;
  /** With CONNECTED, when the provider knows it: the business's own number (canonical digits). */
  number?: string;
  /** After a failure: when the next attempt is due (epoch ms); absent means none is planned. */
  nextRetryAt?: number;
}
export interface AckEvent { providerMessageId: string; chatId?: string; ack: AckLevel; timestamp?: number; stale?: boolean }
export interface EditEvent { providerMessageId: string; chatId?: string; newBody: string; timestamp: number; fromMe?: boolean }
export interface RevokeEvent { providerMessageId: string; chatId?: string; timestamp?: number; fromMe?: boolean }
export interface CallEvent { from: string; timestamp: number; isVideo?: boolean; callId?: string }
/** A person's phone-number jid and LID are the same contact. */
export interface IdentityEvent { phoneJid: string; lid: string }
/** The network refused a message after the send call had returned (e.g. Cloud status 'failed'). */
export interface SendFailedEvent { providerMessageId: string; chatId?: string; code: string; reason?: string }

export interface ProviderEventMap {
  status: StatusEvent;
  message: InboundMessage;
  ack: AckEvent;
  edit: EditEvent;
  revoke: RevokeEvent;
  call: CallEvent;
  identity: IdentityEvent;
  sendFailed: SendFailedEvent;
}
export type ProviderEventName = keyof ProviderEventMap;
/** Listeners may be async; webhook-driven providers wait for them before answering (store first, answer after). */
export type ProviderListener<K extends ProviderEventName> = (event: ProviderEventMap[K]) => void | Promise<void>;

export interface Capabilities {
  qr: boolean;
  pairingCode: boolean;
  edit: boolean;
  delete: boolean;
  voice: boolean;
  location: boolean;
  contactCard: boolean;
  calls: boolean;
  /** Free-form messages only within 24 h of the customer's last message (Cloud API rule). */
  customerWindow24h: boolean;
  markRead: boolean;
  profilePicture: boolean;
  /** checkNumber really asks the network (Cloud cannot). */
  numberCheck: boolean;
  history: boolean;
}

interface SendBase {
  /** A number in any format, or a chatId from an event. */
  to: string;
  /** The same key never sends twice (retried jobs, double clicks). */
  idempotencyKey: string;
  quotedId?: string;
}
export interface SendTextInput extends SendBase { body: string }
export interface SendMediaInput extends SendBase {
  kind: MediaKind;
  data: Buffer;
  mimeType: string;
  fileName?: string;
  caption?: string;
}
/** Voice note: ogg/opus bytes (conversion with ffmpeg happens before this layer). */
export interface SendVoiceInput extends SendBase { data: Buffer; mimeType?: string; seconds?: number }
export interface SendLocationInput extends SendBase, Location {}
export interface ContactCard { name: string; number: string; vcard?: string }
export interface SendContactInput extends SendBase { contacts: ContactCard[] }
export interface SendResult { providerMessageId: string; timestamp: number }

export interface MessageRef { chatId: string; providerMessageId: string }
export interface CheckNumberResult {
  /** False when the network says the number has no WhatsApp. */
  exists: boolean;
  /** Canonical chat id to use for this number, null when it does not exist. */
  chatId: string | null;
  /** False when the provider could not really ask (Cloud): `exists` is then an assumption. */
  verified: boolean;
}

export interface ProviderSession {
  readonly kind: ProviderKind;
  readonly connectionId: number;
  readonly capabilities: Capabilities;
  readonly status: ConnectionStatus;
  on<K extends ProviderEventName>(event: K, listener: ProviderListener<K>): () => void;
  off<K extends ProviderEventName>(event: K, listener: ProviderListener<K>): void;

  /** Resolves once connecting has begun; progress arrives as status events. */
  start(options?: { pairingPhone?: string }): Promise<void>;
  /** Closes the connection, keeps the pairing; resolves when nothing is left running. */
  stop(): Promise<void>;
  /** Unpairs and wipes the auth state. */
  logout(): Promise<void>;

  sendText(input: SendTextInput): Promise<SendResult>;
  sendMedia(input: SendMediaInput): Promise<SendResult>;
  sendVoice(input: SendVoiceInput): Promise<SendResult>;
  sendLocation(input: SendLocationInput): Promise<SendResult>;
  sendContact(input: SendContactInput): Promise<SendResult>;
  editMessage(input: MessageRef & { newBody: string }): Promise<void>;
  deleteMessage(input: MessageRef): Promise<void>;
  markRead(input: { chatId: string; providerMessageIds: string[] }): Promise<void>;
  downloadMedia(ref: string): Promise<Buffer>;
  /** URL of the picture, null when hidden or absent. */
  profilePicture(chatId: string): Promise<string | null>;
  checkNumber(number: string): Promise<CheckNumberResult>;

  /** Webhook-driven providers only (Cloud): resolves after every listener finished, rejects if one failed. */
  receiveWebhook?(payload: unknown): Promise<void>;
}

/**
 * Transactional key-value store of one connection's credentials and signal keys. Values are opaque
 * strings (JSON made by the provider). The database-backed one lives with the connections module.
 */
export interface AuthStateStore {
  readCreds(): Promise<string | null>;
  writeCreds(creds: string): Promise<void>;
  /** Only ids that exist appear in the answer. */
  getKeys(type: string, ids: string[]): Promise<Record<string, string>>;
  /** All changes in one transaction; null deletes the key. */
  setKeys(data: Record<string, Record<string, string | null>>): Promise<void>;
  clear(): Promise<void>;
}

/** Saves inbound media as it arrives (provider URLs expire); returns where it was stored. */
export interface MediaSink {
  save(input: {
    companyId: number;
    connectionId: number;
    providerMessageId: string;
    mimeType: string;
    fileName?: string;
    data: Buffer;
  }): Promise<string>;
}

/** Remembers sends across restarts so a retried job does not send again. In-memory when absent. */
export interface SendLedger {
  get(idempotencyKey: string): Promise<SendResult | undefined>;
  put(idempotencyKey: string, result: SendResult): Promise<void>;
}

/** pino's Logger fits this. */
export interface ProviderLogger {
  debug(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface ProviderOptions {
  connectionId: number;
  companyId: number;
  authStore: AuthStateStore;
  mediaSink?: MediaSink;
  logger: ProviderLogger;
  clock?: Clock;
  sendLedger?: SendLedger;
}

export type ProviderFactory<Extra = object> = (options: ProviderOptions & Extra) => ProviderSession;

export type WhatsAppErrorCode =
  | 'ERR_WAPP_NOT_INITIALIZED'
  | 'ERR_WAPP_CHECK_CONTACT'
  | 'ERR_WAPP_INVALID_CONTACT'
  | 'ERR_WAPP_DOWNLOAD_MEDIA'
  | 'ERR_SENDING_WAPP_MSG'
  | 'ERR_DELETE_WAPP_MSG'
  | 'ERR_FETCH_WAPP_MSG'
  | 'ERR_WAPP_WINDOW_CLOSED'
  | 'ERR_WAPP_UNSUPPORTED'
  | 'ERR_WAPP_PROVIDER_DISABLED'
  | 'ERR_WAPP_UNKNOWN_PROVIDER';

/** A failure with a code the web translates; the routes map it to an HTTP answer. */
export class WhatsAppError extends Error {
  override readonly name = 'WhatsAppError';
  constructor(
    readonly code: WhatsAppErrorCode,
    message?: string,
    options?: { cause?: unknown },
  ) {
    super(message ?? code, options);
  }
}

export function isWhatsAppError(error: unknown, code?: WhatsAppErrorCode): error is WhatsAppError {
  return error instanceof WhatsAppError && (code === undefined || error.code === code);
}

/** For tests and tools that want no output. */
export const silentLogger: ProviderLogger = { debug() {}, info() {}, warn() {}, error() {} };
