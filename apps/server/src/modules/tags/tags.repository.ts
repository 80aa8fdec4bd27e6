import { sql, type Selectable } from 'kysely';
import { countAll, type Database } from '../../db/database.js';
import type { TagsTable } from '../../db/schema-conversations.js';

export type TagRow = Selectable<TagsTable>;
export type TagWithCount = TagRow & { ticketsCount: string };

/** Name in any case, then id: stable, so paging never repeats or skips a row. */
const byName = sql`lower(tags.name)`;
/** Tickets carrying the tag (index ticket_tags_tag_idx); int8, read as text. */
const ticketsCount = sql<string>`(select count(*) from ticket_tags tt where tt.tag_id = tags.id)`.as('ticketsCount');

function tagsOf(db: Database, companyId: number, search: string) {
  let query = db.selectFrom('tags').where('tags.companyId', '=', companyId);
  // strpos instead of LIKE: the text is taken literally ('%' and '_' included). A company has
  // tens of tags, not millions of rows: its own tags are scanned through the unique name index.
  if (search) query = query.where(sql<boolean>`strpos(lower(tags.name), ${search.toLowerCase()}) > 0`);
  return query;
}

export async function pageOfTags(db: Database, companyId: number, page: { search: string; limit: number; offset: number }) {
  const query = tagsOf(db, companyId, page.search);
  const [rows, total] = await Promise.all([
    query.selectAll().select(ticketsCount).orderBy(byName).orderBy('id').limit(page.limit).offset(page.offset).execute(),
    query.select(countAll()).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as TagWithCount[], count: Number(total.count) };
}

export function listTags(db: Database, companyId: number, options: { search?: string; kanbanOnly?: boolean } = {}) {
  let query = tagsOf(db, companyId, options.search ?? '');
  if (options.kanbanOnly) query = query.where('tags.kanban', '=', 1);
  return query.selectAll().orderBy(byName).orderBy('id').execute();
}

export async function findTag(db: Database, companyId: number, tagId: number): Promise<TagWithCount | undefined> {
  const row = await db.selectFrom('tags').selectAll().select(ticketsCount).where('companyId', '=', companyId).where('id', '=', tagId).executeTakeFirst();
  return row as TagWithCount | undefined;
}

/** Which of `tagIds` are tags of the company (ids of other companies simply do not match). */
export async function tagsOfCompany(db: Database, companyId: number, tagIds: number[]): Promise<TagRow[]> {
  if (tagIds.length === 0) return [];
  return db.selectFrom('tags').selectAll().where('companyId', '=', companyId).where('id', 'in', tagIds).execute();
}

export function insertTag(db: Database, values: { companyId: number; name: string; color: string; kanban: number; userId: number }) {
  return db.insertInto('tags').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateTagRow(db: Database, companyId: number, tagId: number, values: { name?: string; color?: string; kanban?: number; updatedAt: Date }) {
  return db.updateTable('tags').set(values).where('companyId', '=', companyId).where('id', '=', tagId).returningAll().executeTakeFirst();
}

export async function deleteTagRow(db: Database, companyId: number, tagId: number): Promise<boolean> {
  const result = await db.deleteFrom('tags').where('companyId', '=', companyId).where('id', '=', tagId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Tickets that carry the tag, for their live update once it is gone. */
export async function ticketIdsWithTag(db: Database, tagId: number): Promise<number[]> {
  const rows = await db.selectFrom('ticketTags').select('ticketId').where('tagId', '=', tagId).execute();
  return rows.map((r) => r.ticketId);
}
