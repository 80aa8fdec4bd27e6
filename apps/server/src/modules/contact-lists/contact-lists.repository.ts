import { sql, type Expression, type SqlBool } from 'kysely';
import { countAll, type Database } from '../../db/database.js';
import type { ContactListItemRow, ContactListRow } from '../../db/schema-contact-lists.js';

export type ContactListWithCount = ContactListRow & { contactsCount: string };

/** Contacts of the list (index contact_list_items_list_number_unique); int8, read as text. */
const contactsCount = sql<string>`(select count(*) from contact_list_items i where i.contact_list_id = contact_lists.id)`.as('contactsCount');

/** strpos instead of LIKE: the text is taken literally ('%' and '_' included). */
const contains = (column: string, term: string): Expression<SqlBool> => sql<boolean>`strpos(lower(${sql.ref(column)}), ${term.toLowerCase()}) > 0`;

function listsOf(db: Database, companyId: number, search: string) {
  let query = db.selectFrom('contactLists').where('contactLists.companyId', '=', companyId);
  if (search) query = query.where(contains('contactLists.name', search));
  return query;
}

export async function pageOfLists(db: Database, companyId: number, page: { search: string; limit: number; offset: number }) {
  const query = listsOf(db, companyId, page.search);
  const [rows, total] = await Promise.all([
    query.selectAll().select(contactsCount).orderBy(sql`lower(contact_lists.name)`).orderBy('id').limit(page.limit).offset(page.offset).execute(),
    query.select(countAll()).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as ContactListWithCount[], count: Number(total.count) };
}

export async function allLists(db: Database, companyId: number): Promise<ContactListWithCount[]> {
  return (await listsOf(db, companyId, '').selectAll().select(contactsCount).orderBy(sql`lower(contact_lists.name)`).orderBy('id').execute()) as ContactListWithCount[];
}

export async function findList(db: Database, companyId: number, listId: number): Promise<ContactListWithCount | undefined> {
  const row = await db.selectFrom('contactLists').selectAll().select(contactsCount).where('companyId', '=', companyId).where('id', '=', listId).executeTakeFirst();
  return row as ContactListWithCount | undefined;
}

export function insertList(db: Database, values: { companyId: number; name: string }) {
  return db.insertInto('contactLists').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateList(db: Database, companyId: number, listId: number, values: { name?: string; updatedAt: Date }) {
  return db.updateTable('contactLists').set(values).where('companyId', '=', companyId).where('id', '=', listId).returningAll().executeTakeFirst();
}

export async function deleteList(db: Database, companyId: number, listId: number): Promise<boolean> {
  const result = await db.deleteFrom('contactLists').where('companyId', '=', companyId).where('id', '=', listId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

function itemsOf(db: Database, companyId: number, listId: number, search: string) {
  let query = db.selectFrom('contactListItems').where('companyId', '=', companyId).where('contactListId', '=', listId);
  if (search) {
    const digits = search.replace(/\D/g, '');
    query = query.where((eb) =>
      eb.or([contains('name', search), contains('email', search), ...(digits ? [sql<boolean>`strpos(number, ${digits}) > 0`] : [])]),
    );
  }
  return query;
}

export async function pageOfItems(db: Database, companyId: number, listId: number, page: { search: string; limit: number; offset: number }) {
  const query = itemsOf(db, companyId, listId, page.search);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy(sql`lower(name)`).orderBy('id').limit(page.limit).offset(page.offset).execute(),
    query.select(countAll()).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

export function findItem(db: Database, companyId: number, itemId: number) {
  return db.selectFrom('contactListItems').selectAll().where('companyId', '=', companyId).where('id', '=', itemId).executeTakeFirst();
}

export function insertItem(db: Database, values: { companyId: number; contactListId: number; name: string; number: string; email: string }) {
  return db.insertInto('contactListItems').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateItem(
  db: Database,
  companyId: number,
  itemId: number,
  values: { name?: string; number?: string; email?: string; isWhatsappValid?: null; updatedAt: Date },
) {
  return db.updateTable('contactListItems').set(values).where('companyId', '=', companyId).where('id', '=', itemId).returningAll().executeTakeFirst();
}

export async function deleteItem(db: Database, companyId: number, itemId: number): Promise<boolean> {
  const result = await db.deleteFrom('contactListItems').where('companyId', '=', companyId).where('id', '=', itemId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface ImportedContact {
  name: string;
  number: string;
  email: string;
}

/**
 * Adds a batch of contacts (numbers unique within the batch) in one statement. A number already
 * in the list is merged: its name follows the file, its email too when the file has one, and its
 * WhatsApp check stays. `xmax = 0` tells a row inserted from one updated by the conflict.
 */
export async function upsertItems(db: Database, companyId: number, listId: number, contacts: ImportedContact[], now: Date) {
  if (contacts.length === 0) return { inserted: 0, merged: 0 };
  const rows = await db
    .insertInto('contactListItems')
    .values(contacts.map((c) => ({ companyId, contactListId: listId, name: c.name, number: c.number, email: c.email, createdAt: now, updatedAt: now })))
    .onConflict((oc) =>
      oc.columns(['contactListId', 'number']).doUpdateSet({
        name: (eb) => eb.ref('excluded.name'),
        email: sql`coalesce(nullif(excluded.email, ''), contact_list_items.email)`,
        updatedAt: now,
      }),
    )
    .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
    .execute();
  const inserted = rows.filter((r) => r.inserted).length;
  return { inserted, merged: rows.length - inserted };
}

/**
 * Companies whose default connection is connected and that have numbers not yet asked about
 * (partial index contact_list_items_unchecked_idx): companies that cannot be served wait aside.
 */
export async function companiesWithUnchecked(db: Database, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('whatsapps')
    .select('whatsapps.companyId')
    .where('whatsapps.isDefault', '=', true)
    .where('whatsapps.status', '=', 'CONNECTED')
    .where((eb) => eb.exists(eb.selectFrom('contactListItems as i').select(sql`1`.as('one')).whereRef('i.companyId', '=', 'whatsapps.companyId').where('i.isWhatsappValid', 'is', null)))
    .orderBy('whatsapps.companyId')
    .limit(limit)
    .execute();
  return rows.map((r) => r.companyId);
}

export function uncheckedItems(db: Database, companyId: number, limit: number): Promise<ContactListItemRow[]> {
  return db.selectFrom('contactListItems').selectAll().where('companyId', '=', companyId).where('isWhatsappValid', 'is', null).orderBy('id').limit(limit).execute();
}

/** Records WhatsApp's answer unless the number changed meanwhile (an edit asks again). */
export function markValidity(db: Database, item: ContactListItemRow, valid: boolean, now: Date) {
  return db
    .updateTable('contactListItems')
    .set({ isWhatsappValid: valid, updatedAt: now })
    .where('id', '=', item.id)
    .where('number', '=', item.number)
    .where('isWhatsappValid', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The contacts a campaign reaches through a tag: those of the company's tickets that carry it,
 * each once, groups left out (a campaign writes to people).
 */
export function contactsOfTag(db: Database, companyId: number, tagId: number) {
  return db
    .selectFrom('contacts')
    .select(['contacts.id', 'contacts.name', 'contacts.number', 'contacts.email'])
    .where('contacts.companyId', '=', companyId)
    .where('contacts.isGroup', '=', false)
    .where('contacts.number', '!=', '')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('ticketTags')
          .innerJoin('tickets', 'tickets.id', 'ticketTags.ticketId')
          .innerJoin('tags', 'tags.id', 'ticketTags.tagId')
          .select(sql`1`.as('one'))
          .whereRef('tickets.contactId', '=', 'contacts.id')
          .where('tickets.companyId', '=', companyId)
          .where('tags.companyId', '=', companyId)
          .where('ticketTags.tagId', '=', tagId),
      ),
    )
    .orderBy('contacts.name')
    .orderBy('contacts.id')
    .execute();
}
