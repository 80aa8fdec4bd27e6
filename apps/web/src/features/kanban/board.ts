import { kanbanTicketOf, onKanbanBoard, type KanbanBoard, type KanbanTicket, type Tag, type TicketEvent } from '@atende/contract';

/** The lane of open tickets that carry no kanban tag. */
export const OPEN_LANE = 'lane0';
export type LaneId = typeof OPEN_LANE | `tag-${number}`;

export interface Lane {
  id: LaneId;
  /** The kanban tag the lane stands for; null for the open lane. */
  tag: Pick<Tag, 'id' | 'name' | 'color'> | null;
  tickets: KanbanTicket[];
}

export const laneOfTag = (tagId: number): LaneId => `tag-${tagId}`;

const time = (iso: string) => new Date(iso).getTime();

/** The inbox's order: unread first, then the newest conversation. */
export function byBoardOrder(a: KanbanTicket, b: KanbanTicket): number {
  const unread = Number(b.unreadMessages > 0) - Number(a.unreadMessages > 0);
  if (unread) return unread;
  return time(b.lastMessageAt) - time(a.lastMessageAt) || b.id - a.id;
}

/**
 * One lane for the tickets without a kanban tag, then one per kanban tag in the tags' order. A
 * ticket carrying two kanban tags (set from the ticket's tag picker) shows in both lanes.
 */
export function lanesOf(tickets: readonly KanbanTicket[], kanbanTags: readonly Tag[]): Lane[] {
  const lanes = new Map<LaneId, Lane>([[OPEN_LANE, { id: OPEN_LANE, tag: null, tickets: [] }]]);
  for (const tag of kanbanTags) lanes.set(laneOfTag(tag.id), { id: laneOfTag(tag.id), tag, tickets: [] });
  for (const ticket of tickets) {
    const tagged = ticket.tags.map((tag) => lanes.get(laneOfTag(tag.id))).filter((lane) => lane !== undefined);
    for (const lane of tagged.length ? tagged : [lanes.get(OPEN_LANE)!]) lane.tickets.push(ticket);
  }
  return [...lanes.values()];
}

/** The ticket's tags once it is in `target`: out of every kanban lane, into the target's tag. */
export function tagsAfterMove(ticket: KanbanTicket, target: Lane, kanbanTags: readonly Tag[]): KanbanTicket['tags'] {
  const lanesTags = new Set(kanbanTags.map((tag) => tag.id));
  const kept = ticket.tags.filter((tag) => !lanesTags.has(tag.id));
  return target.tag ? [...kept, { id: target.tag.id, name: target.tag.name, color: target.tag.color }] : kept;
}

export function withTicketTags(board: KanbanBoard | undefined, ticketId: number, tags: KanbanTicket['tags']): KanbanBoard | undefined {
  if (!board) return board;
  return { tickets: board.tickets.map((ticket) => (ticket.id === ticketId ? { ...ticket, tags } : ticket)) };
}

/**
 * A `ticket` event applied to the board: the server sends it only to those who may see the ticket,
 * so an update places the card where the ticket now is (or takes it off once it is closed or out
 * of the board's queues), and a delete takes it off.
 */
export function applyTicketEvent(board: KanbanBoard | undefined, event: TicketEvent, queueIds: readonly number[]): KanbanBoard | undefined {
  if (!board) return board;
  if (event.action === 'updateUnread') {
    const { ticketId, unreadMessages } = event;
    if (!board.tickets.some((ticket) => ticket.id === ticketId)) return board;
    return { tickets: board.tickets.map((ticket) => (ticket.id === ticketId ? { ...ticket, unreadMessages } : ticket)).sort(byBoardOrder) };
  }
  const ticketId = event.action === 'delete' ? event.ticketId : event.ticket.id;
  const others = board.tickets.filter((ticket) => ticket.id !== ticketId);
  if (event.action === 'delete') return others.length === board.tickets.length ? board : { tickets: others };
  const card = kanbanTicketOf(event.ticket);
  if (!onKanbanBoard(card, queueIds)) return others.length === board.tickets.length ? board : { tickets: others };
  return { tickets: [...others, card].sort(byBoardOrder) };
}
