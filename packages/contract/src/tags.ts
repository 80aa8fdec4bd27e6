import { z } from 'zod';
import { V, recordId } from './common.js';

/** Name required, at least 3 characters ('Mensagem muito curta' / 'Obrigatório'). */
export const tagInput = z.object({
  name: z.string({ error: V.required }).trim().min(1, { error: V.required }).min(3, { error: V.tooShort }).max(50, { error: V.tooLong }),
  color: z.string().trim().regex(/^#[0-9a-fA-F]{3,8}$/, { error: V.invalid }).default('#5c6bc0'),
  /** 1 shows the tag as a kanban lane (admin and supervisor only). */
  kanban: z
    .preprocess((v) => (v === true ? 1 : v === false ? 0 : v), z.union([z.literal(0), z.literal(1)], { error: V.invalid }))
    .optional()
    .transform((v): 0 | 1 => v ?? 0),
});
export type TagInput = z.input<typeof tagInput>;

/** POST /tags/sync: the ticket's tags become exactly these. */
export const tagSyncInput = z.object({
  ticketId: recordId(V.required),
  tags: z.array(z.object({ id: recordId() }).passthrough(), { error: V.invalid }).max(100, { error: V.invalid }),
});

export interface Tag {
  id: number;
  name: string;
  color: string;
  kanban: 0 | 1;
  userId: number | null;
  /** Tickets carrying the tag (GET /tags and GET /tags/:id). */
  ticketsCount?: number;
}

/** A row of the tag dialog's ticket list (GET /tags/:id/tickets, 40 per page). */
export interface TagTicket {
  id: number;
  uuid: string;
  status: 'pending' | 'open' | 'closed';
  contact: { id: number; name: string; number: string; profilePicUrl: string };
  tags: Pick<Tag, 'id' | 'name' | 'color'>[];
  lastMessage: string;
  unreadMessages: number;
  createdAt: string;
  updatedAt: string;
}
