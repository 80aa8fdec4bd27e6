import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { seedCompany, token } from './api';
import { connectedSimulator } from './dashboard';
import type { DemoDesk } from './tickets';

/**
 * The agent inbox journey's company: two queues, an agent in each, a simulated line that sends
 * every customer to the first queue, ratings asked when a ticket is finished and one quick reply.
 * Everything is made through the API by the company's admin, so no demo data is involved.
 */
export interface InboxCompany {
  /** The admin's API access and the simulated line, as the other ticket journeys' helpers take them. */
  desk: DemoDesk;
  sales: { id: number; name: string };
  billing: { id: number; name: string };
  first: InboxAgent;
  second: InboxAgent;
  quickReply: { shortcode: string; message: string };
}

export interface InboxAgent {
  id: number;
  name: string;
  email: string;
  password: string;
}

let counter = 0;

async function created<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

export async function inboxCompany(request: APIRequestContext): Promise<InboxCompany> {
  const company = await seedCompany(request);
  const headers = { authorization: `Bearer ${await token(request, company.admin.email, company.admin.password)}` };
  const queue = (name: string, color: string) => request.post('/api/queue', { headers, data: { name, color } }).then((r) => created<{ id: number; name: string }>(r));
  const sales = await queue('Vendas', '#1e88e5');
  const billing = await queue('Financeiro', '#43a047');
  const agent = async (name: string, queueId: number): Promise<InboxAgent> => {
    const data = { name, email: `inbox-${Date.now().toString(36)}-${++counter}@example.com`, password: 'senha-segura1', profile: 'user', queueIds: [queueId] };
    const user = await created<{ id: number }>(await request.post('/api/users', { headers, data }));
    return { id: user.id, name, email: data.email, password: data.password };
  };
  const first = await agent('Ana Vendas', sales.id);
  const second = await agent('Caio Financeiro', billing.id);
  const whatsappId = await connectedSimulator(request, headers.authorization.slice('Bearer '.length), { name: 'Atendimento', queueIds: [sales.id] });
  const rating = await request.put('/api/settings/userRating', { headers, data: { value: 'enabled' } });
  expect(rating.ok(), await rating.text()).toBe(true);
  const quickReply = { shortcode: 'precos', message: 'Nossa tabela de preços segue em anexo, ' };
  await created(await request.post('/api/quick-messages', { headers, data: quickReply }));
  return { desk: { headers, whatsappId }, sales, billing, first, second, quickReply };
}

/** The rating the dashboard reports today for an attendant (null until the customer answers). */
export async function ratingOf(request: APIRequestContext, company: InboxCompany, userId: number): Promise<number | null> {
  const res = await request.get('/api/dashboard', { headers: company.desk.headers, params: { days: '1' } });
  expect(res.ok(), await res.text()).toBe(true);
  const attendants = (await res.json()).attendants as { id: number; rating: number | null }[];
  return attendants.find((a) => a.id === userId)?.rating ?? null;
}

/** Picks an option of a select field of an open dialog by the field's label. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Two seconds of fake microphone sound recorded from the composer: the fake media device plays a
 * tone, and the timer showing 00:02 tells the recording is well past the 10000-byte minimum.
 */
export async function recordVoiceNote(page: Page) {
  await page.getByTestId('audio-record').click();
  await expect(page.getByTestId('audio-timer')).toHaveText('00:02');
  await page.getByTestId('audio-send').click();
  await expect(page.getByTestId('audio-record')).toBeVisible();
}

/** Chromium with a fake microphone that needs no permission prompt. */
export const FAKE_MICROPHONE = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'],
};
