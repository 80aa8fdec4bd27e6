import { expect, test } from '@playwright/test';
import { seedCompany, token } from './support/api';
import { connectedSimulator } from './support/dashboard';
import { choose } from './support/inbox';
import { signInAndWait } from './support/ui';

/**
 * An admin writes an AI prompt on /prompts and gives it to the reception queue; a customer on the
 * simulated phone is answered by the AI (the local fake OpenAI echoes), asks for a person and the
 * ticket waits in the prompt's queue for the agents.
 */
test('an AI prompt answers the customer and hands the ticket over to people', async ({ page, request }) => {
  test.setTimeout(120_000);
  const company = await seedCompany(request);
  const headers = { authorization: `Bearer ${await token(request, company.admin.email, company.admin.password)}` };
  const queue = async (name: string, color: string) => {
    const res = await request.post('/api/queue', { headers, data: { name, color } });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).id as number;
  };
  const reception = await queue('Recepção', '#1e88e5');
  const people = await queue('Pessoas', '#43a047');
  const whatsappId = await connectedSimulator(request, headers.authorization.slice('Bearer '.length), { name: 'Linha IA', queueIds: [reception] });

  await signInAndWait(page, company.admin.email, company.admin.password);
  await page.goto('/prompts');
  await expect(page.getByTestId('prompts-page')).toBeVisible();
  await expect(page.getByTestId('prompts-empty')).toBeVisible();

  // A prompt needs a queue: 'Informe o setor'.
  await page.getByTestId('prompts-add').click();
  const dialog = page.getByTestId('prompt-dialog');
  await dialog.getByTestId('prompt-name').fill('Assistente da padaria');
  await dialog.getByTestId('prompt-api-key').fill('sk-test-fake-openai-key-0001');
  await dialog.getByTestId('prompt-text').fill('Você é a atendente virtual da Padaria Pão Quente. Responda em uma frase curta.');
  await expect(dialog.getByTestId('prompt-max-tokens')).toHaveValue('100');
  await expect(dialog.getByTestId('prompt-max-messages')).toHaveValue('10');
  await dialog.getByTestId('prompt-save').click();
  await expect(dialog.getByText('Informe o setor')).toBeVisible();
  await choose(page, 'Setor', 'Pessoas');
  await dialog.getByTestId('prompt-save').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('prompts-table').getByRole('row', { name: /Assistente da padaria/ });
  await expect(row).toContainText('Pessoas');
  await expect(row).toContainText('100');

  // The reception queue is answered by the prompt.
  await page.goto('/queues');
  await page.getByTestId(`queue-edit-${reception}`).click();
  const queueDialog = page.getByTestId('queue-dialog');
  await expect(queueDialog.getByTestId('queue-name')).toHaveValue('Recepção');
  await choose(page, 'Prompt (Open.Ai)', 'Assistente da padaria');
  await queueDialog.getByTestId('queue-save').click();
  await expect(queueDialog).toBeHidden();

  // The customer writes from the simulated phone; the AI answers there.
  const phone = page;
  await phone.getByTestId('menu-item-simulator').click();
  await expect(phone.getByTestId('simulator-page')).toBeVisible();
  await phone.getByTestId('simulator-customer-number').fill('5511977770001');
  await phone.getByTestId('simulator-customer-name').fill('Rita');
  await phone.getByTestId('simulator-customer-add').click();
  await phone.getByTestId('simulator-text').fill('Tem pão de queijo?');
  await phone.getByTestId('simulator-send').click();
  const entries = phone.getByTestId('simulator-entries');
  await expect(entries.getByText('Eco: Tem pão de queijo?')).toBeVisible();

  // Asking for a person: the AI says goodbye and the ticket waits in 'Pessoas', nobody assigned.
  await phone.getByTestId('simulator-text').fill('Quero falar com um atendente');
  await phone.getByTestId('simulator-send').click();
  await expect(entries.getByText('Vou chamar alguém.')).toBeVisible();
  // Signing in on the browser ended the first API session: the check signs in again.
  const again = { authorization: `Bearer ${await token(request, company.admin.email, company.admin.password)}` };
  await expect
    .poll(async () => {
      const res = await request.get('/api/tickets', { headers: again, params: { searchParam: '5511977770001', showAll: 'true' } });
      const body = await res.json();
      const [ticket] = (body.tickets ?? []) as { status: string; queueId: number | null; userId: number | null; whatsappId: number }[];
      return ticket ? { status: ticket.status, queueId: ticket.queueId, userId: ticket.userId, whatsappId: ticket.whatsappId } : body;
    })
    .toEqual({ status: 'pending', queueId: people, userId: null, whatsappId });
});

test('a plan without OpenAI hides /prompts and the page itself refuses', async ({ page, request }) => {
  const company = await seedCompany(request, { plan: { useOpenAi: false } });
  await signInAndWait(page, company.admin.email, company.admin.password);
  await expect(page.getByTestId('menu-item-queues')).toBeVisible();
  await expect(page.getByTestId('menu-item-prompts')).toHaveCount(0);
  await page.goto('/prompts');
  await expect(page.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
});
