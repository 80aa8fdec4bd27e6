import type { Ticket, TicketStatus } from '@atende/contract';
import type { TicketView } from './tickets.repository.js';

const iso = (value: Date | string) => new Date(value).toISOString();

/** The public shape of a ticket: bot state and cycles stay on the server. */
export function presentTicket(view: TicketView): Ticket {
  return {
    id: view.id,
    uuid: view.uuid,
    status: view.status as TicketStatus,
    userId: view.userId,
    user: view.userId !== null && view.userName !== null ? { id: view.userId, name: view.userName } : null,
    queueId: view.queueId,
    queue: view.queueId !== null && view.queueName !== null ? { id: view.queueId, name: view.queueName, color: view.queueColor ?? '' } : null,
    contactId: view.contactId,
    contact: {
      id: view.contactId,
      name: view.contactName,
      number: view.contactNumber,
      email: view.contactEmail,
      profilePicUrl: view.contactProfilePicUrl,
      isGroup: view.contactIsGroup,
    },
    whatsappId: view.whatsappId,
    whatsapp: view.whatsappId !== null && view.whatsappName !== null ? { id: view.whatsappId, name: view.whatsappName } : null,
    tags: view.tags ?? [],
    chatbot: view.chatbot,
    isGroup: view.isGroup,
    useIntegration: view.useIntegration,
    promptId: view.promptId,
    integrationId: view.integrationId,
    lastMessage: view.lastMessage,
    lastMessageAt: iso(view.lastMessageAt),
    unreadMessages: view.unreadMessages,
    createdAt: iso(view.createdAt),
    updatedAt: iso(view.updatedAt),
  };
}
