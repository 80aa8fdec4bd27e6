import type { TicketNote } from '@atende/contract';
import type { NoteView } from './ticket-notes.repository.js';

export function presentNote(view: NoteView): TicketNote {
  return {
    id: view.id,
    note: view.note,
    ticketId: view.ticketId,
    contactId: view.contactId,
    createdAt: new Date(view.createdAt).toISOString(),
    user: view.userId !== null && view.userName !== null ? { id: view.userId, name: view.userName } : null,
  };
}
