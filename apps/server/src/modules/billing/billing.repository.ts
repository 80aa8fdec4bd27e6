import { sql } from 'kysely';
import { countAll, type Database } from '../../db/database.js';
import type { PixChargeRow } from '../../db/schema-billing.js';

/**
 * Creates the invoice of every active company (or only `companyId`'s) whose due date is on or
 * before `until` and has none yet, from its plan's value and recurrence. The unique key on
 * (company, due date) makes a second run, a restart or a second worker create nothing more.
 */
export async function createDueInvoices(db: Database, until: string, companyId?: number): Promise<{ id: number; companyId: number }[]> {
  let source = db
    .selectFrom('companies as c')
    .innerJoin('plans as p', 'p.id', 'c.planId')
    .select([
      'c.id as companyId',
      sql<string>`concat('Plano ', p.name, ' - ', c.recurrence)`.as('detail'),
      'p.value as value',
      sql<string>`c.due_date`.as('dueDate'),
    ])
    .where('c.status', '=', true)
    .where('c.dueDate', 'is not', null)
    .where(sql<boolean>`c.due_date <= ${until}::date`)
    .where(sql<boolean>`p.value > 0`);
  if (companyId !== undefined) source = source.where('c.id', '=', companyId);
  return db
    .insertInto('invoices')
    .columns(['companyId', 'detail', 'value', 'dueDate'])
    .expression(source)
    .onConflict((oc) => oc.columns(['companyId', 'dueDate']).doNothing())
    .returning(['id', 'companyId'])
    .execute();
}

export async function pageOfInvoices(db: Database, companyId: number, page: { search: string; limit: number; offset: number }) {
  let query = db.selectFrom('invoices').where('companyId', '=', companyId);
  if (page.search) query = query.where(sql<boolean>`strpos(lower(detail), ${page.search.toLowerCase()}) > 0`);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy('dueDate', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    query.select(countAll()).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

export function findInvoice(db: Database, companyId: number, id: number) {
  return db.selectFrom('invoices').selectAll().where('companyId', '=', companyId).where('id', '=', id).executeTakeFirst();
}

export async function insertCharge(db: Database, charge: { txid: string; companyId: number; invoiceId: number; value: string; copyPaste: string }) {
  await db.insertInto('pixCharges').values(charge).execute();
}

export function findCharge(db: Database, companyId: number, txid: string) {
  return db.selectFrom('pixCharges').selectAll().where('companyId', '=', companyId).where('txid', '=', txid).executeTakeFirst();
}

/** The charge a PSP notification names: the PSP knows no company, the txid is the only key. */
export function findNotifiedCharge(db: Database, txid: string): Promise<PixChargeRow | undefined> {
  return db.selectFrom('pixCharges').selectAll().where('txid', '=', txid).executeTakeFirst();
}

/** Concludes a still-active charge; null when it was concluded already (a repeated notification). */
export function concludeCharge(trx: Database, txid: string, endToEndId: string | null, now: Date) {
  return trx
    .updateTable('pixCharges')
    .set({ status: 'CONCLUIDA', endToEndId, paidAt: now })
    .where('txid', '=', txid)
    .where('status', '=', 'ATIVA')
    .returning(['companyId', 'invoiceId'])
    .executeTakeFirst();
}

/** Marks an open invoice paid; null when it was paid already (by another charge). */
export function markInvoicePaid(trx: Database, companyId: number, invoiceId: number, now: Date) {
  return trx
    .updateTable('invoices')
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where('companyId', '=', companyId)
    .where('id', '=', invoiceId)
    .where('status', '=', 'open')
    .returning(['id'])
    .executeTakeFirst();
}

export function lockCompanyTerm(trx: Database, companyId: number) {
  return trx.selectFrom('companies').select(['dueDate', 'recurrence']).where('id', '=', companyId).forUpdate().executeTakeFirstOrThrow();
}

export async function setCompanyDueDate(trx: Database, companyId: number, dueDate: string, now: Date) {
  await trx.updateTable('companies').set({ dueDate, updatedAt: now }).where('id', '=', companyId).execute();
}
