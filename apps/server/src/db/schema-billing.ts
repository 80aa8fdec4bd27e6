import type { ColumnType, Generated, Selectable } from 'kysely';
import type { InvoiceStatus } from '@atende/contract';

/** Invoices and Pix charges (migration 0025); part of `DB` in schema.ts. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric: read as a string; the presenter turns it into a number. */
type Money = ColumnType<string, number | string, number | string>;

export interface InvoicesTable {
  id: Generated<number>;
  companyId: number;
  detail: string;
  value: Money;
  /** 'YYYY-MM-DD' */
  dueDate: string;
  status: ColumnType<InvoiceStatus, InvoiceStatus | undefined, InvoiceStatus>;
  paidAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** Status as the PSP names it: ATIVA until paid, then CONCLUIDA. */
export type PixChargeStatus = 'ATIVA' | 'CONCLUIDA';

export interface PixChargesTable {
  txid: string;
  companyId: number;
  invoiceId: number;
  value: Money;
  copyPaste: string;
  status: ColumnType<PixChargeStatus, PixChargeStatus | undefined, PixChargeStatus>;
  endToEndId: string | null;
  paidAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  createdAt: Timestamp;
}

export interface BillingTables {
  invoices: InvoicesTable;
  pixCharges: PixChargesTable;
}

export type InvoiceRow = Selectable<InvoicesTable>;
export type PixChargeRow = Selectable<PixChargesTable>;
