import { can } from '@atende/contract';
import type { Actor } from '../../platform/actor.js';

/**
 * The kanban switch of a tag is for admins and supervisors (tag:kanbanSwitch).
 * Anyone else's value is ignored: a new tag is no lane, an edited one keeps what it had.
 */
export function kanbanValue(actor: Actor, requested: 0 | 1 | undefined): 0 | 1 | undefined {
  return can(actor, 'tag:kanbanSwitch') ? requested : undefined;
}
