import { kanbanTicketOf, type KanbanBoard } from '@atende/contract';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { presentTicket } from '../tickets/tickets.presenter.js';
import { boardTickets } from './kanban.repository.js';

/**
 * GET /ticket/kanban: the cards; the lanes are the company's kanban tags (GET /tags/kanban), and
 * moving a card is the tags module's moveTicketToLane.
 */
export async function kanbanBoard(ctx: AppContext, actor: Actor, queueIds: number[]): Promise<KanbanBoard> {
  const rows = await boardTickets(ctx.db, actor, queueIds);
  return { tickets: rows.map((row) => kanbanTicketOf(presentTicket(row))) };
}
