import { sql } from 'kysely';
import { countAll, type Database } from '../../db/database.js';
import type { FileListOptionRow, FileListRow } from '../../db/schema-files.js';

export interface FileListWithFiles {
  list: FileListRow;
  options: FileListOptionRow[];
}

/** Name in any case, then id: stable, so paging never repeats or skips a row. */
const byName = sql`lower(file_lists.name)`;

function listsOf(db: Database, companyId: number, search = '') {
  let query = db.selectFrom('fileLists').where('fileLists.companyId', '=', companyId);
  if (search) query = query.where(sql<boolean>`strpos(lower(file_lists.name), ${search.toLowerCase()}) > 0`);
  return query;
}

function optionsOf(db: Database, companyId: number, fileListIds: number[]) {
  if (fileListIds.length === 0) return Promise.resolve([] as FileListOptionRow[]);
  return db
    .selectFrom('fileListOptions')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('fileListId', 'in', fileListIds)
    .orderBy('fileListId')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

async function withFiles(db: Database, companyId: number, lists: FileListRow[]): Promise<FileListWithFiles[]> {
  const options = await optionsOf(db, companyId, lists.map((list) => list.id));
  return lists.map((list) => ({ list, options: options.filter((option) => option.fileListId === list.id) }));
}

export async function pageOfFileLists(db: Database, companyId: number, page: { search: string; limit: number; offset: number }) {
  const query = listsOf(db, companyId, page.search);
  const [lists, total] = await Promise.all([
    query.selectAll().orderBy(byName).orderBy('id').limit(page.limit).offset(page.offset).execute(),
    query.select(countAll()).executeTakeFirstOrThrow(),
  ]);
  return { rows: await withFiles(db, companyId, lists), count: Number(total.count) };
}

/** Every list of the company with its files (the campaigns' picker). */
export async function listFileLists(db: Database, companyId: number): Promise<FileListWithFiles[]> {
  return withFiles(db, companyId, await listsOf(db, companyId).selectAll().orderBy(byName).orderBy('id').execute());
}

/**
 * One list with its files in order: what a campaign reads when it sends the list. Null when the
 * list is not the company's.
 */
export async function findFileListWithFiles(db: Database, companyId: number, fileListId: number): Promise<FileListWithFiles | null> {
  const list = await listsOf(db, companyId).selectAll().where('id', '=', fileListId).executeTakeFirst();
  if (!list) return null;
  return { list, options: await optionsOf(db, companyId, [list.id]) };
}

/** Whether the list is the company's. */
export async function fileListExists(db: Database, companyId: number, fileListId: number): Promise<boolean> {
  return Boolean(await listsOf(db, companyId).select('id').where('id', '=', fileListId).executeTakeFirst());
}

/** The list's row locked for a change, so two saves of one list take turns. */
export function lockFileList(db: Database, companyId: number, fileListId: number) {
  return db.selectFrom('fileLists').selectAll().where('companyId', '=', companyId).where('id', '=', fileListId).forUpdate().executeTakeFirst();
}

export function insertFileList(db: Database, values: { companyId: number; name: string; message: string }) {
  return db.insertInto('fileLists').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateFileListRow(db: Database, companyId: number, fileListId: number, values: { name: string; message: string; updatedAt: Date }) {
  return db.updateTable('fileLists').set(values).where('companyId', '=', companyId).where('id', '=', fileListId).returningAll().executeTakeFirst();
}

export async function deleteFileListRow(db: Database, companyId: number, fileListId: number): Promise<boolean> {
  const result = await db.deleteFrom('fileLists').where('companyId', '=', companyId).where('id', '=', fileListId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Options of the list not in `keep` go, with their files' references. */
export function deleteOptionsExcept(db: Database, companyId: number, fileListId: number, keep: number[]) {
  let query = db.deleteFrom('fileListOptions').where('companyId', '=', companyId).where('fileListId', '=', fileListId);
  if (keep.length > 0) query = query.where('id', 'not in', keep);
  return query.execute();
}

export function insertOption(db: Database, values: { companyId: number; fileListId: number; position: number; name: string }) {
  return db.insertInto('fileListOptions').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Renames and reorders an option of this list; undefined when it is not one of the list's. */
export function updateOption(db: Database, companyId: number, fileListId: number, optionId: number, values: { position: number; name: string }) {
  return db
    .updateTable('fileListOptions')
    .set(values)
    .where('companyId', '=', companyId)
    .where('fileListId', '=', fileListId)
    .where('id', '=', optionId)
    .returningAll()
    .executeTakeFirst();
}

export function setOptionFile(
  db: Database,
  companyId: number,
  fileListId: number,
  optionId: number,
  file: { path: string; mediaType: string; fileName: string },
) {
  return db
    .updateTable('fileListOptions')
    .set(file)
    .where('companyId', '=', companyId)
    .where('fileListId', '=', fileListId)
    .where('id', '=', optionId)
    .returningAll()
    .executeTakeFirst();
}

export function touchFileList(db: Database, companyId: number, fileListId: number, updatedAt: Date) {
  return db.updateTable('fileLists').set({ updatedAt }).where('companyId', '=', companyId).where('id', '=', fileListId).execute();
}
