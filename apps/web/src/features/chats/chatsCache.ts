import { unreadsOf, type Chat, type ChatEventPayload, type ChatMessage, type ChatMessagePage, type ChatPage } from '@atende/contract';
import type { InfiniteData } from '@tanstack/react-query';

/**
 * The chat list and conversation caches, patched by live events instead of refetched: a message
 * shows at once and the list keeps its pages.
 */
export type ChatList = InfiniteData<ChatPage>;
export type MessagePages = InfiniteData<ChatMessagePage>;

export function chatsOf(data: ChatList | undefined): Chat[] {
  const seen = new Set<number>();
  const chats: Chat[] = [];
  for (const chat of data?.pages.flatMap((page) => page.records) ?? []) {
    if (seen.has(chat.id)) continue;
    seen.add(chat.id);
    chats.push(chat);
  }
  return chats;
}

/** True when the user has an unread message in any chat loaded. */
export function hasUnread(chats: Chat[], userId: number | undefined): boolean {
  return chats.some((chat) => unreadsOf(chat, userId) > 0);
}

/**
 * A chat event applied to the list: a deleted chat leaves it; a new or changed one replaces its
 * old copy, and one with a new message (or just created) moves to the top, as the server orders them.
 */
export function applyChatEvent(data: ChatList | undefined, event: ChatEventPayload): ChatList | undefined {
  if (!data) return data;
  const chatId = event.action === 'delete' ? event.chatId : event.chat.id;
  const present = data.pages.some((page) => page.records.some((chat) => chat.id === chatId));
  const pages = data.pages.map((page) => ({ ...page, records: page.records.filter((chat) => chat.id !== chatId) }));
  if (event.action === 'delete') {
    if (!present) return data;
    return { ...data, pages: pages.map((page, i) => (i === 0 ? { ...page, count: Math.max(0, page.count - 1) } : page)) };
  }
  const toTop = event.action === 'create' || event.action === 'new-message' || !present;
  if (toTop) {
    const [first, ...rest] = pages;
    const count = present ? first.count : first.count + 1;
    return { ...data, pages: [{ ...first, count, records: [event.chat, ...first.records] }, ...rest] };
  }
  // An update keeps the chat where it was.
  return { ...data, pages: data.pages.map((page) => ({ ...page, records: page.records.map((chat) => (chat.id === chatId ? event.chat : chat)) })) };
}

/**
 * A conversation's messages, oldest first. Pages count back from the newest, so a page loaded
 * after new messages arrived overlaps the one before it: each message shows once.
 */
export function messagesOf(data: MessagePages | undefined): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const page of data?.pages ?? []) for (const message of page.records) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** A message heard live joins the newest page (once, even if the answer to the send came first). */
export function withMessage(data: MessagePages | undefined, message: ChatMessage): MessagePages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.records.some((m) => m.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  return { ...data, pages: [{ ...newest, count: newest.count + 1, records: [...newest.records, message] }, ...older] };
}
