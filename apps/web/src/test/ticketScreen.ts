import type { Message, MessagePage, Ticket } from '@atende/contract';

/** A ticket as GET /tickets/u/{uuid} answers it. */
export function aTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 41,
    uuid: '0b6f3b1e-5a0f-4c5e-9b0a-8d7c6e5f4a31',
    status: 'open',
    userId: 7,
    user: { id: 7, name: 'Ana Souza' },
    queueId: 2,
    queue: { id: 2, name: 'Suporte', color: '#16a34a' },
    contactId: 5,
    contact: { id: 5, name: 'Maria Cliente', number: '5511999990001', profilePicUrl: '', isGroup: false, email: '' },
    whatsappId: 1,
    whatsapp: { id: 1, name: 'WhatsApp Demo' },
    tags: [],
    chatbot: false,
    isGroup: false,
    useIntegration: false,
    promptId: null,
    integrationId: null,
    lastMessage: '',
    lastMessageAt: '2026-11-20T12:00:00.000Z',
    unreadMessages: 0,
    createdAt: '2026-11-20T12:00:00.000Z',
    updatedAt: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}

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
