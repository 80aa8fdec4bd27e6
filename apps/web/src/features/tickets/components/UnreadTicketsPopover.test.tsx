import type { Ticket } from '@atende/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../../app/SocketProvider';
import { jsonResponse, sessionUser } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { fakeSocket, serveApi } from '../../../test/serve';
import { ticket, ticketPage } from '../../../test/tickets';
import { UnreadTicketsPopover } from './UnreadTicketsPopover';

const agent = sessionUser({ profile: 'user', queues: [{ id: 1, name: 'Suporte', color: '#16a34a' }] });

/** Records the chimes instead of playing them: each one's starting volume. */
function fakeAudio() {
  const volumes: number[] = [];
  class FakeAudioContext {
    currentTime = 0;
    destination = {};
    createGain() {
      return { gain: { setValueAtTime: (v: number) => volumes.push(v), exponentialRampToValueAtTime: () => {} }, connect: () => {} };
    }
    createOscillator() {
      return { frequency: { setValueAtTime: () => {} }, connect: () => {}, start: () => {}, stop: () => {}, onended: null };
    }
    close() {
      return Promise.resolve();
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return volumes;
}

function OpenedTicket() {
  return <div data-testid="opened">{useParams().ticketId}</div>;
}

function renderBell(unread: Ticket[]) {
  serveApi({ 'GET /api/tickets': () => jsonResponse(200, ticketPage(unread)) });
  const live = fakeSocket();
  renderWithApp(
    <SocketContext.Provider value={{ socket: live.socket, companyId: 3 }}>
      <UnreadTicketsPopover />
      <Routes>
        <Route path="/tickets/:ticketId?" element={<OpenedTicket />} />
      </Routes>
    </SocketContext.Provider>,
    { user: agent, route: '/tickets' },
  );
  return live;
}

const inbound = (t: Ticket, body = 'Oi') => ({ action: 'create', message: { id: 90, ticketId: t.id, body, fromMe: false }, ticket: t });

beforeEach(() => {
  document.title = 'Atende';
});
afterEach(() => vi.unstubAllGlobals());

describe('<UnreadTicketsPopover>', { timeout: 20_000 }, () => {
  it('says so when nothing is unread', async () => {
    renderBell([]);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('notifications'));
    expect((await screen.findByTestId('notifications-empty')).textContent).toBe('Nenhuma notificação.');
    expect(screen.getByTestId('notifications-count').dataset.count).toBe('0');
  });

  it('lists unread tickets with their count in the badge and the title; a click opens one', async () => {
    renderBell([ticket(1, { unreadMessages: 2 }), ticket(2, { unreadMessages: 1 })]);
    await waitFor(() => expect(screen.getByTestId('notifications-count').dataset.count).toBe('2'));
    expect(document.title).toBe('(2) Atende');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('notifications'));
    await user.click(await screen.findByTestId('notification-ticket-2'));
    expect(screen.getByTestId('opened').textContent).toBe(ticket(2).uuid);
    await waitFor(() => expect(screen.queryByTestId('notifications-popover')).toBeNull());
  });

  it('chimes at the stored volume for a customer message on a ticket the agent may take, and adds it live', async () => {
    localStorage.setItem('volume', '0.3');
    const volumes = fakeAudio();
    const live = renderBell([]);
    await waitFor(() => expect(screen.getByTestId('notifications-count').dataset.count).toBe('0'));

    const waiting = ticket(5, { status: 'pending', userId: null, user: null, unreadMessages: 1 });
    act(() => live.emit('company-3-appMessage', inbound(waiting)));
    expect(volumes).toEqual([0.3]);
    await waitFor(() => expect(screen.getByTestId('notifications-count').dataset.count).toBe('1'));
    expect(document.title).toBe('(1) Atende');

    // The agent's own replies, and another agent's conversation, stay silent.
    act(() => live.emit('company-3-appMessage', { ...inbound(waiting), message: { id: 91, ticketId: 5, body: 'Olá', fromMe: true } }));
    act(() => live.emit('company-3-appMessage', inbound(ticket(6, { userId: 9, user: { id: 9, name: 'Carla' }, unreadMessages: 1 }))));
    expect(volumes).toEqual([0.3]);
  });

  it('shows a desktop notification while the tab is hidden', async () => {
    fakeAudio();
    const shown: { title: string; body?: string }[] = [];
    vi.stubGlobal(
      'Notification',
      Object.assign(
        function FakeNotification(this: object, title: string, options: NotificationOptions) {
          shown.push({ title, body: options.body });
        },
        { permission: 'granted', requestPermission: () => Promise.resolve('granted') },
      ),
    );
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    const live = renderBell([]);
    act(() => live.emit('company-3-appMessage', inbound(ticket(1, { unreadMessages: 1 }), 'Preciso de ajuda')));
    expect(shown).toEqual([{ title: 'Nova mensagem de Cliente 1', body: 'Preciso de ajuda' }]);
    hidden.mockRestore();
  });
});
