import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { advanceDueDate } from '@atende/contract';
import { isoDay } from '../../platform/clock.js';
import { startFakePsp } from '../../test/fake-psp-server.js';
import { startTestApp, type ApiClient, type TestApp, type TestCompany } from '../../test/harness.js';
import { createInvoiceJob } from './billing.jobs.js';
import { WEBHOOK_SECRET_HEADER, type FakePsp } from './fake-psp.js';

let t: TestApp;
let psp: FakePsp;
let closePsp: () => Promise<void>;
let webhookSecret: string;

const day = (offset: number) => isoDay(new Date(Date.now() + offset * 86_400_000));
const checkout = (invoiceId: number) => ({
  firstName: 'Maria Souza',
  address2: 'Rua A, 1',
  city: 'Recife',
  zipcode: '50000-000',
  country: 'BR',
  plan: '{"title":"Plano"}',
  price: 1,
  invoiceId,
});

beforeAll(async () => {
  const fake = await startFakePsp();
  psp = fake.psp;
  closePsp = fake.close;
  webhookSecret = fake.env.PIX_WEBHOOK_SECRET;
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000', ...fake.env } });
  psp.options.webhookUrl = `${await t.listen()}/api/subscription/webhook`;
});
afterAll(async () => {
  await t.close();
  await closePsp();
});

async function invoicesOf(companyId: number) {
  return t.database.db.selectFrom('invoices').selectAll().where('companyId', '=', companyId).execute();
}

async function dueDateOf(companyId: number) {
  return (await t.database.db.selectFrom('companies').select('dueDate').where('id', '=', companyId).executeTakeFirstOrThrow()).dueDate;
}

async function payerOf(input: { dueDate: string; value?: number }): Promise<{ company: TestCompany; api: ApiClient }> {
  const company = await t.createCompany({ dueDate: input.dueDate, plan: { value: input.value ?? 99.9 } });
  return { company, api: t.as(await t.login(company.email, company.password)) };
}

describe('the invoice job', () => {
  it('creates a company’s next invoice once, however often, by however many workers, and after a restart', async () => {
    const soon = await t.createCompany({ dueDate: day(5), plan: { value: 49.9 } });
    const later = await t.createCompany({ dueDate: day(40), plan: { value: 49.9 } });
    const free = await t.createCompany({ dueDate: day(2), plan: { value: 0 } });
    const one = createInvoiceJob(t.ctx);
    const two = createInvoiceJob(t.ctx);
    await Promise.all([one.runDue(), two.runDue(), one.runDue()]);
    await createInvoiceJob(t.ctx).runDue();

    const invoices = await invoicesOf(soon.companyId);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ dueDate: day(5), status: 'open', value: '49.90' });
    expect(invoices[0].detail).toContain('MENSAL');
    expect(await invoicesOf(later.companyId)).toEqual([]);
    expect(await invoicesOf(free.companyId)).toEqual([]);
  });
});

describe('a company past its due date', () => {
  it('signs in and reaches its invoices, session and checkout only; everything else answers 402 with the due date', async () => {
    const { company, api } = await payerOf({ dueDate: '2020-01-31' });
    expect((await api.get('/api/auth/me')).statusCode).toBe(200);
    const list = await api.get('/api/invoices/all?pageNumber=1');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 1, hasMore: false, invoices: [{ dueDate: '2020-01-31', status: 'open', value: 99.9 }] });
    const invoiceId = list.json().invoices[0].id;
    expect((await api.get(`/api/invoices/${invoiceId}`)).statusCode).toBe(200);
    expect((await api.post('/api/subscription', checkout(invoiceId))).statusCode).toBe(200);

    for (const url of ['/api/settings', '/api/contacts', '/api/tickets', '/api/users']) {
      const res = await api.get(url);
      expect(res.statusCode, url).toBe(402);
      expect(res.json(), url).toEqual({ error: 'ERR_SUBSCRIPTION_EXPIRED', details: { dueDate: '2020-01-31' } });
    }
    expect((await api.post('/api/contacts', { name: 'Ana', number: '5511999990000' })).statusCode).toBe(402);

    // Its session lives on past the access token's 15 minutes: the refresh still answers.
    const session = await t.login(company.email, company.password);
    const refreshed = await t.request({ method: 'POST', url: '/api/auth/refresh_token', headers: { cookie: session.cookie } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().user.company.dueDate).toBe('2020-01-31');
  });

  it('does not sign in when the company is inactive', async () => {
    const inactive = await t.createCompany({ dueDate: '2020-01-31', status: false });
    const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: inactive.email, password: inactive.password } });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: 'ERR_COMPANY_INACTIVE' });
  });
});

describe('paying by Pix', () => {
  it('creates a charge at the PSP for the invoice’s own value and answers its QR', async () => {
    const { api } = await payerOf({ dueDate: day(3), value: 120 });
    const invoiceId = (await api.get('/api/invoices/all')).json().invoices[0].id;
    const res = await api.post('/api/subscription', { ...checkout(invoiceId), price: 0.01 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ invoiceId, valor: { original: '120.00' } });
    expect(body.qrcode.qrcode).toMatch(/^000201/);
    expect(psp.charges.get(body.txid)).toMatchObject({ valor: '120.00', chave: 'pix@example.com', status: 'ATIVA' });
  });

  it('refuses an incomplete checkout and an unknown invoice', async () => {
    const { api } = await payerOf({ dueDate: day(3) });
    const invoiceId = (await api.get('/api/invoices/all')).json().invoices[0].id;
    const missing = await api.post('/api/subscription', { invoiceId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('ERR_VALIDATION');
    expect((await api.post('/api/subscription', { ...checkout(invoiceId), country: 'AR' })).statusCode).toBe(400);
    expect((await api.post('/api/subscription', checkout(99_999_999))).statusCode).toBe(404);
  });

  it('settles a verified payment once: the invoice is paid, the due date advances by the recurrence and the company hears it', async () => {
    const { company, api } = await payerOf({ dueDate: '2020-01-31' });
    const invoiceId = (await api.get('/api/invoices/all')).json().invoices[0].id;
    const { txid } = (await api.post('/api/subscription', checkout(invoiceId))).json();
    const heard = vi.spyOn(t.ctx.live, 'toCompany');

    // Forged: no secret, or a wrong one, even naming a charge the PSP says is paid.
    psp.charges.get(txid)!.status = 'CONCLUIDA';
    expect(await psp.notify({ pix: [{ txid, valor: '99.90' }] }, null)).toBe(401);
    expect(await psp.notify({ pix: [{ txid, valor: '99.90' }] }, 'wrong-secret-0123456789')).toBe(401);
    psp.charges.get(txid)!.status = 'ATIVA';
    // With the secret but for a charge the PSP has not seen paid.
    expect(await psp.notify({ pix: [{ txid, valor: '99.90', endToEndId: 'E1' }] })).toBe(200);
    expect((await api.get(`/api/invoices/${invoiceId}`)).json().status).toBe('open');
    expect(await dueDateOf(company.companyId)).toBe('2020-01-31');
    expect((await api.get('/api/settings')).statusCode).toBe(402);

    expect(await psp.pay(txid)).toBe(true);
    const renewed = advanceDueDate(day(0), 'MENSAL', day(0));
    expect((await api.get(`/api/invoices/${invoiceId}`)).json()).toMatchObject({ status: 'paid' });
    expect(await dueDateOf(company.companyId)).toBe(renewed);
    expect(heard).toHaveBeenCalledWith(company.companyId, 'payment', { action: 'CONCLUIDA', invoiceId, dueDate: renewed });
    expect((await api.get('/api/settings')).statusCode).toBe(200);

    // The PSP repeats itself, twice at once: nothing moves again.
    const again = await Promise.all([psp.pay(txid), psp.pay(txid)]);
    expect(again).toEqual([true, true]);
    expect(await dueDateOf(company.companyId)).toBe(renewed);
    expect(heard.mock.calls.filter((c) => c[1] === 'payment')).toHaveLength(1);
    heard.mockRestore();

    const paidAgain = await api.post('/api/subscription', checkout(invoiceId));
    expect(paidAgain.statusCode).toBe(409);
    expect(paidAgain.json()).toEqual({ error: 'ERR_INVOICE_ALREADY_PAID' });
  });

  it('advances from the current due date when it is still ahead', async () => {
    const { company, api } = await payerOf({ dueDate: day(4) });
    const invoiceId = (await api.get('/api/invoices/all')).json().invoices[0].id;
    const first = (await api.post('/api/subscription', checkout(invoiceId))).json();
    const second = (await api.post('/api/subscription', checkout(invoiceId))).json();
    await psp.pay(first.txid);
    await psp.pay(second.txid);
    // Two charges of one invoice both paid: the term advances once.
    expect(await dueDateOf(company.companyId)).toBe(advanceDueDate(day(4), 'MENSAL', day(0)));
  });

  it('answers the webhook of an unknown charge without changing anything', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/subscription/webhook/pix',
      headers: { [WEBHOOK_SECRET_HEADER]: webhookSecret },
      payload: { pix: [{ txid: 'a'.repeat(32) }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ settled: 0 });
    const bad = await t.request({ method: 'POST', url: '/api/subscription/webhook/pix', headers: { [WEBHOOK_SECRET_HEADER]: webhookSecret }, payload: { pix: 'x' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('invoices of another company', () => {
  it('are neither listed, read nor charged', async () => {
    const owner = await payerOf({ dueDate: day(2) });
    const other = await payerOf({ dueDate: day(60) });
    const invoiceId = (await owner.api.get('/api/invoices/all')).json().invoices[0].id;
    expect((await other.api.get('/api/invoices/all')).json()).toMatchObject({ count: 0, invoices: [] });
    expect((await other.api.get(`/api/invoices/${invoiceId}`)).statusCode).toBe(404);
    expect((await other.api.post('/api/subscription', checkout(invoiceId))).statusCode).toBe(404);
  });
});
