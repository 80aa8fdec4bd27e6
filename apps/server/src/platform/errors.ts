import type { ErrorBody, ErrorCode } from '@atende/contract';

/** A failure the caller can act on: answered as `{ error: code }` with `status`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status = 400,
    readonly extra: Omit<ErrorBody, 'error'> = {},
  ) {
    super(code);
  }

  toBody(): ErrorBody {
    return { error: this.code, ...this.extra };
  }
}

export const notFound = (code: ErrorCode = 'ERR_NOT_FOUND') => new AppError(code, 404);
export const forbidden = (code: ErrorCode = 'ERR_NO_PERMISSION') => new AppError(code, 403);
export const conflict = (code: ErrorCode, details?: Record<string, unknown>) => new AppError(code, 409, details ? { details } : {});

/** Postgres unique_violation, optionally on one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  if (!e || e.code !== '23505') return false;
  if (!constraint) return true;
  return e.constraint === constraint || Boolean(e.message?.includes(constraint));
}

/** Postgres foreign_key_violation. */
export function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23503';
}
