import { KANBAN_MAX_TICKETS } from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { Actor } from '../../platform/actor.js';
import { queueFilterCondition, reachCondition } from '../tickets/tickets.queries.js';
import { LIST_ORDER, ticketViews } from '../tickets/tickets.repository.js';

/**
 * The board's tickets: every ticket that is not closed and that the viewer may see (the one
 * visibility rule, as the ticket screen and the live events apply it), within the chosen queues,
 * in the inbox's order. One query, tags included.
 */
export function boardTickets(db: Database, viewer: Actor, queueIds: readonly number[]) {
  let query = ticketViews(db, viewer.companyId).where('tickets.status', '<>', 'closed');
  for (const condition of [reachCondition(viewer), queueFilterCondition(queueIds)]) {
    if (condition) query = query.where(condition);
  }
  return query.orderBy(LIST_ORDER).limit(KANBAN_MAX_TICKETS).execute();
}
