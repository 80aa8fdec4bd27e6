import { sql } from 'kysely';
import { countAll, type Database } from '../../db/database.js';
import type { HelpRow } from '../../db/schema-announcements.js';

/** Help videos are the platform's: the super user keeps them, every company watches them. */
export type { HelpRow };

function helpsOf(db: Database, search: string) {
  let query = db.selectFrom('helps');
  // strpos instead of LIKE: the text is taken literally ('%' and '_' included).
  if (search) query = query.where(sql<boolean>`strpos(lower(title || ' ' || description), ${search.toLowerCase()}) > 0`);
  return query;
}

export async function pageOfHelps(db: Database, page: { search: string; limit: number; offset: number }) {
  const query = helpsOf(db, page.search);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy('title').orderBy('id').limit(page.limit).offset(page.offset).execute(),
    query.select(countAll()).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

export function listHelps(db: Database) {
  return helpsOf(db, '').selectAll().orderBy('title').orderBy('id').execute();
}

export function findHelp(db: Database, id: number): Promise<HelpRow | undefined> {
  return db.selectFrom('helps').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertHelp(db: Database, values: { title: string; description: string; video: string; createdAt: Date; updatedAt: Date }) {
  return db.insertInto('helps').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateHelpRow(db: Database, id: number, values: Partial<Pick<HelpRow, 'title' | 'description' | 'video'>> & { updatedAt: Date }) {
  return db.updateTable('helps').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteHelpRow(db: Database, id: number): Promise<boolean> {
  const result = await db.deleteFrom('helps').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
