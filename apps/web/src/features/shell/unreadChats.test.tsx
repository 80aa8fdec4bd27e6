import type { Chat } from '@atende/contract';
import ForumIcon from '@mui/icons-material/Forum';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../app/SocketProvider';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { fakeSocket, serveApi } from '../../test/serve';
import { ChatsLiveSync } from '../chats';
import { ChatsPopover } from './components/HeaderPopovers';
import { SideMenu } from './components/SideMenu';
import { menuOf } from './menu';

const MENU = menuOf([{ path: '/chats', page: { comingSoon: 'chats' }, access: { feature: 'useInternalChat' }, menu: { section: 'main', label: 'chats', Icon: ForumIcon, badge: 'unreadChats' } }]);

const chat = (unreads: number): Chat => ({
  id: 1,
  uuid: '00000000-0000-4000-8000-000000000001',
  title: 'Plantão',
  ownerId: 8,
  lastMessage: 'Chegou?',
  createdAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  users: [
    { userId: 7, unreads, user: { id: 7, name: 'Ana Souza' } },
    { userId: 8, unreads: 0, user: { id: 8, name: 'Bia' } },
  ],
});

function renderShell(chats: Chat[], plan = {}) {
  const sent = serveApi({ 'GET /api/chats': () => jsonResponse(200, { records: chats, count: chats.length, hasMore: false }) });
  const live = fakeSocket();
  renderWithApp(
    <SocketContext.Provider value={{ socket: live.socket, companyId: 3 }}>
      <ChatsLiveSync />
      <ChatsPopover />
      <SideMenu menu={MENU} expanded />
    </SocketContext.Provider>,
    { user: sessionUser({ id: 7 }, plan) },
  );
  return { sent, live };
}

/** The dot of the menu entry (MUI hides an invisible badge with a class). */
const menuDot = () => screen.getByTestId('menu-item-chats').querySelector('.MuiBadge-dot');
const menuDotShown = () => Boolean(menuDot()) && !menuDot()?.classList.contains('MuiBadge-invisible');

afterEach(() => vi.unstubAllGlobals());

describe('unread internal chats in the shell', { timeout: 20_000 }, () => {
  it('dots the menu entry and the pop-over while a chat is unread, live', async () => {
    const { live } = renderShell([chat(0)]);
    await waitFor(() => expect(screen.getByTestId('chats-unread').dataset.unread).toBe('false'));
    expect(menuDotShown()).toBe(false);

    act(() => live.emit('company-3-chat', { action: 'new-message', chat: chat(1), newMessage: { id: 5, chatId: 1, senderId: 8, sender: { id: 8, name: 'Bia' }, message: 'Chegou?', createdAt: '2026-03-02T10:00:00.000Z' } }));
    await waitFor(() => expect(screen.getByTestId('chats-unread').dataset.unread).toBe('true'));
    expect(menuDotShown()).toBe(true);

    const user = userEvent.setup();
    await user.click(screen.getByTestId('chats'));
    expect((await screen.findByTestId('chats-popover-item-1')).textContent).toContain('Plantão');

    act(() => live.emit('company-3-chat', { action: 'update', chat: chat(0) }));
    await waitFor(() => expect(screen.getByTestId('chats-unread').dataset.unread).toBe('false'));
    expect(menuDotShown()).toBe(false);
  });

  it('offers nothing and asks nothing of the server when the plan has no internal chat', async () => {
    const { sent } = renderShell([chat(3)], { useInternalChat: false });
    expect(screen.queryByTestId('menu-item-chats')).toBeNull();
    await settleQueries();
    expect(sent.filter((s) => s.url.startsWith('/api/chats'))).toEqual([]);
    expect(screen.queryByTestId('chats')).toBeNull();
  });
});

/** Lets pending queries start (none should). */
const settleQueries = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));
