import { sql, type SqlBool } from 'kysely';
import { countAll, type Database } from '../../db/database.js';
import type { Actor } from '../../platform/actor.js';
import { reachCondition } from '../tickets/tickets.queries.js';
import { ticketViews, type TagRef } from '../tickets/tickets.repository.js';

/** The ticket's tags become exactly `tagIds` (the caller holds the ticket's row lock). */
export async function replaceTicketTags(db: Database, ticketId: number, tagIds: number[]): Promise<void> {
  let removal = db.deleteFrom('ticketTags').where('ticketId', '=', ticketId);
  if (tagIds.length) removal = removal.where('tagId', 'not in', tagIds);
  await removal.execute();
  if (tagIds.length) {
    await db
      .insertInto('ticketTags')
      .values(tagIds.map((tagId) => ({ ticketId, tagId })))
      .onConflict((oc) => oc.columns(['ticketId', 'tagId']).doNothing())
      .execute();
  }
}

/** Kanban moves: the ticket leaves every kanban lane (tags with kanban = 1) of its company. */
export async function removeKanbanLinks(db: Database, companyId: number, ticketId: number): Promise<void> {
  await db
    .deleteFrom('ticketTags')
    .where('ticketId', '=', ticketId)
    .where('tagId', 'in', db.selectFrom('tags').select('id').where('companyId', '=', companyId).where('kanban', '=', 1))
    .execute();
}

export async function addTicketTag(db: Database, ticketId: number, tagId: number): Promise<void> {
  await db.insertInto('ticketTags').values({ ticketId, tagId }).onConflict((oc) => oc.columns(['ticketId', 'tagId']).doNothing()).execute();
}

/** The ticket's tags by name, as tickets show them. */
export function tagsOfTicket(db: Database, ticketId: number): Promise<TagRef[]> {
  return db
    .selectFrom('ticketTags')
    .innerJoin('tags', 'tags.id', 'ticketTags.tagId')
    .select(['tags.id', 'tags.name', 'tags.color'])
    .where('ticketTags.ticketId', '=', ticketId)
    .orderBy('tags.name')
    .orderBy('tags.id')
    .execute();
}

/**
 * The tickets the viewer may reach (tickets.policy.mayReach: admins all; others their own, their
 * queues', and queue-less ones with allTicket) among those carrying the tag, newest change first.
 */
export async function pageOfTagTickets(db: Database, viewer: Actor, tagId: number, page: { limit: number; offset: number }) {
  const tagged = sql<SqlBool>`tickets.id in (select tt.ticket_id from ticket_tags tt where tt.tag_id = ${tagId})`;
  const reach = reachCondition(viewer) ?? sql<SqlBool>`true`;
  const [rows, total] = await Promise.all([
    ticketViews(db, viewer.companyId)
      .where(tagged)
      .where(reach)
      .orderBy('tickets.updatedAt', 'desc')
      .orderBy('tickets.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db.selectFrom('tickets').select(countAll()).where('tickets.companyId', '=', viewer.companyId).where(tagged).where(reach).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}
