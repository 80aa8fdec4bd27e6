import { expect, test, type Page } from '@playwright/test';
import { seedCompany } from './support/api';
import { menuItem, signInAndWait } from './support/ui';

const badge = (page: Page) => page.getByTestId('connections-problem-badge');

test('an admin adds a simulator connection, scans its QR from the simulator page and follows it live', async ({ page, context, request }) => {
  const company = await seedCompany(request);
  await signInAndWait(page, company.admin.email, company.admin.password);
  await menuItem(page, '/connections').click();
  await expect(page.getByTestId('connections-page')).toBeVisible();
  await expect(page.getByTestId('connections-empty')).toBeVisible();
  // Nothing to complain about yet.
  await expect(badge(page)).toHaveCount(0);

  // Add a connection on the simulated network.
  await page.getByTestId('connections-add').click();
  const dialog = page.getByTestId('connection-dialog');
  await dialog.getByTestId('connection-name').fill('Simulada');
  await dialog.getByRole('combobox', { name: 'Tipo de conexão' }).click();
  await page.getByRole('option', { name: 'Simulador' }).click();
  await dialog.getByTestId('connection-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Conexão salva com sucesso!')).toBeVisible();

  const row = page.getByRole('row', { name: /Simulada/ });
  await expect(row).toBeVisible();
  const rowId = (await row.getAttribute('data-testid')) ?? '';
  const id = rowId.replace('connection-row-', '');
  // The first connection of the company becomes its default.
  await expect(page.getByTestId(`connection-default-${id}`)).toBeVisible();

  // The session starts by itself and shows a QR: the row offers it and the menu warns.
  await expect(page.getByTestId(`connection-status-${id}`)).toHaveAttribute('data-status', 'qrcode');
  await expect(badge(page)).toBeVisible();
  await page.getByTestId(`connection-qrcode-${id}`).click();
  const qr = page.getByTestId('qrcode-dialog');
  await expect(qr.getByTestId('qrcode-image')).toBeVisible();
  await expect(qr.locator('svg')).toHaveAttribute('width', '256');

  // A second tab plays the phone: the simulator page scans the QR.
  const phone = await context.newPage();
  await phone.goto('/simulator');
  await expect(phone.getByTestId('simulator-page')).toBeVisible();
  await expect(phone.getByRole('combobox', { name: 'Conexão simulada' })).toHaveText('Simulada');
  await phone.getByTestId('simulator-scan').click();
  await expect(phone.getByTestId(`connection-status-${id}`)).toHaveAttribute('data-status', 'CONNECTED');

  // The admin's tab follows without reloading: the QR dialog closes itself, the row connects,
  // and the badge clears 2 s later.
  await page.bringToFront();
  await expect(qr).toBeHidden();
  await expect(page.getByTestId(`connection-status-${id}`)).toHaveAttribute('data-status', 'CONNECTED');
  await expect(page.getByTestId(`connection-status-${id}`)).toHaveText('Conectado');
  await expect(badge(page)).toHaveCount(0);

  // A customer writes from the phone; the conversation shows it.
  await phone.getByTestId('simulator-customer-number').fill('5511999990001');
  await phone.getByTestId('simulator-customer-name').fill('Maria');
  await phone.getByTestId('simulator-customer-add').click();
  await phone.getByTestId('simulator-text').fill('Olá, quero um orçamento');
  await phone.getByTestId('simulator-send').click();
  await expect(phone.getByTestId('simulator-entries').getByText('Olá, quero um orçamento')).toBeVisible();
  await phone.close();

  // Disconnecting asks first, then the row and the badge follow live.
  await page.getByTestId(`connection-disconnect-${id}`).click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('Desconectar Simulada?');
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId(`connection-status-${id}`)).toHaveAttribute('data-status', 'DISCONNECTED');
  await expect(page.getByTestId(`connection-try-again-${id}`)).toBeVisible();
  await expect(page.getByTestId(`connection-new-qr-${id}`)).toBeVisible();
  await expect(badge(page)).toBeVisible();
  expect(page.url()).toMatch(/\/connections$/);
});
