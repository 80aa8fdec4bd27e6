import { expect, test } from '@playwright/test';
import { choose, FAKE_MICROPHONE, inboxCompany, ratingOf, recordVoiceNote } from './support/inbox';
import { customerSees, TINY_PNG, type PhoneEntry } from './support/ticket-screen';
import { customerWrites, ticketOfNumber } from './support/tickets';
import { signInAndWait } from './support/ui';

// The voice note is recorded for real from Chromium's fake microphone.
test.use({ launchOptions: FAKE_MICROPHONE });

// Two browsers and a recorded voice note are slow on a busy machine; the journey itself is short.
test.describe.configure({ timeout: 90_000 });

test('two agents share the inbox: a customer is queued, answered, transferred, rated and comes back', async ({ page: ana, browser, request }, testInfo) => {
  const company = await inboxCompany(request);
  const secondContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: 'pt-BR' });
  const caio = await secondContext.newPage();
  await Promise.all([signInAndWait(ana, company.first.email, company.first.password), signInAndWait(caio, company.second.email, company.second.password)]);
  await Promise.all([ana, caio].map((agent) => agent.getByTestId('tickets-subtab-pending').click()));

  // A customer writes; the line sends every customer to Vendas, Ana's queue.
  const number = `55219${String(Date.now()).slice(-8)}`;
  await customerWrites(request, company.desk, number, 'Maria Souza', 'Olá, quero saber os preços');
  await expect.poll(async () => (await ticketOfNumber(request, company.desk, number)).queueId).toBe(company.sales.id);
  const ticket = await ticketOfNumber(request, company.desk, number);
  const phone = async () => (await customerSees(request, company.desk, number)) as (PhoneEntry & { ack?: number })[];

  // It shows up live as waiting for Ana, and not at all for Caio of Financeiro.
  const anaItem = ana.getByTestId('tickets-list-pending').getByTestId(`ticket-item-${ticket.id}`);
  await expect(anaItem).toHaveAttribute('data-status', 'pending');
  await expect(ana.getByTestId(`ticket-queue-${ticket.id}`)).toHaveText('Vendas');
  await expect(caio.getByTestId('tickets-list-pending-empty')).toBeVisible();
  await expect(caio.getByTestId(`ticket-item-${ticket.id}`)).toHaveCount(0);

  // Ana accepts and answers with text, an image and a voice note.
  await ana.getByTestId(`ticket-accept-${ticket.id}`).click();
  await expect(ana).toHaveURL(new RegExp(`/tickets/${ticket.uuid}$`));
  const screen = ana.getByTestId('ticket-screen');
  const input = ana.getByTestId('composer-text');
  await expect(input).toBeEnabled();
  await input.fill('Olá Maria, tudo bem?');
  await input.press('Enter');
  await expect(screen.getByText('Olá Maria, tudo bem?')).toBeVisible();
  await ana.getByTestId('composer-files').setInputFiles({ name: 'tabela.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(ana.getByTestId('attachments')).toContainText('tabela.png');
  await ana.getByTestId('composer-send').click();
  await expect(screen.getByTestId('message-image')).toBeVisible();
  await recordVoiceNote(ana);
  await expect(screen.getByTestId('message-audio')).toBeVisible();

  // A quick reply typed as '/' + shortcode, finished with the customer's first name as a variable.
  await input.fill('/prec');
  await ana.getByTestId('quick-replies').getByText(company.quickReply.shortcode).click();
  await expect(input).toHaveValue(company.quickReply.message);
  await input.press('End');
  await ana.getByTestId('composer-variables').click();
  await ana.getByTestId('variable-firstName').click();
  await expect(input).toHaveValue(`${company.quickReply.message}{{firstName}}`);
  await input.press('Enter');
  await expect(screen.getByText('Nossa tabela de preços segue em anexo, Maria')).toBeVisible();

  // The customer's phone got all four, and reads them: the acks come back to Ana's screen.
  await expect
    .poll(async () => (await phone()).filter((e) => e.direction === 'out').map((e) => `${e.kind}:${(e.ack ?? 0) >= 3 ? 'read' : 'sent'}`))
    .toEqual(['text:read', 'image:read', expect.stringMatching(/^(audio|voice|ptt):read$/), 'text:read']);
  const outbound = (await phone()).filter((e) => e.direction === 'out');
  expect(outbound[0].body).toContain('Olá Maria, tudo bem?');
  expect(outbound[2].media?.mimeType).toMatch(/^audio\//);
  expect(outbound[3].body).toContain('Nossa tabela de preços segue em anexo, Maria');
  await expect(screen.getByTestId('message-ack').first()).toHaveAttribute('data-ack', /^[345]$/);

  // Ana hands the customer to Caio in Financeiro; his list shows it without a reload.
  await caio.getByTestId('tickets-subtab-open').click();
  await ana.getByTestId('ticket-more').click();
  await ana.getByTestId('ticket-transfer').click();
  await choose(ana, 'Fila', 'Financeiro');
  await choose(ana, 'Usuário', 'Caio Financeiro');
  await ana.getByTestId('transfer-submit').click();
  await expect(ana.getByTestId('transfer-dialog')).toBeHidden();
  const caioItem = caio.getByTestId('tickets-list-open').getByTestId(`ticket-item-${ticket.id}`);
  await expect(caioItem).toHaveAttribute('data-status', 'open');
  await expect(caio.getByTestId(`ticket-queue-${ticket.id}`)).toHaveText('Financeiro');

  // Caio finishes; with ratings on, the customer is asked for 1 to 3 and the closed ticket blocks the input.
  await caioItem.click();
  await expect(caio.getByTestId('ticket-screen').getByText('Nossa tabela de preços segue em anexo, Maria')).toBeVisible();
  await caio.getByTestId('ticket-finish').click();
  await expect(caio).toHaveURL(/\/tickets$/);
  await expect.poll(async () => (await phone()).at(-1)?.body ?? '').toContain('avalie nosso atendimento');
  await caio.getByTestId('tickets-tab-closed').click();
  await caio.getByTestId(`ticket-item-${ticket.id}`).click();
  await expect(caio.getByTestId('ticket-reopen')).toBeVisible();
  await expect(caio.getByTestId('composer-text')).toBeDisabled();
  await expect(caio.getByTestId('composer-text')).toHaveAttribute('placeholder', 'Reabra ou aceite este ticket para enviar uma mensagem.');

  // The answer is Caio's rating, not a new conversation.
  await customerWrites(request, company.desk, number, 'Maria Souza', '3');
  await expect.poll(() => ratingOf(request, company, company.second.id)).toBe(3);
  expect((await ticketOfNumber(request, company.desk, number)).status).toBe('closed');

  // Writing again starts a new conversation waiting in Vendas; Ana sees it live, on a phone-sized screen.
  await ana.setViewportSize({ width: 390, height: 844 });
  await ana.goto('/tickets');
  await expect(ana.getByTestId('tickets-page')).toHaveAttribute('data-layout', 'narrow');
  await ana.getByTestId('tickets-narrow-list').click();
  await ana.getByTestId('tickets-subtab-pending').click();
  await customerWrites(request, company.desk, number, 'Maria Souza', 'Voltei, mais uma dúvida');
  const again = ana.getByTestId('tickets-list-pending').getByTestId(`ticket-item-${ticket.id}`);
  await expect(again).toHaveAttribute('data-status', 'pending');
  await expect(ana.getByTestId(`ticket-last-message-${ticket.id}`)).toHaveText('Voltei, mais uma dúvida');
  await ana.getByTestId(`ticket-accept-${ticket.id}`).click();
  await expect(ana.getByTestId('tickets-narrow-ticket')).toHaveAttribute('aria-selected', 'true');
  const list = ana.getByTestId('message-list');
  await expect(list.getByText('Voltei, mais uma dúvida')).toBeVisible();
  await expect(list.getByTestId('conversation-marker')).toHaveCount(1);
  await expect(ana.getByTestId('composer-text')).toBeEnabled();
  await secondContext.close();
});
