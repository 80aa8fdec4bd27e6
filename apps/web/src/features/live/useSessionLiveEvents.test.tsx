import { screen, waitFor } from '@testing-library/react';
import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../app/SocketProvider';
import { fakeJwt, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { useSessionLiveEvents } from './useSessionLiveEvents';

vi.mock('../../lib/browser', () => ({ reloadPage: vi.fn() }));
const { reloadPage } = await import('../../lib/browser');

/** Just enough of a socket.io client to deliver server events. */
function fakeSocket() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    on: (event: string, fn: (payload: unknown) => void) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(fn);
      return socket;
    },
    off: (event: string, fn: (payload: unknown) => void) => {
      handlers.get(event)?.delete(fn);
      return socket;
    },
  };
  const emit = (event: string, payload: unknown) => handlers.get(event)?.forEach((fn) => fn(payload));
  return { socket: socket as unknown as Socket, emit, handlers };
}

function Watcher() {
  useSessionLiveEvents();
  return null;
}

function renderWatcher(socket: Socket, updateUser = vi.fn()) {
  return renderWithApp(
    <SocketContext.Provider value={{ socket, companyId: 3 }}>
      <Watcher />
    </SocketContext.Provider>,
    { user: sessionUser(), auth: { updateUser } },
  );
}

afterEach(() => vi.mocked(reloadPage).mockClear());

describe('session live events', () => {
  it('ends this tab when a newer login ended its session', async () => {
    localStorage.setItem('token', fakeJwt({ id: 7, companyId: 3, sid: 'session-a' }));
    localStorage.setItem('companyId', '3');
    const { socket, emit } = fakeSocket();
    renderWatcher(socket);

    emit('company-3-auth', { action: 'sessionEnded', userId: 7, endedSessionIds: ['session-a'] });
    expect(await screen.findByText('Sua conta foi acessada em outro computador.')).toBeTruthy();
    expect(reloadPage).not.toHaveBeenCalled();
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1), { timeout: 2_000 });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('companyId')).toBeNull();
    // The login page, after the reload, still tells why.
    expect(sessionStorage.getItem('atende.sessionTaken')).toBe('1');
  });

  it('ends this tab, saying why, when its company stopped working', async () => {
    localStorage.setItem('token', fakeJwt({ id: 7, companyId: 3, sid: 'session-a' }));
    const { socket, emit } = fakeSocket();
    renderWatcher(socket);

    emit('company-3-auth', { action: 'sessionEnded', userId: 7, endedSessionIds: ['session-a'], reason: 'ERR_COMPANY_INACTIVE' });
    expect(await screen.findByText('Esta empresa está inativa. Entre em contato com o suporte.')).toBeTruthy();
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1), { timeout: 2_000 });
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('atende.sessionTaken')).toBeNull();
  });

  it('ignores the end of other sessions', async () => {
    localStorage.setItem('token', fakeJwt({ id: 7, companyId: 3, sid: 'session-b' }));
    const { socket, emit } = fakeSocket();
    renderWatcher(socket);
    emit('company-3-auth', { action: 'sessionEnded', userId: 7, endedSessionIds: ['session-a'] });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(screen.queryByText('Sua conta foi acessada em outro computador.')).toBeNull();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it('listens only to its own company and stops listening on unmount', () => {
    const { socket, handlers } = fakeSocket();
    const view = renderWatcher(socket);
    expect([...handlers.keys()].sort()).toEqual(['company-3-auth', 'company-3-settings']);
    view.unmount();
    expect([...handlers.values()].every((set) => set.size === 0)).toBe(true);
  });

  it('keeps the session company settings and the campaign flag in step', () => {
    const { socket, emit } = fakeSocket();
    const updateUser = vi.fn();
    renderWatcher(socket, updateUser);
    emit('company-3-settings', { action: 'update', setting: { key: 'campaignsEnabled', value: 'false' } });
    expect(localStorage.getItem('cshow')).toBeNull();
    expect(updateUser).toHaveBeenCalledWith({
      company: expect.objectContaining({ settings: [{ key: 'campaignsEnabled', value: 'false' }] }),
    });
    emit('company-3-settings', { action: 'update', setting: { key: 'campaignsEnabled', value: 'true' } });
    expect(localStorage.getItem('cshow')).toBe('true');
  });
});
