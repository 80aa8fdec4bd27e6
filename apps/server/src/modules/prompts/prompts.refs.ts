import { V } from '@atende/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../platform/errors.js';
import { isPromptOfCompany } from './prompts.repository.js';

/**
 * Queues and connections name only their company's prompts: another company's id, or one that
 * does not exist, is an invalid `promptId` (never a database error).
 */
export async function assertPromptOfCompany(db: Database, companyId: number, promptId: number | null | undefined): Promise<void> {
  if (promptId && !(await isPromptOfCompany(db, companyId, promptId))) throw new AppError('ERR_VALIDATION', 400, { fields: { promptId: V.invalid } });
}
