import type { z } from 'zod';
import { PAGE_SIZE, V, rooms, type FileList, type FileListEventPayload, type ListQuery, type Paged, type fileListInput } from '@atende/contract';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/uploads.js';
import type { Database } from '../../db/database.js';
import { assertSendableFile, mediaTypeOf } from './files.policy.js';
import { presentFileList } from './files.presenter.js';
import * as repo from './files.repository.js';

type FileListFields = z.output<typeof fileListInput>;

export const noFileList = () => notFound('ERR_NO_FILE_LIST_FOUND');
const noOption = () => notFound('ERR_NO_FILE_LIST_OPTION_FOUND');
/** An option id that is not one of this list's (another list's, another company's): bad input. */
const foreignOption = () => new AppError('ERR_VALIDATION', 400, { fields: { options: V.invalid } });

/** Lists are admins' work (files:manage): only the admins' room hears of them. */
function announce(ctx: AppContext, companyId: number, payload: FileListEventPayload) {
  ctx.live.toRoom(rooms.admins(companyId), companyId, 'fileList', payload);
}

async function show(db: Database, companyId: number, fileListId: number): Promise<FileList> {
  const found = await repo.findFileListWithFiles(db, companyId, fileListId);
  if (!found) throw noFileList();
  return presentFileList(found);
}

/** Writes the options in the order given: known ones renamed in place, new ones added. */
async function writeOptions(trx: Database, companyId: number, fileListId: number, options: FileListFields['options']) {
  for (const [position, option] of options.entries()) {
    if (option.id === undefined) await repo.insertOption(trx, { companyId, fileListId, position, name: option.name });
    else if (!(await repo.updateOption(trx, companyId, fileListId, option.id, { position, name: option.name }))) throw foreignOption();
  }
}

export async function listFileListsPage(ctx: AppContext, actor: Actor, query: ListQuery): Promise<Paged<'files', FileList>> {
  const limit = PAGE_SIZE.default;
  const offset = (query.pageNumber - 1) * limit;
  const { rows, count } = await repo.pageOfFileLists(ctx.db, actor.companyId, { search: query.searchParam, limit, offset });
  return { files: rows.map(presentFileList), count, hasMore: offset + rows.length < count };
}

/** Every list with its files, for pickers (the campaign dialog). */
export async function listAllFileLists(ctx: AppContext, actor: Actor): Promise<FileList[]> {
  return (await repo.listFileLists(ctx.db, actor.companyId)).map(presentFileList);
}

export function showFileList(ctx: AppContext, actor: Actor, fileListId: number): Promise<FileList> {
  return show(ctx.db, actor.companyId, fileListId);
}

/** The list and its options in one commit; the files follow, one upload per option. */
export async function createFileList(ctx: AppContext, actor: Actor, input: FileListFields): Promise<FileList> {
  if (input.options.some((option) => option.id !== undefined)) throw foreignOption();
  const fileList = await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.insertFileList(trx, { companyId: actor.companyId, name: input.name, message: input.message });
    await writeOptions(trx, actor.companyId, row.id, input.options);
    return show(trx, actor.companyId, row.id);
  });
  announce(ctx, actor.companyId, { action: 'create', fileList });
  return fileList;
}

/**
 * The options sent are the list's options: those left out go. Fields not sent keep their value;
 * options not sent keep all options.
 */
export async function updateFileList(ctx: AppContext, actor: Actor, fileListId: number, input: Partial<FileListFields>): Promise<FileList> {
  const fileList = await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockFileList(trx, actor.companyId, fileListId);
    if (!current) throw noFileList();
    await repo.updateFileListRow(trx, actor.companyId, fileListId, {
      name: input.name ?? current.name,
      message: input.message ?? current.message,
      updatedAt: ctx.clock.now(),
    });
    if (input.options) {
      const kept = input.options.flatMap((option) => (option.id === undefined ? [] : [option.id]));
      await repo.deleteOptionsExcept(trx, actor.companyId, fileListId, kept);
      await writeOptions(trx, actor.companyId, fileListId, input.options);
    }
    return show(trx, actor.companyId, fileListId);
  });
  announce(ctx, actor.companyId, { action: 'update', fileList });
  return fileList;
}

/** The list goes with its options (cascade). Files stay on disk: campaigns already sent may point at them. */
export async function deleteFileList(ctx: AppContext, actor: Actor, fileListId: number): Promise<void> {
  if (!(await repo.deleteFileListRow(ctx.db, actor.companyId, fileListId))) throw noFileList();
  announce(ctx, actor.companyId, { action: 'delete', fileListId });
}

/** The list when it is the company's: checked before an upload is read. */
export async function assertFileListExists(ctx: AppContext, actor: Actor, fileListId: number): Promise<void> {
  if (!(await repo.fileListExists(ctx.db, actor.companyId, fileListId))) throw noFileList();
}

/** The option's file, replacing any previous one; stored only when its type and size may be sent. */
export async function attachOptionFile(ctx: AppContext, actor: Actor, fileListId: number, optionId: number, file: UploadedFile): Promise<FileList> {
  assertSendableFile(file);
  const found = await repo.findFileListWithFiles(ctx.db, actor.companyId, fileListId);
  if (!found) throw noFileList();
  if (!found.options.some((option) => option.id === optionId)) throw noOption();
  const path = await ctx.uploads.keep(actor.companyId, file);
  const stored = await repo.setOptionFile(ctx.db, actor.companyId, fileListId, optionId, { path, mediaType: mediaTypeOf(file), fileName: file.fileName });
  if (!stored) throw noOption();
  await repo.touchFileList(ctx.db, actor.companyId, fileListId, ctx.clock.now());
  const fileList = await show(ctx.db, actor.companyId, fileListId);
  announce(ctx, actor.companyId, { action: 'update', fileList });
  return fileList;
}
