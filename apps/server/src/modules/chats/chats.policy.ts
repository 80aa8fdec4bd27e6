import type { Actor } from '../../platform/actor.js';
import { forbidden } from '../../platform/errors.js';

/**
 * Who may do what with a chat. Only members read or write it; a non-member is answered as if the
 * chat did not exist (404, in the service), so a chat's existence never leaks. Among members only
 * the owner edits or deletes it: they already know it exists, so they are told 403. The plan's
 * useInternalChat gates every route.
 */
export function assertOwner(actor: Actor, chat: { ownerId: number | null }): void {
  if (chat.ownerId !== actor.userId) throw forbidden('ERR_NO_PERMISSION');
}

/** The owner is always a member, whatever the dialog sent. */
export function membersWithOwner(ownerId: number, userIds: number[]): number[] {
  return [ownerId, ...userIds.filter((id) => id !== ownerId)];
}
