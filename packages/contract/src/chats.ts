import { z } from 'zod';
import { V, listQuery, recordId } from './common.js';

/**
 * Internal chat: conversations between users of one company. A chat has a title, an owner (who
 * created it, the only one who edits or deletes it) and members; only members read or write it.
 */

/** Chats per page of GET /chats (the list loads more when scrolled to its bottom). */
export const CHAT_PAGE_SIZE = 20;
/** Messages per page of GET /chats/:id/messages; older pages load when scrolled near the top. */
export const CHAT_MESSAGES_PAGE_SIZE = 20;
/** The conversation asks for older messages when scrolled within this many pixels of its top. */
export const CHAT_OLDER_MESSAGES_PX = 600;
export const CHAT_TITLE_MAX = 100;
export const CHAT_MESSAGE_MAX = 4096;
/** The most members a chat may have (the company's users are picked one by one in the dialog). */
export const CHAT_MEMBERS_MAX = 500;

/** A member as the dialog sends it: `{ id }` (the user picked, as GET /users/list answers it) or a bare id. */
const memberRef = z.union([recordId(), z.object({ id: recordId() }).passthrough()], { error: V.invalid }).transform((v) => (typeof v === 'number' ? v : v.id));

export const chatInput = z.object({
  title: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(CHAT_TITLE_MAX, { error: V.tooLong }),
  /** The members besides the owner, who is always one. */
  users: z
    .array(memberRef, { error: V.required })
    .min(1, { error: V.required })
    .max(CHAT_MEMBERS_MAX, { error: V.tooLong })
    .transform((ids) => [...new Set(ids)]),
});
export type ChatInput = z.input<typeof chatInput>;

/** A blank message is refused (the composer does not send one either). */
export const chatMessageInput = z.object({
  message: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(CHAT_MESSAGE_MAX, { error: V.tooLong }),
});
export type ChatMessageInput = z.input<typeof chatMessageInput>;

/** GET /chats: `searchParam` filters by title. */
export const chatListQuery = listQuery;
export const chatMessagesQuery = listQuery.pick({ pageNumber: true });

/**
 * `:id` of the chat routes: the chat's id, or its uuid (the web address /chats/:uuid names it so).
 */
export const chatRefParam = z.object({
  id: z.union([recordId(), z.uuid({ error: V.invalid })], { error: V.invalid }),
});
export type ChatRef = number | string;

export interface ChatMember {
  userId: number;
  /** Messages this member has not read yet; POST /chats/:id/read clears the caller's. */
  unreads: number;
  user: { id: number; name: string };
}

export interface Chat {
  id: number;
  uuid: string;
  title: string;
  /** Null once the owner's user was deleted: then nobody edits the chat any more. */
  ownerId: number | null;
  lastMessage: string;
  createdAt: string;
  updatedAt: string;
  users: ChatMember[];
}

export interface ChatMessage {
  id: number;
  chatId: number;
  senderId: number | null;
  sender: { id: number; name: string } | null;
  message: string;
  createdAt: string;
}

export interface ChatPage {
  records: Chat[];
  count: number;
  hasMore: boolean;
}

/** A page of a chat's messages, oldest first; `hasMore` when older ones exist. */
export interface ChatMessagePage {
  records: ChatMessage[];
  count: number;
  hasMore: boolean;
}

/**
 * `company-{id}-chat`, sent to each member's user room only. 'new-message' carries the chat as it
 * is after the message (last message, unread counts); 'delete' also reaches a member who was
 * removed from the chat, so the chat leaves their list.
 */
export type ChatEventPayload =
  | { action: 'create' | 'update'; chat: Chat }
  | { action: 'new-message'; chat: Chat; newMessage: ChatMessage }
  | { action: 'delete'; chatId: number };

export * from './chats/unreads.js';
