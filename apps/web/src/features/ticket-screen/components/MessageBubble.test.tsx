import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionUser } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { aMessage } from '../../../test/tickets';
import { MessageBubble } from './MessageBubble';

describe('<MessageBubble>', () => {
  it('tells the agent when a delete or an edit never reached the customer’s phone', () => {
    renderWithApp(
      <>
        <MessageBubble myUserId={7} message={aMessage(1, { fromMe: true, userId: 7, delivery: 'sent', ack: 2, isDeleted: true, errorCode: 'ERR_DELETE_WAPP_MSG' })} />
        <MessageBubble myUserId={7} message={aMessage(2, { fromMe: true, userId: 7, delivery: 'sent', ack: 2, errorCode: null })} />
      </>,
      { user: sessionUser() },
    );
    const notice = screen.getByTestId('message-not-on-phone');
    expect(notice.textContent).toBe('Não aplicado no WhatsApp');
    expect(notice.getAttribute('title')).toBe('Não foi possível excluir a mensagem do WhatsApp.');
    expect(screen.getAllByTestId('message-not-on-phone')).toHaveLength(1);
  });
});
