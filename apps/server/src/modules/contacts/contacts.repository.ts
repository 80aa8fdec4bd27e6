import { sql, type Selectable } from 'kysely';
import { countAll, type Database } from '../../db/database.js';
import type { ContactExtraInfoTable, ContactRow } from '../../db/schema-conversations.js';
import { contactSearchCondition } from './contacts.search.js';

export type { ContactRow };
export type ExtraInfoRow = Selectable<ContactExtraInfoTable>;

/** Name in any case, then id (index contacts_company_name_idx): paging never repeats or skips a row. */
const byName = sql`lower(contacts.name)`;

export interface ContactFilter {
  search: string;
  /** Creation time bounds, start inclusive, end exclusive. */
  from?: Date;
  to?: Date;
}

function contactsOf(db: Database, companyId: number, filter: ContactFilter) {
  let query = db.selectFrom('contacts').where('contacts.companyId', '=', companyId);
  if (filter.search) query = query.where(contactSearchCondition(filter.search));
  if (filter.from) query = query.where('contacts.createdAt', '>=', filter.from);
  if (filter.to) query = query.where('contacts.createdAt', '<', filter.to);
  return query;
}

export function findContact(db: Database, companyId: number, contactId: number) {
  return db.selectFrom('contacts').selectAll().where('companyId', '=', companyId).where('id', '=', contactId).executeTakeFirst();
}

export async function pageOfContacts(db: Database, companyId: number, filter: ContactFilter, page: { limit: number; offset: number }) {
  const query = contactsOf(db, companyId, filter);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy(byName).orderBy('contacts.id').limit(page.limit).offset(page.offset).execute(),
    query.select(countAll()).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

/** Id, name and number of the first `limit` matching contacts by name, for pickers. */
export function pickContacts(db: Database, companyId: number, search: string, limit: number) {
  return contactsOf(db, companyId, { search })
    .select(['contacts.id', 'contacts.name', 'contacts.number'])
    .orderBy(byName)
    .orderBy('contacts.id')
    .limit(limit)
    .execute();
}

/** The next `limit` contacts by name after `after` (keyset), for the CSV export. */
export function contactsAfter(db: Database, companyId: number, after: { name: string; id: number } | null, limit: number) {
  let query = db.selectFrom('contacts').select(['id', 'name', 'number', 'email']).where('companyId', '=', companyId);
  if (after) query = query.where(sql<boolean>`(lower(contacts.name), contacts.id) > (lower(${after.name}), ${after.id})`);
  return query.orderBy(byName).orderBy('id').limit(limit).execute();
}

export function insertContact(db: Database, companyId: number, values: { name: string; number: string; email: string; active?: boolean }) {
  return db.insertInto('contacts').values({ companyId, ...values }).returningAll().executeTakeFirstOrThrow();
}

export function updateContactRow(
  db: Database,
  companyId: number,
  contactId: number,
  values: { name?: string; number?: string; email?: string; active?: boolean; updatedAt: Date },
) {
  return db
    .updateTable('contacts')
    .set(values)
    .where('companyId', '=', companyId)
    .where('id', '=', contactId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteContactRow(db: Database, companyId: number, contactId: number): Promise<boolean> {
  const result = await db.deleteFrom('contacts').where('companyId', '=', companyId).where('id', '=', contactId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Tickets of the contact (they go with it: the foreign key cascades), with what decides who sees them. */
export function ticketsOfContact(db: Database, companyId: number, contactId: number) {
  return db
    .selectFrom('tickets')
    .select(['id', 'companyId', 'userId', 'queueId'])
    .where('companyId', '=', companyId)
    .where('contactId', '=', contactId)
    .execute();
}

/** Extra info of several contacts in one query, each list in insertion order. */
export async function extraInfoOf(db: Database, contactIds: number[]): Promise<Map<number, ExtraInfoRow[]>> {
  const byContact = new Map<number, ExtraInfoRow[]>(contactIds.map((id) => [id, []]));
  if (contactIds.length === 0) return byContact;
  const rows = await db.selectFrom('contactExtraInfo').selectAll().where('contactId', 'in', contactIds).orderBy('id').execute();
  for (const row of rows) byContact.get(row.contactId)?.push(row);
  return byContact;
}

/**
 * The contact's extra info becomes exactly `items`: entries sent with the id of one of its
 * entries are updated in place, the others are added, and entries not sent are removed. The
 * caller holds the contact (it was just inserted or updated in the same transaction).
 */
export async function replaceExtraInfo(db: Database, contactId: number, items: Array<{ id?: number; name: string; value: string }>) {
  const existing = new Set(
    (await db.selectFrom('contactExtraInfo').select('id').where('contactId', '=', contactId).execute()).map((r) => r.id),
  );
  const kept = items.filter((item) => item.id !== undefined && existing.has(item.id));
  const keptIds = kept.map((item) => item.id as number);
  let removal = db.deleteFrom('contactExtraInfo').where('contactId', '=', contactId);
  if (keptIds.length) removal = removal.where('id', 'not in', keptIds);
  await removal.execute();
  for (const item of kept) {
    await db
      .updateTable('contactExtraInfo')
      .set({ name: item.name, value: item.value })
      .where('contactId', '=', contactId)
      .where('id', '=', item.id as number)
      .execute();
  }
  const added = items.filter((item) => !kept.includes(item)).map(({ name, value }) => ({ contactId, name, value }));
  if (added.length) await db.insertInto('contactExtraInfo').values(added).execute();
}

/**
 * Adds the contacts whose number the company does not have yet (one statement per batch; a
 * number that exists, or that a concurrent insert just took, is skipped). Answers how many were added.
 */
export async function insertMissingContacts(db: Database, companyId: number, entries: Array<{ name: string; number: string }>): Promise<number> {
  let added = 0;
  for (let i = 0; i < entries.length; i += 500) {
    const batch = entries.slice(i, i + 500).map((e) => ({ companyId, name: e.name, number: e.number }));
    const rows = await db
      .insertInto('contacts')
      .values(batch)
      .onConflict((oc) => oc.columns(['companyId', 'number']).where('number', '<>', '').doNothing())
      .returning('id')
      .execute();
    added += rows.length;
  }
  return added;
}
