import type { z } from 'zod';
import { PAGE_SIZE, type ContactList, type ContactListEventPayload, type ListQuery, type Paged, type contactListInput } from '@atende/contract';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { presentContactList } from './contact-lists.presenter.js';
import * as repo from './contact-lists.repository.js';

type ListFields = z.output<typeof contactListInput>;

export const noContactList = () => notFound('ERR_NO_CONTACT_LIST_FOUND');

export function announceContactList(ctx: AppContext, companyId: number, payload: ContactListEventPayload) {
  ctx.live.toCompany(companyId, 'contactList', payload);
}

/** GET /contact-lists answers `{ records, count, hasMore }`, by name. */
export async function listContactListsPage(ctx: AppContext, actor: Actor, query: ListQuery): Promise<Paged<'records', ContactList>> {
  const limit = PAGE_SIZE.default;
  const offset = (query.pageNumber - 1) * limit;
  const { rows, count } = await repo.pageOfLists(ctx.db, actor.companyId, { search: query.searchParam, limit, offset });
  return { records: rows.map(presentContactList), count, hasMore: offset + rows.length < count };
}

/** Every list of the company, for pickers (the campaign dialog). */
export async function listAllContactLists(ctx: AppContext, actor: Actor): Promise<ContactList[]> {
  return (await repo.allLists(ctx.db, actor.companyId)).map(presentContactList);
}

export async function showContactList(ctx: AppContext, actor: Actor, listId: number): Promise<ContactList> {
  const row = await repo.findList(ctx.db, actor.companyId, listId);
  if (!row) throw noContactList();
  return presentContactList(row);
}

export async function createContactList(ctx: AppContext, actor: Actor, input: ListFields): Promise<ContactList> {
  const row = await repo.insertList(ctx.db, { companyId: actor.companyId, name: input.name });
  const record = presentContactList(row);
  announceContactList(ctx, actor.companyId, { action: 'create', record });
  return record;
}

export async function updateContactList(ctx: AppContext, actor: Actor, listId: number, input: Partial<ListFields>): Promise<ContactList> {
  const row = await repo.updateList(ctx.db, actor.companyId, listId, { name: input.name, updatedAt: ctx.clock.now() });
  if (!row) throw noContactList();
  const record = await showContactList(ctx, actor, listId);
  announceContactList(ctx, actor.companyId, { action: 'update', record });
  return record;
}

/** The list's contacts go with it (cascade). */
export async function deleteContactList(ctx: AppContext, actor: Actor, listId: number): Promise<void> {
  if (!(await repo.deleteList(ctx.db, actor.companyId, listId))) throw noContactList();
  announceContactList(ctx, actor.companyId, { action: 'delete', contactListId: listId });
}
