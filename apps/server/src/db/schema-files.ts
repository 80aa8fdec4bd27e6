import type { ColumnType, Generated, Selectable } from 'kysely';

/** Tables of the file lists (migration 0020); part of `DB` in schema.ts. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface FileListsTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  message: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface FileListOptionsTable {
  id: Generated<number>;
  companyId: number;
  fileListId: number;
  /** The option's place in its list, from 0. */
  position: number;
  name: string;
  /** The media name in the company's media store; null until its file is uploaded. */
  path: string | null;
  mediaType: string | null;
  /** The uploaded file's original name. */
  fileName: string | null;
}

export interface FileListTables {
  fileLists: FileListsTable;
  fileListOptions: FileListOptionsTable;
}

export type FileListRow = Selectable<FileListsTable>;
export type FileListOptionRow = Selectable<FileListOptionsTable>;
