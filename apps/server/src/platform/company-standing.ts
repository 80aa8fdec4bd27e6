import { sql, type RawBuilder } from 'kysely';
import { AppError } from './errors.js';

/**
 * A company works (signs in, keeps its sockets, runs its WhatsApp sessions and scheduled sends)
 * while it is active and up to and including its due date; no due date means no expiry.
 */
export function companyStandingError(company: { status: boolean; dueDate: string | null }, today: string): AppError | null {
  if (!company.status) return new AppError('ERR_COMPANY_INACTIVE', 402);
  if (company.dueDate && company.dueDate < today) {
    return new AppError('ERR_SUBSCRIPTION_EXPIRED', 402, { details: { dueDate: company.dueDate } });
  }
  return null;
}

export function assertCompanyActive(company: { status: boolean; dueDate: string | null }, today: string): void {
  const error = companyStandingError(company, today);
  if (error) throw error;
}

/** The same rule in SQL, over the companies table as `alias` ('YYYY-MM-DD' `today`). */
export function companyWorks(alias: string, today: string): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<boolean>`(${column('status')} and (${column('dueDate')} is null or ${column('dueDate')} >= ${today}::date))`;
}
