import type { z } from 'zod';
import type { companyCreateInput } from '@atende/contract';
import type { Database } from '../../db/database.js';
import { AppError, conflict, isUniqueViolation } from '../../platform/errors.js';
import { insertUser } from '../users/users.service.js';
import { insertCompany } from './companies.repository.js';

export type CompanyCreation = z.output<typeof companyCreateInput> & { superAdmin?: boolean };

/**
 * Creates a company with its settings and its first admin (from the company's email and the
 * given password), all or nothing.
 */
export async function createCompanyWithAdmin(db: Database, input: CompanyCreation) {
  try {
    return await db.transaction().execute(async (trx) => {
      const plan = await trx.selectFrom('plans').select('id').where('id', '=', input.planId).executeTakeFirst();
      if (!plan) throw new AppError('ERR_NO_PLAN_FOUND', 404);
      const company = await insertCompany(trx, {
        name: input.name,
        email: input.email,
        phone: input.phone,
        planId: input.planId,
        status: input.status,
        dueDate: input.dueDate,
        recurrence: input.recurrence,
      });
      await trx
        .insertInto('settings')
        .values({ companyId: company.id, key: 'campaignsEnabled', value: String(input.campaignsEnabled) })
        .execute();
      const admin = await insertUser(trx, company.id, {
        name: input.adminName ?? input.name,
        email: input.email,
        password: input.password,
        profile: 'admin',
        super: input.superAdmin ?? false,
      });
      return { company, admin };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'companies_name_unique')) throw conflict('ERR_COMPANY_NAME_IN_USE');
    throw error;
  }
}
