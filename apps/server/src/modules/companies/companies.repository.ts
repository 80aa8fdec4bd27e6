import { sql, type Transaction, type Updateable } from 'kysely';
import type { CompanySchedule } from '@atende/contract';
import { countAll, type Database } from '../../db/database.js';
import type { CompaniesTable, DB } from '../../db/schema.js';

type Executor = Database | Transaction<DB>;

export function findCompany(db: Executor, companyId: number) {
  return db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirst();
}

export function insertCompany(
  db: Executor,
  values: { name: string; email: string; phone: string; planId: number; status: boolean; dueDate: string | null; recurrence: DB['companies']['recurrence']['__insert__']; trialExpiration?: string | null },
) {
  return db.insertInto('companies').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Name in any case, then id: stable, so paging never repeats or skips a row. */
const byName = sql`lower(companies.name)`;

export async function pageOfCompanies(db: Executor, page: { search: string; limit: number; offset: number }) {
  let query = db.selectFrom('companies');
  if (page.search) {
    const term = page.search.toLowerCase();
    // strpos instead of LIKE: the search text is taken literally, '%' and '_' included.
    query = query.where((eb) =>
      eb.or([eb(sql`strpos(lower(companies.name), ${term})`, '>', 0), eb(sql`strpos(lower(companies.email), ${term})`, '>', 0)]),
    );
  }
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy(byName).orderBy('id').limit(page.limit).offset(page.offset).execute(),
    query.select(countAll()).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

export function listCompanies(db: Executor) {
  return db.selectFrom('companies').selectAll().orderBy(byName).orderBy('id').execute();
}

export function plansByIds(db: Executor, planIds: number[]) {
  if (planIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('plans').selectAll().where('id', 'in', [...new Set(planIds)]).execute();
}

/** The stored `campaignsEnabled` setting of each company that has one. */
export async function storedCampaignsEnabled(db: Executor, companyIds: number[]): Promise<Map<number, string>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('settings')
    .select(['companyId', 'value'])
    .where('key', '=', 'campaignsEnabled')
    .where('companyId', 'in', companyIds)
    .execute();
  return new Map(rows.map((r) => [r.companyId, r.value]));
}

export function updateCompanyRow(db: Executor, companyId: number, values: Updateable<CompaniesTable>) {
  return db.updateTable('companies').set(values).where('id', '=', companyId).returningAll().executeTakeFirst();
}

export function saveSchedules(db: Executor, companyId: number, schedules: CompanySchedule[], now: Date) {
  return db
    .updateTable('companies')
    .set({ schedules: JSON.stringify(schedules), updatedAt: now })
    .where('id', '=', companyId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteCompanyRow(db: Executor, companyId: number): Promise<boolean> {
  const result = await db.deleteFrom('companies').where('id', '=', companyId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Revokes every live session of the company's users; answers the ids, to cut their sockets. */
export async function revokeCompanySessions(db: Executor, companyId: number, now: Date): Promise<string[]> {
  const rows = await db
    .updateTable('authSessions')
    .set({ revokedAt: now })
    .where('companyId', '=', companyId)
    .where('revokedAt', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The platform company: the company of the (first) super user, if there is one. */
export async function platformCompanyId(db: Executor): Promise<number | null> {
  const row = await db.selectFrom('users').select('companyId').where('super', '=', true).orderBy('id').limit(1).executeTakeFirst();
  return row?.companyId ?? null;
}

export function planOfCompany(db: Executor, companyId: number) {
  return db
    .selectFrom('companies')
    .innerJoin('plans', 'plans.id', 'companies.planId')
    .selectAll('plans')
    .where('companies.id', '=', companyId)
    .executeTakeFirst();
}
