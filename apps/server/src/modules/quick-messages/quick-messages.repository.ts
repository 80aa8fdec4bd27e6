import { sql, type Selectable } from 'kysely';
import { countAll, type Database } from '../../db/database.js';
import type { QuickMessagesTable } from '../../db/schema-conversations.js';

export type QuickMessageRow = Selectable<QuickMessagesTable>;

/** Shortcode in any case, then id: stable, so paging never repeats or skips a row. */
const byShortcode = sql`lower(quick_messages.shortcode)`;

/**
 * What a user sees: the company's shared (geral) quick messages and their own. A company has
 * tens of them: the search scans the caller's share only, taking the text literally (strpos).
 */
function visibleTo(db: Database, companyId: number, userId: number, search = '') {
  let query = db
    .selectFrom('quickMessages')
    .where('quickMessages.companyId', '=', companyId)
    .where((eb) => eb.or([eb('quickMessages.geral', '=', true), eb('quickMessages.userId', '=', userId)]));
  if (search) {
    const term = search.toLowerCase();
    query = query.where(
      sql<boolean>`(strpos(lower(quick_messages.shortcode), ${term}) > 0 or strpos(lower(quick_messages.message), ${term}) > 0)`,
    );
  }
  return query;
}

export async function pageOfQuickMessages(db: Database, companyId: number, userId: number, page: { search: string; limit: number; offset: number }) {
  const query = visibleTo(db, companyId, userId, page.search);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy(byShortcode).orderBy('id').limit(page.limit).offset(page.offset).execute(),
    query.select(countAll()).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

/** The active ones, for the message input's '/'. */
export function listActiveQuickMessages(db: Database, companyId: number, userId: number) {
  return visibleTo(db, companyId, userId).where('quickMessages.status', '=', true).selectAll().orderBy(byShortcode).orderBy('id').execute();
}

/** The quick message when the user may see it (shared, or theirs). */
export function findVisible(db: Database, companyId: number, userId: number, id: number) {
  return visibleTo(db, companyId, userId).selectAll().where('quickMessages.id', '=', id).executeTakeFirst();
}

export function insertQuickMessage(db: Database, values: { companyId: number; userId: number; shortcode: string; message: string; geral: boolean; status: boolean }) {
  return db.insertInto('quickMessages').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateQuickMessageRow(
  db: Database,
  companyId: number,
  id: number,
  values: { shortcode?: string; message?: string; geral?: boolean; status?: boolean; mediaPath?: string | null; mediaName?: string | null; updatedAt: Date },
) {
  return db.updateTable('quickMessages').set(values).where('companyId', '=', companyId).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteQuickMessageRow(db: Database, companyId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('quickMessages').where('companyId', '=', companyId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
