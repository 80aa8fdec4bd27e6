import type { Message, MessagePage, Ticket, TicketPage } from '@atende/contract';

/** A ticket as GET /tickets and the live events carry it. */
export function ticket(id: number, overrides: Partial<Ticket> = {}): Ticket {
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    status: 'open',
    userId: 7,
    user: { id: 7, name: 'Ana Souza' },
    queueId: 1,
    queue: { id: 1, name: 'Suporte', color: '#16a34a' },
    contactId: 100 + id,
    contact: { id: 100 + id, name: `Cliente ${id}`, number: `55119999900${id}`, profilePicUrl: '', isGroup: false, email: '' },
    whatsappId: 4,
    whatsapp: { id: 4, name: 'WhatsApp Demo' },
    tags: [],
    chatbot: false,
    isGroup: false,
    useIntegration: false,
    promptId: null,
    integrationId: null,
    lastMessage: `Mensagem ${id}`,
    lastMessageAt: `2026-03-05T10:${String(id % 60).padStart(2, '0')}:00.000Z`,
    unreadMessages: 0,
    createdAt: '2026-03-05T09:00:00.000Z',
    updatedAt: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}

export function ticketPage(tickets: Ticket[], hasMore = false): TicketPage {
  return { tickets, count: tickets.length, hasMore };
}

/** A message of ticket 41 (the ticket the screen's tests open), as GET /messages and the live events carry it. */
export function aMessage(id: number, overrides: Partial<Message> = {}): Message {
  return {
    id,
    ticketId: 41,
    contactId: 5,
    contact: { id: 5, name: 'Maria Cliente' },
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
  return { messages, ticket: ticket(41), count: messages.length, hasMore: false, ...overrides };
}
