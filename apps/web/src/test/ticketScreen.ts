import type { Message, MessagePage, Ticket } from '@atende/contract';
import { ticket } from './tickets';

/** The ticket the screen's tests open. */
export const aTicket = (overrides: Partial<Ticket> = {}): Ticket => ticket(41, overrides);

export function aMessage(id: number, overrides: Partial<Message> = {}): Message {
  return {
    id,
    ticketId: 41,
    contactId: 5,
    body: `Mensagem ${id}`,
    fromMe: false,
    read: true,
    mediaType: 'chat',
    mediaUrl: null,
    mediaName: null,
    mimeType: null,
    location: null,
    vcard: null,
    quotedMsg: null,
    isDeleted: false,
    isEdited: false,
    ack: 0,
    delivery: 'received',
    errorCode: null,
    automated: false,
    userId: null,
    cycleId: 1,
    createdAt: `2026-11-20T12:${String(id % 60).padStart(2, '0')}:00.000Z`,
    ...overrides,
  };
}

export function aPage(messages: Message[], overrides: Partial<MessagePage> = {}): MessagePage {
  return { messages, ticket: aTicket(), count: messages.length, hasMore: false, ...overrides };
}
