import type { ColumnType, Generated, Selectable } from 'kysely';

/** Table types of the conversation engine (migration 0004); part of `DB` in schema.ts. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = Generated<number>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** jsonb: written as JSON text, read back as a value. */
type Json<T> = ColumnType<T, string | undefined, string>;
/** int8: read as text like every driver does; written as number or text. */
type Int8 = ColumnType<string, string | number, string | number>;

export type TicketStatus = 'pending' | 'open' | 'closed';
export type DeliveryState = 'received' | 'pending' | 'sent' | 'failed';

export interface BotState {
  /** Current node of the queue's option tree (null: at the queue menu or none). */
  optionId?: number | null;
  /** Menus resent after invalid answers, for maxUseBotQueues. */
  attempts?: number;
  lastMenuAt?: number;
  awaitingRating?: boolean;
  /** When the rating question went out (ms): an answer is taken as a rating for a day at most. */
  ratingAskedAt?: number;
  greetedAt?: number;
}

export interface QueueOptionsTable {
  id: Id;
  companyId: number;
  queueId: number;
  parentId: number | null;
  title: string;
  message: Defaulted<string>;
  option: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ContactsTable {
  id: Id;
  companyId: number;
  name: string;
  number: Defaulted<string>;
  lid: string | null;
  email: Defaulted<string>;
  profilePicUrl: Defaulted<string>;
  profilePicUpdatedAt: Date | null;
  isGroup: Defaulted<boolean>;
  /** Shown and edited on the contact; it changes nothing else (messages are always received). */
  active: Defaulted<boolean>;
  whatsappId: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ContactExtraInfoTable {
  id: Id;
  contactId: number;
  name: string;
  value: Defaulted<string>;
}

export interface TicketsTable {
  id: Id;
  uuid: Generated<string>;
  companyId: number;
  contactId: number;
  whatsappId: number | null;
  status: Defaulted<TicketStatus>;
  userId: number | null;
  queueId: number | null;
  currentCycleId: number | null;
  chatbot: Defaulted<boolean>;
  isGroup: Defaulted<boolean>;
  useIntegration: Defaulted<boolean>;
  integrationId: number | null;
  promptId: number | null;
  botState: Json<BotState>;
  lastMessage: Defaulted<string>;
  lastMessageAt: Timestamp;
  lastInboundAt: Date | null;
  unreadMessages: Defaulted<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface TicketCyclesTable {
  id: Id;
  companyId: number;
  ticketId: number;
  contactId: number;
  queueId: number | null;
  userId: number | null;
  startedAt: Timestamp;
  acceptedAt: Date | null;
  finishedAt: Date | null;
  rating: number | null;
  ratedAt: Date | null;
}

export interface MessagesTable {
  id: Generated<string>;
  companyId: number;
  ticketId: number;
  contactId: number;
  whatsappId: number | null;
  cycleId: number | null;
  providerMessageId: string | null;
  idempotencyKey: string | null;
  fromMe: boolean;
  automated: Defaulted<boolean>;
  userId: number | null;
  body: Defaulted<string>;
  mediaType: Defaulted<string>;
  mediaPath: string | null;
  mediaName: string | null;
  mimeType: string | null;
  extra: Json<Record<string, unknown>>;
  ack: Defaulted<number>;
  read: Defaulted<boolean>;
  delivery: Defaulted<DeliveryState>;
  errorCode: string | null;
  quotedMessageId: Int8 | null;
  quotedProviderId: string | null;
  isDeleted: Defaulted<boolean>;
  isEdited: Defaulted<boolean>;
  previousBodies: Json<string[]>;
  sentAt: Int8;
  sendAttempts: Defaulted<number>;
  nextAttemptAt: Date | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface TicketNotesTable {
  id: Id;
  companyId: number;
  ticketId: number;
  contactId: number;
  userId: number | null;
  note: string;
  createdAt: Timestamp;
}

export interface TagsTable {
  id: Id;
  companyId: number;
  name: string;
  color: Defaulted<string>;
  kanban: Defaulted<number>;
  userId: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface TicketTagsTable {
  ticketId: number;
  tagId: number;
}

export interface QuickMessagesTable {
  id: Id;
  companyId: number;
  userId: number | null;
  shortcode: string;
  message: Defaulted<string>;
  geral: Defaulted<boolean>;
  /** false: kept on the page, not offered by the composer's '/'. */
  status: Defaulted<boolean>;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ConversationTables {
  queueOptions: QueueOptionsTable;
  contacts: ContactsTable;
  contactExtraInfo: ContactExtraInfoTable;
  tickets: TicketsTable;
  ticketCycles: TicketCyclesTable;
  messages: MessagesTable;
  ticketNotes: TicketNotesTable;
  tags: TagsTable;
  ticketTags: TicketTagsTable;
  quickMessages: QuickMessagesTable;
}

export type ContactRow = Selectable<ContactsTable>;
export type TicketRow = Selectable<TicketsTable>;
export type TicketCycleRow = Selectable<TicketCyclesTable>;
export type MessageRow = Selectable<MessagesTable>;
