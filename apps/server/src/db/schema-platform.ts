import type { ColumnType, Selectable } from 'kysely';

/** Password recovery codes (migration 0021); part of `DB` in schema.ts. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface PasswordResetsTable {
  /** One live code per user: a new request replaces it. */
  userId: number;
  companyId: number;
  /** sha256 of the code; the code itself is only ever in the mail. */
  codeHash: string;
  /** Wrong codes tried against this one; past the limit it is void. */
  attempts: ColumnType<number, number | undefined, number>;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  createdAt: Timestamp;
}

export interface PlatformTables {
  passwordResets: PasswordResetsTable;
}

export type PasswordResetRow = Selectable<PasswordResetsTable>;
