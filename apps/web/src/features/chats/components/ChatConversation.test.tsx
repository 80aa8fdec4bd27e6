import type { Chat, ChatMessage } from '@atende/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sessionUser } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { serveApi } from '../../../test/serve';
import { ChatConversation } from './ChatConversation';

const chat: Chat = {
  id: 4,
  uuid: '00000000-0000-4000-8000-000000000004',
  title: 'Plantão',
  ownerId: 7,
  lastMessage: 'm40',
  createdAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  users: [{ userId: 7, unreads: 0, user: { id: 7, name: 'Ana Souza' } }],
};
const message = (id: number): ChatMessage => ({ id, chatId: 4, senderId: 7, sender: { id: 7, name: 'Ana Souza' }, message: `m${id}`, createdAt: '2026-03-02T10:00:00.000Z' });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));

/** jsdom lays nothing out: the conversation is given a tall content and a scroll position it keeps. */
let scrollTop = 0;
beforeEach(() => {
  scrollTop = 0;
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(5_000);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  Object.defineProperty(HTMLElement.prototype, 'scrollTop', { configurable: true, get: () => scrollTop, set: (v: number) => void (scrollTop = v) });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollTop');
});

describe('<ChatConversation>', { timeout: 20_000 }, () => {
  it('opens at the newest message and asks for older ones only within 600 px of the top', async () => {
    const sent = serveApi({
      'GET /api/chats/4/messages': (_body, url) =>
        url.includes('pageNumber=2')
          ? jsonResponse(200, { records: range(1, 20), count: 40, hasMore: false })
          : jsonResponse(200, { records: range(21, 40), count: 40, hasMore: true }),
    });
    renderWithApp(<ChatConversation chat={chat} userId={7} />, { user: sessionUser({ id: 7 }) });
    expect(await screen.findByText('m40')).toBeTruthy();
    await waitFor(() => expect(scrollTop).toBe(5_000));
    const pages = () => sent.filter((s) => s.url.startsWith('/api/chats/4/messages')).map((s) => new URL(s.url, 'http://x').searchParams.get('pageNumber'));
    expect(pages()).toEqual(['1']);

    const pane = screen.getByTestId('chat-messages');
    scrollTop = 700;
    fireEvent.scroll(pane);
    expect(pages()).toEqual(['1']);
    scrollTop = 599;
    fireEvent.scroll(pane);
    expect(await screen.findByText('m1')).toBeTruthy();
    expect(pages()).toEqual(['1', '2']);
    // Older messages go above: the first one shown is the oldest.
    expect(pane.querySelector('[data-testid^="chat-message-"]')?.getAttribute('data-testid')).toBe('chat-message-1');
    // No more pages: scrolling to the very top asks for nothing.
    scrollTop = 0;
    fireEvent.scroll(pane);
    expect(pages()).toEqual(['1', '2']);
  });
});
