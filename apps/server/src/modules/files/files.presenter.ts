import type { FileList, FileListOption } from '@atende/contract';
import type { FileListOptionRow } from '../../db/schema-files.js';
import type { FileListWithFiles } from './files.repository.js';

/** The stored media name becomes its authenticated URL (served by GET /api/media/:fileName). */
export function presentFileListOption(row: FileListOptionRow): FileListOption {
  return {
    id: row.id,
    name: row.name,
    path: row.path ? `/api/media/${row.path}` : null,
    mediaType: row.path ? row.mediaType : null,
    file: row.path ? row.fileName : null,
  };
}

export function presentFileList({ list, options }: FileListWithFiles): FileList {
  return {
    id: list.id,
    name: list.name,
    message: list.message,
    options: options.map(presentFileListOption),
    createdAt: list.createdAt.toISOString(),
    updatedAt: list.updatedAt.toISOString(),
  };
}
