import { z } from 'zod';
import { V } from './common.js';

/** Spec admin §5: name required, at least 3 characters ('Mensagem muito curta' / 'Obrigatório'). */
export const tagInput = z.object({
  name: z.string({ error: V.required }).trim().min(1, { error: V.required }).min(3, { error: V.tooShort }).max(50, { error: V.tooLong }),
  color: z.string().trim().regex(/^#[0-9a-fA-F]{3,8}$/, { error: V.invalid }).default('#5c6bc0'),
  /** 1 shows the tag as a kanban lane (admin and supervisor only). */
  kanban: z.union([z.literal(0), z.literal(1)]).default(0),
});
export type TagInput = z.input<typeof tagInput>;

/** POST /tags/sync: the ticket's tags become exactly these. */
export const tagSyncInput = z.object({
  ticketId: z.coerce.number().int().positive(),
  tags: z.array(z.object({ id: z.coerce.number().int().positive() }).passthrough()).max(100),
});

export interface Tag {
  id: number;
  name: string;
  color: string;
  kanban: 0 | 1;
  userId: number | null;
  ticketsCount?: number;
}
