import type { Tag, TagTicket } from '@atende/contract';
import type { TicketView } from '../tickets/tickets.repository.js';
import { presentTicket } from '../tickets/tickets.presenter.js';
import type { TagRow } from './tags.repository.js';

export function presentTag(row: TagRow & { ticketsCount?: string | number }): Tag {
  const tag: Tag = { id: row.id, name: row.name, color: row.color, kanban: row.kanban === 1 ? 1 : 0, userId: row.userId };
  if (row.ticketsCount !== undefined) tag.ticketsCount = Number(row.ticketsCount);
  return tag;
}

/** A row of the tag dialog's ticket list. */
export function presentTagTicket(view: TicketView): TagTicket {
  const { id, uuid, status, contact, tags, lastMessage, unreadMessages, createdAt, updatedAt } = presentTicket(view);
  return {
    id,
    uuid,
    status,
    contact: { id: contact.id, name: contact.name, number: contact.number, profilePicUrl: contact.profilePicUrl },
    tags,
    lastMessage,
    unreadMessages,
    createdAt,
    updatedAt,
  };
}
