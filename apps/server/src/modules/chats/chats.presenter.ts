import type { Chat, ChatMessage } from '@atende/contract';
import type { ChatMessageRow, ChatRow, MemberRow } from './chats.repository.js';

const iso = (date: Date | string) => new Date(date).toISOString();

export function presentChat(row: ChatRow, members: MemberRow[]): Chat {
  return {
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    ownerId: row.ownerId,
    lastMessage: row.lastMessage,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    users: members
      .filter((member) => member.chatId === row.id)
      .map((member) => ({ userId: member.userId, unreads: member.unreads, user: { id: member.userId, name: member.name } })),
  };
}

export function presentChatMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    chatId: row.chatId,
    senderId: row.senderId,
    sender: row.senderId !== null && row.senderName !== null ? { id: row.senderId, name: row.senderName } : null,
    message: row.message,
    createdAt: iso(row.createdAt),
  };
}
