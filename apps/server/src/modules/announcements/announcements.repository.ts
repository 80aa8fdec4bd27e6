import { sql } from 'kysely';
import { countAll, type Database } from '../../db/database.js';
import type { AnnouncementRow } from '../../db/schema-announcements.js';

/**
 * Announcements are the platform's, not a company's: the super user writes them and every
 * company reads the active ones. No query here takes a company, by design.
 */
export type { AnnouncementRow };

/** High priority first, then the newest: the order of the top bar and of the admin table. */
function announcementsOf(db: Database, filter: { search: string; activeOnly: boolean }) {
  let query = db.selectFrom('announcements');
  if (filter.activeOnly) query = query.where('status', '=', true);
  // strpos instead of LIKE: the text is taken literally ('%' and '_' included).
  if (filter.search) query = query.where(sql<boolean>`strpos(lower(title || ' ' || text), ${filter.search.toLowerCase()}) > 0`);
  return query;
}

export async function pageOfAnnouncements(db: Database, page: { search: string; activeOnly: boolean; limit: number; offset: number }) {
  const query = announcementsOf(db, page);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy('priority').orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    query.select(countAll()).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

export function findAnnouncement(db: Database, id: number): Promise<AnnouncementRow | undefined> {
  return db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The announcement whose image has this media name: the only files the public route serves. */
export function findByMediaPath(db: Database, mediaPath: string) {
  return db.selectFrom('announcements').select(['mediaPath', 'mediaCompanyId']).where('mediaPath', '=', mediaPath).executeTakeFirst();
}

export function insertAnnouncement(db: Database, values: { title: string; text: string; priority: number; status: boolean; createdAt: Date; updatedAt: Date }) {
  return db.insertInto('announcements').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateAnnouncementRow(
  db: Database,
  id: number,
  values: Partial<Pick<AnnouncementRow, 'title' | 'text' | 'priority' | 'status' | 'mediaPath' | 'mediaName' | 'mediaCompanyId'>> & { updatedAt: Date },
) {
  return db.updateTable('announcements').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteAnnouncementRow(db: Database, id: number): Promise<boolean> {
  const result = await db.deleteFrom('announcements').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every company: an announcement's change is told to each in its own room. */
export async function allCompanyIds(db: Database): Promise<number[]> {
  return (await db.selectFrom('companies').select('id').execute()).map((row) => row.id);
}
