import { planAllows } from '@atende/contract';
import { isoDay } from '../../platform/clock.js';
import { assertCompanyActive } from '../../platform/company-standing.js';
import { AppError } from '../../platform/errors.js';
import type { TokenConnection } from './messages-api.repository.js';

/**
 * Who may send through the API: the holder of a connection's token, while the company works
 * (active, not past its due date: the same 402s as login), its plan has useExternalApi and the
 * connection is connected (a message for a connection that is not would wait unsent).
 */
export function assertMaySend(connection: TokenConnection | undefined, now: Date): asserts connection is TokenConnection {
  if (!connection) throw new AppError('ERR_INVALID_API_TOKEN', 401);
  assertCompanyActive({ status: connection.companyStatus, dueDate: connection.companyDueDate }, isoDay(now));
  if (!planAllows({ useExternalApi: connection.useExternalApi }, 'useExternalApi')) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
  if (connection.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409);
}
