import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ADMIN } from './api';

/** The demo admin's API access and the demo company's simulated connection, paired with the phone. */
export interface DemoLine {
  headers: { authorization: string };
  whatsappId: number;
}

export async function demoLine(request: APIRequestContext): Promise<DemoLine> {
  const login = await request.post('/api/auth/login', { data: DEMO_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const list = (await (await request.get('/api/whatsapp', { headers })).json()) as { id: number; name: string; status: string }[];
  const line = list.find((c) => c.name === 'WhatsApp Demo');
  if (!line) throw new Error('the demo connection is missing (DEMO=1 SIMULATOR=1?)');
  const status = async () => ((await (await request.get(`/api/whatsapp/${line.id}`, { headers })).json()) as { status: string }).status;
  // Another journey may have paired it already; otherwise its QR is showing, and the phone scans it.
  await expect.poll(status).toMatch(/^(qrcode|CONNECTED)$/);
  if ((await status()) === 'qrcode') {
    const scan = await request.post(`/api/simulator/connections/${line.id}/scan`, { headers });
    expect(scan.status()).toBe(204);
  }
  await expect.poll(status).toBe('CONNECTED');
  return { headers, whatsappId: line.id };
}

/**
 * The same line through the browser's session: a login of the same user elsewhere ends the
 * earlier session, so once the browser has signed in, the API calls borrow its token.
 */
export async function throughBrowser(page: Page, line: DemoLine): Promise<DemoLine> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  return { ...line, headers: { authorization: `Bearer ${token ?? ''}` } };
}

/** Goes to an address inside the running app, as a link would, without reloading the page. */
export async function visitInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** A phone number no other journey uses. */
export function freshCustomerNumber(): string {
  return `55119${String(Date.now()).slice(-8)}`;
}

export async function customerWrites(request: APIRequestContext, line: DemoLine, from: string, name: string, body: string) {
  const res = await request.post('/api/simulator/messages', { headers: line.headers, data: { whatsappId: line.whatsappId, from, name, body } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The uuid of the customer's ticket, once the inbound message has made one. */
export async function ticketUuidOf(request: APIRequestContext, line: DemoLine, number: string): Promise<string> {
  let uuid = '';
  await expect
    .poll(async () => {
      const res = await request.get('/api/tickets', { headers: line.headers, params: { searchParam: number, showAll: 'true' } });
      const page = (await res.json()) as { tickets: { uuid: string; contact: { number: string } }[] };
      uuid = page.tickets?.find((t) => t.contact.number === number)?.uuid ?? '';
      return uuid;
    })
    .not.toBe('');
  return uuid;
}

export interface PhoneEntry {
  direction: 'in' | 'out';
  kind: string;
  body: string;
  media?: { mimeType: string };
}

/** What the customer's phone shows. */
export async function customerSees(request: APIRequestContext, line: DemoLine, number: string): Promise<PhoneEntry[]> {
  const res = await request.get(`/api/simulator/conversations/${line.whatsappId}/${number}`, { headers: line.headers });
  expect(res.ok()).toBe(true);
  return (await res.json()) as PhoneEntry[];
}

/** A 1x1 PNG, the smallest image the phone accepts. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
