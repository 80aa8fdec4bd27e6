import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seedCompany, token } from './support/api';
import { connectedSimulator } from './support/dashboard';
import { signInAndWait } from './support/ui';

const PAGE_LOAD = { timeout: 30_000 };
/** The dispatcher looks for due campaigns every 5 s; a loaded machine adds to it. */
const DISPATCH = { timeout: 30_000 };

const CUSTOMERS = ['Lara Campos', 'Nina Prado', 'Otto Reis', 'Paula Lins', 'Rui Matos'];

/** A fresh company (its own pacing and settings), its simulated line, and a list of customers. */
async function campaignDesk(request: APIRequestContext, customers = CUSTOMERS) {
  const company = await seedCompany(request);
  const adminToken = await token(request, company.admin.email, company.admin.password);
  const headers = { authorization: `Bearer ${adminToken}` };
  const whatsappId = await connectedSimulator(request, adminToken, { name: 'Disparos' });
  const list = await request.post('/api/contact-lists', { headers, data: { name: 'Clientes da campanha' } });
  expect(list.ok(), await list.text()).toBe(true);
  const contactListId: number = (await list.json()).id;
  const stamp = String(Date.now()).slice(-7);
  const numbers: string[] = [];
  for (const [i, name] of customers.entries()) {
    const added = await request.post('/api/contact-list-items', { headers, data: { name, number: `551198${stamp}${i + 1}`, email: '', contactListId } });
    expect(added.ok(), await added.text()).toBe(true);
    numbers.push((await added.json()).number);
  }
  return { company, headers, whatsappId, contactListId, numbers };
}

/** 'YYYY-MM-DDTHH:mm' in the browser's time zone, as the schedule field takes it. */
function localMinute(page: Page, at: number): Promise<string> {
  return page.evaluate((ms) => {
    const d = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, at);
}

test('an admin sets the intervals, sends a campaign of two variants and watches its report fill live, then stops and restarts another', async ({ page, request }) => {
  // Every wait below is on the screen; the budget is for a machine shared with other work.
  test.setTimeout(240_000);
  const desk = await campaignDesk(request);
  await signInAndWait(page, desk.company.admin.email, desk.company.admin.password);
  // Signing in ended the API's session of the same user: API calls from here borrow the browser's token.
  const headers = { authorization: `Bearer ${(await page.evaluate(() => window.localStorage.getItem('token'))) ?? ''}` };

  // Settings: no pause between sends, but a long one after every fifth send (it holds the next campaign).
  await page.goto('/campaigns-config');
  await expect(page.getByTestId('campaigns-config-page')).toBeVisible(PAGE_LOAD);
  const choose = async (label: string, option: string) => {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  await expect(page.getByRole('combobox', { name: 'Intervalo randômico de disparo' })).toHaveText('20 segundos');
  await choose('Intervalo randômico de disparo', 'Sem intervalo');
  await choose('Intervalo maior após', 'Após 5 mensagens');
  await choose('Intervalo de disparo maior', '120 segundos');
  await page.getByTestId('campaign-variable-key').fill('loja');
  await page.getByTestId('campaign-variable-value').fill('Centro');
  await page.getByTestId('campaign-variable-add').click();
  await expect(page.getByTestId('campaign-variable-loja')).toBeVisible();
  // A shortcut already in use is not added twice.
  await page.getByTestId('campaign-variable-key').fill('LOJA');
  await page.getByTestId('campaign-variable-add').click();
  await expect(page.getByText('Este atalho já está em uso')).toBeVisible();
  await page.getByTestId('campaign-settings-save').click();
  await expect(page.getByText('Configurações salvas')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Intervalo maior após' })).toHaveText('Após 5 mensagens', PAGE_LOAD);
  await expect(page.getByTestId('campaign-variable-loja')).toBeVisible();

  // A campaign of two variants, due now.
  await page.goto('/campaigns');
  await expect(page.getByTestId('campaigns-page')).toBeVisible(PAGE_LOAD);
  await page.getByTestId('campaigns-add').click();
  const dialog = page.getByTestId('campaign-dialog');
  await dialog.getByTestId('campaign-name').fill('Ofertas de verão');
  await dialog.getByRole('combobox', { name: 'Lista de contatos' }).click();
  await page.getByRole('option', { name: 'Clientes da campanha' }).click();
  await dialog.getByRole('combobox', { name: 'Conexão' }).click();
  await page.getByRole('option', { name: 'Disparos' }).click();
  await dialog.getByTestId('campaign-message1').fill('Olá {nome}, ofertas na loja {loja}!');
  await dialog.getByTestId('campaign-tab-2').click();
  await dialog.getByTestId('campaign-message2').fill('Oi {nome}! Passe na loja {loja}.');
  // The confirmation variants appear only once confirmation is on.
  await expect(dialog.getByTestId('campaign-confirmationMessage2')).toHaveCount(0);
  await dialog.getByTestId('campaign-scheduledAt').fill(await localMinute(page, Date.now()));
  await dialog.getByTestId('campaign-save').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('campaigns-table').locator('tr', { hasText: 'Ofertas de verão' });
  await expect(row).toContainText('Clientes da campanha');
  await expect(row).toContainText('Disparos');

  // The report follows the dispatch live, without a reload.
  await row.getByRole('button', { name: 'Relatório' }).click();
  await expect(page).toHaveURL(/\/campaign\/\d+\/report$/);
  const firstId = Number(/\/campaign\/(\d+)\//.exec(page.url())![1]);
  await expect(page.getByTestId('campaign-report-delivered')).toHaveText('5 de 5 entregues', DISPATCH);
  await expect(page.getByTestId('campaign-report-progress')).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('campaign-report-status')).toHaveText('Finalizada', DISPATCH);
  // Each customer got one variant with the placeholders filled.
  const report = await (await request.get(`/api/campaigns/${firstId}`, { headers })).json();
  expect(report.shipping).toHaveLength(CUSTOMERS.length);
  for (const shipping of report.shipping as { name: string; message: string }[]) {
    expect([`Olá ${shipping.name}, ofertas na loja Centro!`, `Oi ${shipping.name}! Passe na loja Centro.`]).toContain(shipping.message);
  }

  // A second campaign waits behind the long pause: stop it, then restart it.
  const second = await request.post('/api/campaigns', {
    headers,
    data: { name: 'Lembrete', message1: 'Lembrete para {nome}', contactListId: desk.contactListId, whatsappId: desk.whatsappId, scheduledAt: new Date().toISOString() },
  });
  expect(second.ok(), await second.text()).toBe(true);
  const secondId: number = (await second.json()).id;
  await page.getByTestId('campaign-report-back').click();
  await expect(page.getByTestId(`campaign-status-${secondId}`)).toHaveText('Em andamento', DISPATCH);
  await page.getByTestId(`campaign-stop-${secondId}`).click();
  await expect(page.getByText('Campanha cancelada.')).toBeVisible();
  await expect(page.getByTestId(`campaign-status-${secondId}`)).toHaveText('Cancelada');
  await page.getByTestId(`campaign-restart-${secondId}`).click();
  await expect(page.getByText('Campanha reiniciada.')).toBeVisible();
  await expect(page.getByTestId(`campaign-status-${secondId}`)).toHaveText('Em andamento');

  // A finished campaign opens read-only.
  await page.mouse.move(0, 0);
  await page.getByTestId(`campaign-edit-${firstId}`).click();
  await expect(dialog.getByTestId('campaign-read-only')).toBeVisible();
  await expect(dialog.getByTestId('campaign-save')).toHaveCount(0);
  await dialog.getByTestId('campaign-cancel').click();

  // Delete asks first.
  await page.getByTestId(`campaign-delete-${secondId}`).click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-ok').click();
  await expect(page.getByTestId(`campaign-row-${secondId}`)).toHaveCount(0);
});

test('a campaign with confirmation, scheduled a minute ahead: customers answer on their phones, then get the campaign; stopped and restarted on the way', async ({ page, context, request }) => {
  // Up to 75 s until the scheduled minute, then four sends 20 s apart, on a machine shared with other work.
  test.setTimeout(420_000);
  const customers = ['Lara Campos', 'Nina Prado'];
  const desk = await campaignDesk(request, customers);
  // One send every 20 s: the campaign stays in progress long enough to be stopped by hand.
  const settings = await request.post('/api/campaign-settings', { headers: desk.headers, data: { messageInterval: 0, longerIntervalAfter: 1, greaterInterval: 20 } });
  expect(settings.ok(), await settings.text()).toBe(true);
  await signInAndWait(page, desk.company.admin.email, desk.company.admin.password);
  const headers = { authorization: `Bearer ${(await page.evaluate(() => window.localStorage.getItem('token'))) ?? ''}` };

  await page.goto('/campaigns');
  await expect(page.getByTestId('campaigns-page')).toBeVisible(PAGE_LOAD);
  await page.getByTestId('campaigns-add').click();
  const dialog = page.getByTestId('campaign-dialog');
  await dialog.getByTestId('campaign-name').fill('Convite VIP');
  await dialog.getByRole('combobox', { name: 'Confirmação' }).click();
  await page.getByTestId('campaign-confirmation-on').click();
  await dialog.getByRole('combobox', { name: 'Lista de contatos' }).click();
  await page.getByRole('option', { name: 'Clientes da campanha' }).click();
  await dialog.getByRole('combobox', { name: 'Conexão' }).click();
  await page.getByRole('option', { name: 'Disparos' }).click();
  await dialog.getByTestId('campaign-message1').fill('Olá {nome}, seu convite VIP chegou!');
  await dialog.getByTestId('campaign-confirmationMessage1').fill('{nome}, podemos enviar seu convite? Responda SIM.');
  await dialog.getByTestId('campaign-tab-2').click();
  await dialog.getByTestId('campaign-message2').fill('Oi {nome}! Seu convite VIP está aqui.');
  await dialog.getByTestId('campaign-confirmationMessage2').fill('Oi {nome}, quer receber o convite? Responda SIM.');
  // The next whole minute at least 15 s away: the campaign is seen scheduled before it starts.
  await dialog.getByTestId('campaign-scheduledAt').fill(await localMinute(page, Date.now() + 75_000));
  await dialog.getByTestId('campaign-save').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('campaigns-table').locator('tr', { hasText: 'Convite VIP' });
  const id = Number((await row.getAttribute('data-testid'))!.replace('campaign-row-', ''));
  await expect(page.getByTestId(`campaign-status-${id}`)).toHaveText('Programada');

  // The report, open before the start, follows it live.
  await row.getByRole('button', { name: 'Relatório' }).click();
  await expect(page).toHaveURL(new RegExp(`/campaign/${id}/report$`));
  await expect(page.getByTestId('campaign-report-status')).toHaveText('Programada');
  await expect(page.getByTestId('campaign-report-delivered')).toHaveText('0 de 2 entregues');
  await expect(page.getByTestId('campaign-report-status')).toHaveText('Em andamento', { timeout: 120_000 });
  await expect(page.getByTestId('campaign-report-card-requested')).toHaveText(/[12]$/, DISPATCH);

  // Stopped while the next contact waits its turn, then restarted.
  await page.getByTestId('campaign-report-back').click();
  await page.getByTestId(`campaign-stop-${id}`).click();
  await expect(page.getByText('Campanha cancelada.')).toBeVisible();
  await expect(page.getByTestId(`campaign-status-${id}`)).toHaveText('Cancelada');
  await page.getByTestId(`campaign-restart-${id}`).click();
  await expect(page.getByText('Campanha reiniciada.')).toBeVisible();
  await expect(page.getByTestId(`campaign-status-${id}`)).toHaveText(/Em andamento|Finalizada/);
  await page.getByTestId(`campaign-report-${id}`).click();
  await expect(page).toHaveURL(new RegExp(`/campaign/${id}/report$`));

  // Each customer, on the simulated phone, reads the question and answers it; the campaign follows.
  const phone = await context.newPage();
  await phone.goto('/simulator');
  await expect(phone.getByRole('combobox', { name: 'Conexão simulada' })).toHaveText('Disparos', PAGE_LOAD);
  for (const [i, name] of customers.entries()) {
    await phone.getByTestId('simulator-customer-number').fill(desk.numbers[i]!);
    await phone.getByTestId('simulator-customer-name').fill(name);
    await phone.getByTestId('simulator-customer-add').click();
    const entries = phone.getByTestId('simulator-entries');
    await expect(entries.getByText(new RegExp(`^(${name}, podemos enviar seu convite\\?|Oi ${name}, quer receber o convite\\?) Responda SIM\\.$`))).toBeVisible({ timeout: 90_000 });
    await phone.getByTestId('simulator-text').fill('SIM');
    await phone.getByTestId('simulator-send').click();
    await expect(entries.getByText('SIM', { exact: true })).toBeVisible();
    await expect(entries.getByText(new RegExp(`^(Olá ${name}, seu convite VIP chegou!|Oi ${name}! Seu convite VIP está aqui\\.)$`))).toBeVisible({ timeout: 90_000 });
  }

  await page.bringToFront();
  await expect(page.getByTestId('campaign-report-delivered')).toHaveText('2 de 2 entregues', DISPATCH);
  await expect(page.getByTestId('campaign-report-card-confirmed')).toContainText('2');
  await expect(page.getByTestId('campaign-report-progress')).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('campaign-report-status')).toHaveText('Finalizada', DISPATCH);
  // Stopping and restarting sent nobody anything twice: one question and one campaign message each.
  for (const [i, number] of desk.numbers.entries()) {
    const conversation = (await (await request.get(`/api/simulator/conversations/${desk.whatsappId}/${number}`, { headers })).json()) as { direction: string; body: string }[];
    const sent = conversation.filter((e) => e.direction === 'out').map((e) => e.body);
    expect(sent.filter((body) => body.endsWith('Responda SIM.')), customers[i]).toHaveLength(1);
    expect(sent.filter((body) => body.includes('convite VIP')), customers[i]).toHaveLength(1);
  }
});
