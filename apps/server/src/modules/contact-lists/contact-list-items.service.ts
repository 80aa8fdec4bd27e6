import type { z } from 'zod';
import { PAGE_SIZE, type ListContact, type Paged, type listContactInput, type listContactsQuery } from '@atende/contract';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors.js';
import { storedNumber } from '../contacts/contacts.service.js';
import { presentListContact } from './contact-lists.presenter.js';
import * as repo from './contact-lists.repository.js';
import { announceContactList, noContactList } from './contact-lists.service.js';

type ListContactFields = z.output<typeof listContactInput>;
type ListContactsQuery = z.output<typeof listContactsQuery>;

const noListContact = () => notFound('ERR_NO_CONTACT_LIST_ITEM_FOUND');

/** The unique index on (list, number) decides, so two concurrent saves cannot both pass. */
function storageError(error: unknown) {
  if (isUniqueViolation(error, 'contact_list_items_list_number_unique')) return conflict('ERR_CONTACT_LIST_DUPLICATED_NUMBER');
  return error;
}

async function assertListOfCompany(ctx: AppContext, actor: Actor, listId: number) {
  if (!(await repo.findList(ctx.db, actor.companyId, listId))) throw noContactList();
}

/** GET /contact-list-items answers `{ contacts, count, hasMore }` for one list of the company. */
export async function listListContactsPage(ctx: AppContext, actor: Actor, query: ListContactsQuery): Promise<Paged<'contacts', ListContact>> {
  await assertListOfCompany(ctx, actor, query.contactListId);
  const limit = PAGE_SIZE.default;
  const offset = (query.pageNumber - 1) * limit;
  const { rows, count } = await repo.pageOfItems(ctx.db, actor.companyId, query.contactListId, { search: query.searchParam, limit, offset });
  return { contacts: rows.map(presentListContact), count, hasMore: offset + rows.length < count };
}

export async function showListContact(ctx: AppContext, actor: Actor, itemId: number): Promise<ListContact> {
  const row = await repo.findItem(ctx.db, actor.companyId, itemId);
  if (!row) throw noListContact();
  return presentListContact(row);
}

/** The number is stored as contacts store it (contacts.service storedNumber); WhatsApp is asked later. */
export async function createListContact(ctx: AppContext, actor: Actor, input: ListContactFields): Promise<ListContact> {
  await assertListOfCompany(ctx, actor, input.contactListId);
  const number = storedNumber(input.number);
  const row = await repo
    .insertItem(ctx.db, { companyId: actor.companyId, contactListId: input.contactListId, name: input.name, number, email: input.email })
    .catch((error) => {
      throw storageError(error);
    });
  const contact = presentListContact(row);
  announceContactList(ctx, actor.companyId, { action: 'contacts', contactListId: row.contactListId, contacts: [contact] });
  return contact;
}

/** Fields not sent keep their value; a contact stays in its list. A new number is asked about again. */
export async function updateListContact(ctx: AppContext, actor: Actor, itemId: number, input: Partial<ListContactFields>): Promise<ListContact> {
  const current = await repo.findItem(ctx.db, actor.companyId, itemId);
  if (!current) throw noListContact();
  const number = input.number === undefined ? undefined : storedNumber(input.number);
  const renumbered = number !== undefined && number !== current.number;
  const row = await repo
    .updateItem(ctx.db, actor.companyId, itemId, {
      name: input.name,
      number,
      email: input.email,
      ...(renumbered ? { isWhatsappValid: null } : {}),
      updatedAt: ctx.clock.now(),
    })
    .catch((error) => {
      throw storageError(error);
    });
  if (!row) throw noListContact();
  const contact = presentListContact(row);
  announceContactList(ctx, actor.companyId, { action: 'contacts', contactListId: row.contactListId, contacts: [contact] });
  return contact;
}

export async function deleteListContact(ctx: AppContext, actor: Actor, itemId: number): Promise<void> {
  const current = await repo.findItem(ctx.db, actor.companyId, itemId);
  if (!current || !(await repo.deleteItem(ctx.db, actor.companyId, itemId))) throw noListContact();
  announceContactList(ctx, actor.companyId, { action: 'contactDelete', contactListId: current.contactListId, contactId: itemId });
}
