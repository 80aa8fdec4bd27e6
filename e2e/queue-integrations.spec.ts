import { expect, test, type APIRequestContext } from '@playwright/test';
import { seedCompany, token } from './support/api';
import { connectedSimulator } from './support/dashboard';
import { choose } from './support/inbox';
import { createQueue } from './support/queues';
import { signIn, signInAndWait } from './support/ui';

const PAGE_LOAD = { timeout: 30_000 };
const auth = (t: string) => ({ authorization: `Bearer ${t}` });

/** What the customer's phone received from the business, oldest first. */
async function received(request: APIRequestContext, adminToken: string, whatsappId: number, number: string): Promise<string[]> {
  const res = await request.get(`/api/simulator/conversations/${whatsappId}/${number}`, { headers: auth(adminToken) });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as Array<{ direction: string; body: string }>).filter((e) => e.direction === 'out').map((e) => e.body);
}

test('an admin puts a Typebot flow on a queue; a customer goes through it and lands in the queue, where its agent sees the ticket', async ({ browser, page, request }) => {
  test.setTimeout(180_000);
  const typebotUrl = process.env.E2E_TYPEBOT_URL;
  expect(typebotUrl, 'the global setup starts the fake Typebot server').toBeTruthy();
  const company = await seedCompany(request);
  await signInAndWait(page, company.admin.email, company.admin.password);

  // The integration, from its page.
  await page.goto('/queue-integration');
  await expect(page.getByTestId('integrations-empty')).toBeVisible(PAGE_LOAD);
  await page.getByTestId('integrations-add').click();
  const dialog = page.getByTestId('integration-dialog');
  await expect(dialog.getByTestId('integration-typebotDelayMessage')).toHaveValue('1000');
  await expect(dialog.getByTestId('integration-typebotExpires')).toHaveValue('1');
  await dialog.getByTestId('integration-name').fill('F');
  await dialog.getByTestId('integration-save').click();
  await expect(dialog.getByText('Too Short!')).toBeVisible();
  await dialog.getByTestId('integration-name').fill('Boas-vindas');
  await dialog.getByTestId('integration-urlN8N').fill(typebotUrl!);
  await dialog.getByTestId('integration-typebotSlug').fill('atendimento');
  await dialog.getByTestId('integration-typebotDelayMessage').fill('200');
  await dialog.getByTestId('integration-save').click();
  await expect(page.getByText('Integração salva com sucesso.')).toBeVisible();
  const row = page.getByTestId('integrations-table').getByRole('row', { name: /Boas-vindas/ });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('integration-logo-typebot')).toBeVisible();

  // A queue answered by it.
  await page.goto('/queues');
  const queueDialog = await createQueue(page, 'Suporte', '#2e7d32');
  await choose(page, 'Integração', 'Boas-vindas');
  await queueDialog.getByTestId('queue-save').click();
  await expect(queueDialog).toBeHidden();

  const adminToken = await token(request, company.admin.email, company.admin.password);
  const queue = ((await (await request.get('/api/queue', { headers: auth(adminToken) })).json()) as Array<{ id: number; name: string; integrationId: number | null }>).find((q) => q.name === 'Suporte')!;
  expect(queue.integrationId).not.toBeNull();
  const agent = { name: 'Bia Suporte', email: `bia-${Date.now()}@example.com`, password: 'senha-segura1' };
  expect((await request.post('/api/users', { headers: auth(adminToken), data: { ...agent, profile: 'user', queueIds: [queue.id] } })).ok()).toBe(true);
  const whatsappId = await connectedSimulator(request, adminToken, { name: 'Linha do bot', queueIds: [queue.id] });

  // The customer talks to the flow.
  const number = `5511${String(Date.now()).slice(-9)}`;
  const say = async (body: string) =>
    expect((await request.post('/api/simulator/messages', { headers: auth(adminToken), data: { whatsappId, from: number, name: 'Rita Cliente', body } })).ok()).toBe(true);
  await say('oi');
  await expect.poll(() => received(request, adminToken, whatsappId, number), { timeout: 20_000 }).toEqual([
    'Olá! Sou o *assistente*.',
    'https://example.com/logo.png',
    'Com quem deseja falar?',
    '1 - Vendas\n2 - Suporte',
  ]);
  await say('2');
  await expect.poll(async () => (await received(request, adminToken, whatsappId, number)).at(-1), { timeout: 20_000 }).toBe('Certo, vou chamar Suporte.');

  // The flow ended: the queue's agent finds the customer waiting.
  const found = await (await request.get('/api/tickets', { headers: auth(adminToken), params: { showAll: 'true', searchParam: number } })).json();
  const ticketId: number = found.tickets[0].id;
  const agentPage = await (await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'pt-BR' })).newPage();
  await signIn(agentPage, agent.email, agent.password);
  await expect(agentPage.getByTestId('drawer')).toBeVisible(PAGE_LOAD);
  await agentPage.getByTestId('tickets-subtab-pending').click(PAGE_LOAD);
  const item = agentPage.getByTestId(`ticket-item-${ticketId}`);
  await expect(item).toHaveAttribute('data-status', 'pending');
  await expect(agentPage.getByTestId(`ticket-name-${ticketId}`)).toHaveText('Rita Cliente');
  await expect(agentPage.getByTestId(`ticket-queue-${ticketId}`)).toHaveText('Suporte');
  await agentPage.context().close();
});
