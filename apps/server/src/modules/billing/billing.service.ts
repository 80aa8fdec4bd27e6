import { randomBytes, timingSafeEqual } from 'node:crypto';
import { advanceDueDate, BILLING, rooms, type InvoicesPage, type ListQuery, type PixCharge, type SubscriptionInput } from '@atende/contract';
import type { Actor } from '../../platform/actor.js';
import { addDays, isoDay } from '../../platform/clock.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { presentCharge, presentInvoice } from './billing.presenter.js';
import * as repo from './billing.repository.js';
import type { PixProvider } from './pix-provider.js';

/** The last due date whose invoice exists by `now`: invoices are created this far ahead. */
export function invoiceHorizon(now: Date): string {
  return isoDay(addDays(now, BILLING.invoiceLeadDays));
}

export async function listInvoices(ctx: AppContext, actor: Actor, query: ListQuery): Promise<InvoicesPage> {
  // A company blocked since before the worker's last pass still finds what it owes.
  await repo.createDueInvoices(ctx.db, invoiceHorizon(ctx.clock.now()), actor.companyId);
  const limit = BILLING.pageSize;
  const offset = (query.pageNumber - 1) * limit;
  const { rows, count } = await repo.pageOfInvoices(ctx.db, actor.companyId, { search: query.searchParam, limit, offset });
  return { invoices: rows.map(presentInvoice), count, hasMore: offset + rows.length < count };
}

async function loadInvoice(ctx: AppContext, actor: Actor, id: number) {
  const row = await repo.findInvoice(ctx.db, actor.companyId, id);
  if (!row) throw new AppError('ERR_NO_INVOICE_FOUND', 404);
  return row;
}

export async function showInvoice(ctx: AppContext, actor: Actor, id: number) {
  return presentInvoice(await loadInvoice(ctx, actor, id));
}

/**
 * POST /subscription: a Pix charge for one of the company's unpaid invoices, for the invoice's
 * value (what the checkout sends as price is only what the customer saw).
 */
export async function subscribe(ctx: AppContext, provider: PixProvider | null, actor: Actor, input: SubscriptionInput): Promise<PixCharge> {
  const invoice = await loadInvoice(ctx, actor, input.invoiceId);
  if (invoice.status === 'paid') throw new AppError('ERR_INVOICE_ALREADY_PAID', 409);
  if (!provider) throw new AppError('ERR_PAYMENT_PROVIDER_UNAVAILABLE', 503);
  // 32 characters of [0-9a-f]: within the 26-35 alphanumerics the standard asks of a txid.
  const txid = randomBytes(16).toString('hex');
  const value = Number(invoice.value).toFixed(2);
  const created = await provider.createCharge({ txid, value, expirySeconds: BILLING.chargeExpirySeconds, description: `Fatura ${invoice.id}` });
  const charge = { txid, companyId: actor.companyId, invoiceId: invoice.id, value, copyPaste: created.copyPaste };
  await repo.insertCharge(ctx.db, charge);
  return presentCharge(charge, ctx.config.pix?.demoPsp ?? false);
}

export function webhookSecretMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A payment notification of the PSP. Its body is not trusted: each named charge is read back from
 * the PSP and settled only when the PSP says CONCLUIDA; a charge settles once (the conditional
 * updates), so a repeated or concurrent notification changes nothing more.
 */
export async function settleNotifiedCharges(ctx: AppContext, provider: PixProvider, txids: string[]): Promise<number> {
  let settled = 0;
  for (const txid of new Set(txids)) {
    const charge = await repo.findNotifiedCharge(ctx.db, txid);
    if (!charge || charge.status === 'CONCLUIDA') continue;
    const state = await provider.readCharge(txid);
    if (state?.status !== 'CONCLUIDA') continue;
    const result = await settle(ctx, txid, state.endToEndId);
    if (!result) continue;
    settled++;
    ctx.live.reauthorize(rooms.company(result.companyId));
    ctx.live.toCompany(result.companyId, 'payment', { action: 'CONCLUIDA', invoiceId: result.invoiceId, dueDate: result.dueDate });
  }
  return settled;
}

async function settle(ctx: AppContext, txid: string, endToEndId: string | null) {
  const now = ctx.clock.now();
  const today = isoDay(now);
  return ctx.db.transaction().execute(async (trx) => {
    const charge = await repo.concludeCharge(trx, txid, endToEndId, now);
    if (!charge) return null;
    const paid = await repo.markInvoicePaid(trx, charge.companyId, charge.invoiceId, now);
    // The invoice was paid by another charge already: the term was advanced then.
    if (!paid) return null;
    const term = await repo.lockCompanyTerm(trx, charge.companyId);
    let dueDate = advanceDueDate(term.dueDate, term.recurrence, today);
    // A company long past due starts its new term today rather than one still in the past.
    if (dueDate < today) dueDate = advanceDueDate(today, term.recurrence, today);
    await repo.setCompanyDueDate(trx, charge.companyId, dueDate, now);
    return { companyId: charge.companyId, invoiceId: charge.invoiceId, dueDate };
  });
}
