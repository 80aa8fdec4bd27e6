import type { Invoice, PixCharge } from '@atende/contract';
import type { InvoiceRow, PixChargeRow } from '../../db/schema-billing.js';

const iso = (date: Date | string) => new Date(date).toISOString();

export function presentInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    detail: row.detail,
    value: Number(row.value),
    dueDate: row.dueDate,
    status: row.status,
    paidAt: row.paidAt ? iso(row.paidAt) : null,
    createdAt: iso(row.createdAt),
  };
}

/** The Pix answer of POST /subscription: `qrcode.qrcode` is the BR Code the QR shows. */
export function presentCharge(row: Pick<PixChargeRow, 'txid' | 'invoiceId' | 'copyPaste' | 'value'>, demo: boolean): PixCharge {
  return { txid: row.txid, invoiceId: row.invoiceId, qrcode: { qrcode: row.copyPaste }, valor: { original: Number(row.value).toFixed(2) }, demo };
}
