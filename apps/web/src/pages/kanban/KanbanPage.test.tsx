import { companyEvent, kanbanTicketOf, type Tag } from '@atende/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../app/SocketProvider';
import { i18n } from '../../app/i18n';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { fakeSocket, serveApi } from '../../test/serve';
import { ticket } from '../../test/tickets';
import KanbanPage from './KanbanPage';

const doing: Tag = { id: 11, name: 'Em andamento', color: '#e91e63', kanban: 1, userId: 7 };
const CARDS = 2000;

function renderBoard() {
  const live = fakeSocket();
  const user = sessionUser({ profile: 'user', queues: [{ id: 4, name: 'Suporte', color: '#111111' }] });
  const rendered = renderWithApp(
    <SocketContext.Provider value={{ socket: live.socket, companyId: 3 }}>
      <KanbanPage />
    </SocketContext.Provider>,
    { user, route: '/kanban' },
  );
  return { ...rendered, live };
}

beforeAll(() => i18n.changeLanguage('pt'));
afterEach(() => vi.unstubAllGlobals());

describe('<KanbanPage>', () => {
  it('asks for the user’s queues, draws only the cards on screen of a 2,000-card lane, and follows live events', async () => {
    const tickets = Array.from({ length: CARDS }, (_, i) => kanbanTicketOf(ticket(i + 1, { queueId: 4, tags: i === 0 ? [doing] : [] })));
    const sent = serveApi({
      'GET /api/ticket/kanban': () => jsonResponse(200, { tickets }),
      'GET /api/tags/kanban': () => jsonResponse(200, { lista: [doing] }),
    });
    const { live } = renderBoard();

    const open = await screen.findByTestId('kanban-lane-lane0');
    expect(within(open).getByText('Em aberto')).toBeTruthy();
    expect(screen.getByTestId('kanban-lane-count-lane0').textContent).toBe(String(CARDS - 1));
    expect(screen.getByTestId('kanban-lane-count-tag-11').textContent).toBe('1');
    // Virtualised: a handful of cards are in the page, not two thousand.
    expect(within(open).getAllByTestId(/^kanban-card-\d+$/).length).toBeLessThan(20);
    expect(sent.find((s) => s.url.includes('/ticket/kanban'))?.url).toContain(`queueIds=${encodeURIComponent('[4]')}`);

    // Another user moved ticket 2 to the lane; then ticket 1 closed.
    act(() => live.emit(companyEvent(3, 'ticket'), { action: 'update', ticket: ticket(2, { queueId: 4, tags: [doing] }) }));
    await waitFor(() => expect(screen.getByTestId('kanban-lane-count-tag-11').textContent).toBe('2'));
    expect(within(screen.getByTestId('kanban-lane-tag-11')).getByTestId('kanban-card-2')).toBeTruthy();
    act(() => live.emit(companyEvent(3, 'ticket'), { action: 'update', ticket: ticket(1, { queueId: 4, tags: [doing], status: 'closed' }) }));
    await waitFor(() => expect(screen.getByTestId('kanban-lane-count-tag-11').textContent).toBe('1'));
    expect(screen.queryByTestId('kanban-card-1')).toBeNull();
    expect(screen.getByTestId('kanban-lane-count-lane0').textContent).toBe(String(CARDS - 2));
  });
});
