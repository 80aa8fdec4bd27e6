import { can } from '@atende/contract';
import type { Actor } from '../../platform/actor.js';
import { forbidden } from '../../platform/errors.js';

/** A note is deleted by its author, or by an admin (ticket-notes:deleteOthers). */
export function assertMayDelete(actor: Actor, note: { userId: number | null }): void {
  if (note.userId !== actor.userId && !can(actor, 'ticket-notes:deleteOthers')) throw forbidden();
}
