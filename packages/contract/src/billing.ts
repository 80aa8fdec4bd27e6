import { z } from 'zod';
import { V, listQuery, recordId, type Paged } from './common.js';

/** Invoices and the Pix checkout (/financeiro, POST /subscription, the payment webhook). */
export const INVOICE_STATUSES = ['open', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const BILLING = {
  /** A company's next invoice is created this many days before its due date. */
  invoiceLeadDays: 10,
  /** Invoices per page of GET /invoices/all. */
  pageSize: 20,
  /** How long a Pix charge can be paid (calendario.expiracao), in seconds. */
  chargeExpirySeconds: 3600,
  /** The checkout's QR code side, in px. */
  qrSize: 256,
  /** The copy control says 'copied' this long. */
  copiedMs: 1000,
  /** After the payment is confirmed, the checkout goes to / this much later. */
  redirectAfterPaymentMs: 4000,
  /** Countries the checkout offers. */
  countries: ['BR', 'usa'] as const,
} as const;

export interface Invoice {
  id: number;
  detail: string;
  value: number;
  dueDate: string;
  status: InvoiceStatus;
  paidAt: string | null;
  createdAt: string;
}

export const invoiceListQuery = listQuery;
export type InvoicesPage = Paged<'invoices', Invoice>;

/** Invoice status display: Pago, Vencido (past due and unpaid) or Em Aberto. */
export type InvoiceDisplay = 'paid' | 'overdue' | 'open';
export function invoiceDisplay(invoice: Pick<Invoice, 'status' | 'dueDate'>, today: string): InvoiceDisplay {
  if (invoice.status === 'paid') return 'paid';
  return invoice.dueDate < today ? 'overdue' : 'open';
}

/**
 * POST /subscription: the checkout's fields. The server charges the invoice's own value: plan,
 * price, users and connections are what the customer saw, never what is charged.
 */
const text = (max: number) => z.string({ error: V.invalid }).trim().max(max, { error: V.tooLong });
export const subscriptionInput = z.object({
  firstName: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(200, { error: V.tooLong }),
  lastName: text(200).optional().default(''),
  address2: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(300, { error: V.tooLong }),
  city: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(120, { error: V.tooLong }),
  state: text(120).optional().default(''),
  zipcode: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(20, { error: V.tooLong }),
  country: z.enum(BILLING.countries, { error: V.invalid }),
  useAddressForPaymentDetails: z.boolean({ error: V.invalid }).optional().default(false),
  nameOnCard: text(200).optional().default(''),
  cardNumber: text(40).optional().default(''),
  cvv: text(8).optional().default(''),
  plan: text(4000).optional().default(''),
  price: z.coerce.number({ error: V.invalid }).min(0).optional(),
  users: z.coerce.number({ error: V.invalid }).int().min(0).optional(),
  connections: z.coerce.number({ error: V.invalid }).int().min(0).optional(),
  invoiceId: recordId(),
});
export type SubscriptionInput = z.output<typeof subscriptionInput>;

/** The Pix charge the checkout shows: the copy-and-paste code (the QR's content) and the value. */
export interface PixCharge {
  txid: string;
  invoiceId: number;
  qrcode: { qrcode: string };
  valor: { original: string };
  /** The charge is at the demo's built-in PSP: the checkout offers to pay it right there. */
  demo: boolean;
}

/** `company-{id}-payment`: a charge of the company was paid; its due date moved to `dueDate`. */
export interface PaymentEventPayload {
  action: 'CONCLUIDA';
  invoiceId: number;
  dueDate: string | null;
}

/** What a PSP notification carries (API Pix webhook `POST {url}/pix`): only the txids are used, each read back. */
export const pixNotificationInput = z.object({
  pix: z
    .array(z.object({ txid: z.string().min(1).max(35), endToEndId: z.string().max(64).optional(), valor: z.string().max(20).optional() }).passthrough())
    .max(100),
});
