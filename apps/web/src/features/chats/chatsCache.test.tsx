import type { Chat, ChatMessage } from '@atende/contract';
import { describe, expect, it } from 'vitest';
import { applyChatEvent, chatsOf, hasUnread, messagesOf, withMessage, type ChatList, type MessagePages } from './chatsCache';

const chat = (id: number, unreads: Record<number, number> = {}, extra: Partial<Chat> = {}): Chat => ({
  id,
  uuid: `00000000-0000-4000-8000-00000000000${id}`,
  title: `Chat ${id}`,
  ownerId: 7,
  lastMessage: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  users: Object.entries(unreads).map(([userId, count]) => ({ userId: Number(userId), unreads: count, user: { id: Number(userId), name: `U${userId}` } })),
  ...extra,
});
const message = (id: number): ChatMessage => ({ id, chatId: 1, senderId: 7, sender: { id: 7, name: 'Ana' }, message: `m${id}`, createdAt: '2026-01-01T00:00:00.000Z' });
const list = (...pages: Chat[][]): ChatList => ({ pages: pages.map((records) => ({ records, count: 10, hasMore: true })), pageParams: pages.map((_, i) => i + 1) });
const ids = (data: ChatList | undefined) => chatsOf(data).map((c) => c.id);

describe('the chat list cache', () => {
  it('moves a chat with a new message to the top, once', () => {
    const data = list([chat(1), chat(2)], [chat(3)]);
    const after = applyChatEvent(data, { action: 'new-message', chat: chat(3, {}, { lastMessage: 'oi' }), newMessage: message(1) });
    expect(ids(after)).toEqual([3, 1, 2]);
    expect(chatsOf(after)[0].lastMessage).toBe('oi');
    expect(after?.pages[0].count).toBe(10);
  });

  it('adds a new chat on top and counts it; keeps an updated one in place', () => {
    const data = list([chat(1), chat(2)]);
    const created = applyChatEvent(data, { action: 'create', chat: chat(5) });
    expect(ids(created)).toEqual([5, 1, 2]);
    expect(created?.pages[0].count).toBe(11);
    const updated = applyChatEvent(created, { action: 'update', chat: chat(2, {}, { title: 'Novo nome' }) });
    expect(ids(updated)).toEqual([5, 1, 2]);
    expect(chatsOf(updated)[2].title).toBe('Novo nome');
  });

  it('drops a deleted chat, and ignores one it never had', () => {
    const data = list([chat(1), chat(2)]);
    expect(ids(applyChatEvent(data, { action: 'delete', chatId: 1 }))).toEqual([2]);
    expect(applyChatEvent(data, { action: 'delete', chatId: 9 })).toBe(data);
    expect(applyChatEvent(undefined, { action: 'create', chat: chat(1) })).toBeUndefined();
  });

  it('has an unread chat only when the user’s own count is above 0', () => {
    expect(hasUnread([chat(1, { 7: 0, 8: 4 })], 7)).toBe(false);
    expect(hasUnread([chat(1, { 7: 0 }), chat(2, { 7: 2 })], 7)).toBe(true);
    expect(hasUnread([chat(1, { 8: 1 })], undefined)).toBe(false);
  });
});

describe('the conversation cache', () => {
  const pages = (...records: number[][]): MessagePages => ({ pages: records.map((r) => ({ records: r.map(message), count: 50, hasMore: true })), pageParams: records.map((_, i) => i + 1) });

  it('shows older pages above newer ones, each message once', () => {
    // Page 2 was loaded after two messages arrived: it repeats the two oldest of page 1.
    expect(messagesOf(pages([23, 24, 25, 26], [19, 20, 21, 22, 23, 24])).map((m) => m.id)).toEqual([19, 20, 21, 22, 23, 24, 25, 26]);
  });

  it('adds a live message to the newest page unless it is there already', () => {
    const data = pages([3, 4], [1, 2]);
    const after = withMessage(data, message(5));
    expect(messagesOf(after).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(withMessage(after, message(5))).toBe(after);
    expect(withMessage(undefined, message(5))).toBeUndefined();
  });
});
