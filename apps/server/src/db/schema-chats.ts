import type { ColumnType, Generated } from 'kysely';

/** Tables of the internal chat (migration 0018); part of `DB` in schema.ts. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ChatsTable {
  id: Generated<number>;
  uuid: Generated<string>;
  companyId: number;
  title: string;
  ownerId: number | null;
  lastMessage: ColumnType<string, string | undefined, string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ChatUsersTable {
  chatId: number;
  userId: number;
  companyId: number;
  unreads: ColumnType<number, number | undefined, number>;
  createdAt: Timestamp;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  companyId: number;
  chatId: number;
  senderId: number | null;
  message: string;
  createdAt: Timestamp;
}

export interface ChatTables {
  chats: ChatsTable;
  chatUsers: ChatUsersTable;
  chatMessages: ChatMessagesTable;
}
