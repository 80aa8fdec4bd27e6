import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sessionUser } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { serveApi } from '../../../test/serve';
import { aMessage, aPage, ticket } from '../../../test/tickets';
import { TicketPeekDialog } from '../../ticket-screen';
import { ConversationPreviewContext } from '../conversationPreview';
import { TicketListItem } from './TicketListItem';

afterEach(() => vi.unstubAllGlobals());

const waiting = ticket(41, { status: 'pending', userId: null, user: null, contact: { ...ticket(41).contact, name: 'Carla Dias' } });

function renderItem(profile: 'admin' | 'user', item = waiting) {
  const onOpen = vi.fn();
  // The conversation list is virtualised: jsdom has no layout, so the mock gives it one.
  renderWithApp(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 20_000, itemHeight: 40 }}>
      <ConversationPreviewContext.Provider value={{ prefetch: () => {}, PeekDialog: TicketPeekDialog }}>
        <TicketListItem ticket={item} selected={false} narrow={false} busy={false} onOpen={onOpen} onAction={() => {}} />
      </ConversationPreviewContext.Provider>
    </VirtuosoMockContext.Provider>,
    { user: sessionUser({ profile }) },
  );
  return onOpen;
}

describe('<TicketListItem> peek', () => {
  it('lets an admin read a waiting ticket’s conversation without opening it', async () => {
    serveApi({ 'GET /api/messages/41': () => jsonResponse(200, aPage([aMessage(1, { body: 'Preciso de ajuda' })])) });
    const user = userEvent.setup();
    const onOpen = renderItem('admin');
    await user.click(screen.getByTestId('ticket-peek-41'));
    const dialog = await screen.findByTestId('ticket-peek-dialog');
    expect(within(dialog).getByText('Conversa com Carla Dias')).toBeTruthy();
    expect(await within(dialog).findByText('Preciso de ajuda', undefined, { timeout: 5000 })).toBeTruthy();
    await user.click(within(dialog).getByText('Preciso de ajuda'));
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('shows no peek icon to an agent', () => {
    serveApi({});
    renderItem('user');
    expect(screen.getByTestId('ticket-item-41')).toBeTruthy();
    expect(screen.queryByTestId('ticket-peek-41')).toBeNull();
  });
});

describe('<TicketListItem> preview', () => {
  it('shows the last message without WhatsApp markers', () => {
    serveApi({});
    renderItem('user', { ...waiting, lastMessage: '*Bruno Agente:*\nSeu pedido ~saiu~ *chegou*' });
    expect(screen.getByTestId('ticket-last-message-41').textContent).toBe('Bruno Agente:\nSeu pedido saiu chegou');
  });
});
