import { z } from 'zod';
import { V, recordId } from './common.js';

/** A note needs at least 2 characters. */
export const ticketNoteInput = z.object({
  note: z.string({ error: V.required }).trim().min(1, { error: V.required }).min(2, { error: V.tooShort }).max(5000, { error: V.tooLong }),
  ticketId: recordId(V.required),
  contactId: recordId(V.required),
});

export interface TicketNote {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  createdAt: string;
  user: { id: number; name: string } | null;
}

/** GET /ticket-notes/list: the notes of a ticket (contactId, when sent, must be the ticket's contact). */
export const ticketNoteListQuery = z.object({
  ticketId: recordId(V.required),
  contactId: recordId().optional(),
});
