import { sql, type Insertable, type Updateable } from 'kysely';
import { countAll, type Database } from '../../db/database.js';
import type { PlansTable } from '../../db/schema.js';

/** Plans belong to the platform, not to a company: only the super user's routes write them. */
export function listPlans(db: Database) {
  return db.selectFrom('plans').selectAll().orderBy(sql`lower(name)`).orderBy('id').execute();
}

export async function pageOfPlans(db: Database, page: { search: string; limit: number; offset: number }) {
  let query = db.selectFrom('plans');
  // strpos instead of LIKE: the search text is taken literally, '%' and '_' included.
  if (page.search) query = query.where(sql`strpos(lower(name), ${page.search.toLowerCase()})`, '>', 0);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy(sql`lower(name)`).orderBy('id').limit(page.limit).offset(page.offset).execute(),
    query.select(countAll()).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

export function findPlan(db: Database, planId: number) {
  return db.selectFrom('plans').selectAll().where('id', '=', planId).executeTakeFirst();
}

export function insertPlan(db: Database, values: Insertable<PlansTable>) {
  return db.insertInto('plans').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updatePlanRow(db: Database, planId: number, values: Updateable<PlansTable>) {
  return db.updateTable('plans').set(values).where('id', '=', planId).returningAll().executeTakeFirst();
}

export async function deletePlanRow(db: Database, planId: number): Promise<boolean> {
  const result = await db.deleteFrom('plans').where('id', '=', planId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function companiesOnPlan(db: Database, planId: number): Promise<number> {
  const row = await db.selectFrom('companies').select(countAll()).where('planId', '=', planId).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The plan of the platform company (the super user's): it is never offered to the public. */
export async function platformPlanId(db: Database): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.companyId')
    .select('companies.planId')
    .where('users.super', '=', true)
    .orderBy('users.id')
    .limit(1)
    .executeTakeFirst();
  return row?.planId ?? null;
}
