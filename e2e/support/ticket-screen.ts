import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { DemoDesk } from './tickets';

/**
 * The demo desk through the browser's session: a login of the same user elsewhere ends the
 * earlier session, so once the browser has signed in as the demo admin, the API calls borrow its token.
 */
export async function throughBrowser(page: Page, desk: DemoDesk): Promise<DemoDesk> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  return { ...desk, headers: { authorization: `Bearer ${token ?? ''}` } };
}

/** Goes to an address inside the running app, as a link would, without reloading the page. */
export async function visitInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

export interface PhoneEntry {
  direction: 'in' | 'out';
  kind: string;
  body: string;
}

/** What the customer's phone shows. */
export async function customerSees(request: APIRequestContext, desk: DemoDesk, number: string): Promise<PhoneEntry[]> {
  const res = await request.get(`/api/simulator/conversations/${desk.whatsappId}/${number}`, { headers: desk.headers });
  expect(res.ok()).toBe(true);
  return (await res.json()) as PhoneEntry[];
}

/** A 1x1 PNG, the smallest image the phone accepts. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
