import { can } from '@atende/contract';
import type { Actor } from '../../platform/actor.js';
import { forbidden } from '../../platform/errors.js';

/**
 * Only the author of a quick message, or an admin (quick-messages:manageOthers), changes or
 * deletes it and its attachment. Seeing one is not enough: shared ones are read by everybody.
 */
export function assertMayChange(actor: Actor, message: { userId: number | null }): void {
  if (message.userId !== actor.userId && !can(actor, 'quick-messages:manageOthers')) throw forbidden();
}
