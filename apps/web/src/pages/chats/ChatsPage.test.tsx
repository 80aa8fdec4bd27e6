import type { Chat, ChatMessage } from '@atende/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../app/SocketProvider';
import { ChatsLiveSync } from '../../features/chats';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { fakeSocket, serveApi } from '../../test/serve';
import ChatsPage from './ChatsPage';

const ME = 7;
const member = (userId: number, unreads = 0) => ({ userId, unreads, user: { id: userId, name: userId === ME ? 'Ana Souza' : `Colega ${userId}` } });
const chat = (id: number, extra: Partial<Chat> = {}): Chat => ({
  id,
  uuid: `00000000-0000-4000-8000-00000000000${id}`,
  title: `Equipe ${id}`,
  ownerId: ME,
  lastMessage: '',
  createdAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  users: [member(ME), member(8)],
  ...extra,
});
const message = (id: number, chatId: number, text: string, senderId = 8): ChatMessage => ({
  id,
  chatId,
  senderId,
  sender: { id: senderId, name: `Colega ${senderId}` },
  message: text,
  createdAt: '2026-03-02T10:00:00.000Z',
});

function renderPage(chats: Chat[], route = '/chats', messages: Record<number, ChatMessage[]> = {}) {
  const routes: Parameters<typeof serveApi>[0] = {
    'GET /api/chats': () => jsonResponse(200, { records: chats, count: chats.length, hasMore: false }),
    'GET /api/users/list': () => jsonResponse(200, [{ id: ME, name: 'Ana Souza' }, { id: 8, name: 'Colega 8' }]),
  };
  for (const c of chats) {
    routes[`GET /api/chats/${c.id}/messages`] = () => jsonResponse(200, { records: messages[c.id] ?? [], count: 0, hasMore: false });
    routes[`POST /api/chats/${c.id}/read`] = () => jsonResponse(200, { ...c, users: c.users.map((u) => ({ ...u, unreads: u.userId === ME ? 0 : u.unreads })) });
    routes[`POST /api/chats/${c.id}/messages`] = (body) => jsonResponse(200, message(900, c.id, (body as { message: string }).message, ME));
  }
  const sent = serveApi(routes);
  const live = fakeSocket();
  renderWithApp(
    <SocketContext.Provider value={{ socket: live.socket, companyId: 3 }}>
      <ChatsLiveSync />
      <Routes>
        <Route path="/chats/:id?" element={<ChatsPage />} />
      </Routes>
    </SocketContext.Provider>,
    { user: sessionUser({ id: ME }), route },
  );
  return { sent, live };
}

afterEach(() => vi.unstubAllGlobals());

describe('<ChatsPage>', { timeout: 20_000 }, () => {
  it('asks for a title, then for a user, before creating a chat', async () => {
    const { sent } = renderPage([]);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('chats-add'));
    await user.click(screen.getByTestId('chat-save'));
    expect(await screen.findByText('Por favor, preencha o título da conversa.')).toBeTruthy();
    await user.type(screen.getByTestId('chat-title'), 'Plantão');
    await user.click(screen.getByTestId('chat-save'));
    expect(await screen.findByText('Por favor, selecione pelo menos um usuário.')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);
  });

  it('offers edit and delete only on the chats the user owns', async () => {
    renderPage([chat(1), chat(2, { ownerId: 8 })]);
    await screen.findByTestId('chat-item-2');
    expect(screen.queryByTestId('chat-edit-1')).not.toBeNull();
    expect(screen.queryByTestId('chat-delete-1')).not.toBeNull();
    expect(screen.queryByTestId('chat-edit-2')).toBeNull();
    expect(screen.queryByTestId('chat-delete-2')).toBeNull();
  });

  it('marks an opened chat read, shows live messages in it and never sends a blank one', async () => {
    const unread = chat(1, { users: [member(ME, 2), member(8)] });
    const { sent, live } = renderPage([unread, chat(2)], '/chats', { 1: [message(10, 1, 'Bom dia')] });
    const user = userEvent.setup();
    expect((await screen.findByTestId('chat-unread-1')).dataset.count).toBe('2');
    await user.click(within(screen.getByTestId('chat-item-1')).getByText('Equipe 1'));
    expect(await screen.findByText('Bom dia')).toBeTruthy();
    await waitFor(() => expect(sent.filter((s) => s.method === 'POST').map((s) => s.url)).toEqual(['/api/chats/1/read']));
    act(() => live.emit('company-3-chat', { action: 'update', chat: { ...unread, users: [member(ME, 0), member(8)] } }));

    act(() => live.emit('company-3-chat', { action: 'new-message', chat: { ...unread, lastMessage: 'Chegou?', users: [member(ME, 1), member(8)] }, newMessage: message(11, 1, 'Chegou?') }));
    expect(await screen.findByText('Chegou?')).toBeTruthy();
    await waitFor(() => expect(sent.filter((s) => s.url === '/api/chats/1/read')).toHaveLength(2));

    await user.type(screen.getByTestId('chat-composer'), '   {Enter}');
    expect(sent.filter((s) => s.url === '/api/chats/1/messages' && s.method === 'POST')).toEqual([]);
    await user.type(screen.getByTestId('chat-composer'), 'Tudo certo{Enter}');
    await waitFor(() => expect(sent.filter((s) => s.url === '/api/chats/1/messages' && s.method === 'POST').map((s) => s.body)).toEqual([{ message: 'Tudo certo' }]));
    expect(await screen.findByText('Tudo certo')).toBeTruthy();
    expect((screen.getByTestId('chat-composer') as HTMLTextAreaElement).value).toBe('');
  });

  it('gives a refused message back to the composer, without an error toast', async () => {
    renderPage([chat(1)], `/chats/${chat(1).uuid}`);
    // The same answers, except that the send is refused.
    serveApi({
      'GET /api/chats': () => jsonResponse(200, { records: [chat(1)], count: 1, hasMore: false }),
      'GET /api/chats/1/messages': () => jsonResponse(200, { records: [], count: 0, hasMore: false }),
      'POST /api/chats/1/messages': () => jsonResponse(500, { error: 'ERR_INTERNAL' }),
    });
    const user = userEvent.setup();
    await screen.findByTestId('chat-messages-empty');
    await user.type(screen.getByTestId('chat-composer'), 'Vai falhar{Enter}');
    await waitFor(() => expect((screen.getByTestId('chat-composer') as HTMLTextAreaElement).value).toBe('Vai falhar'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the chats and the messages in two tabs on a narrow screen', async () => {
    renderPage([chat(1)], `/chats/${chat(1).uuid}`);
    expect(await screen.findByTestId('chat-conversation')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('chats-tab-chats'));
    expect(await screen.findByTestId('chat-item-1')).toBeTruthy();
    expect(screen.queryByTestId('chat-conversation')).toBeNull();
    expect(screen.getByTestId('chats-tab-messages').textContent).toBe('Mensagens');
  });
});
