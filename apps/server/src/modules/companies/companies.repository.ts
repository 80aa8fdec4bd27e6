import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

type Executor = Database | Transaction<DB>;

export function findCompany(db: Executor, companyId: number) {
  return db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirst();
}

export function insertCompany(
  db: Executor,
  values: { name: string; email: string; phone: string; planId: number; status: boolean; dueDate: string | null; recurrence: DB['companies']['recurrence']['__insert__'] },
) {
  return db.insertInto('companies').values(values).returningAll().executeTakeFirstOrThrow();
}
