import { z } from 'zod';
import { V } from './common.js';

/** Spec core §5: a note needs at least 2 characters. */
export const ticketNoteInput = z.object({
  note: z.string({ error: V.required }).trim().min(1, { error: V.required }).min(2, { error: V.tooShort }).max(5000, { error: V.tooLong }),
  ticketId: z.coerce.number().int().positive(),
  contactId: z.coerce.number().int().positive(),
});

export interface TicketNote {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  createdAt: string;
  user: { id: number; name: string } | null;
}
