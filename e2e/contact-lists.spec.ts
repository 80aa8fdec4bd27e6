import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO_ADMIN } from './support/api';
import { demoDesk } from './support/tickets';
import { signInAndWait } from './support/ui';

/** The first paint of a page after a full load, on a shared machine. */
const PAGE_LOAD = { timeout: 30_000 };

/** A spreadsheet as a user would bring it: a header, a repeated number, a bad one, one not on WhatsApp (the simulator's numbers ending in 404). */
async function spreadsheet(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contatos');
  sheet.addRows([
    ['name', 'number', 'email'],
    ['Lara Campos', '5511987650201', 'lara@example.com'],
    ['Mauro Teles', '+55 21 99876-0404', ''],
    ['Número Torto', 'abc', ''],
    ['Lara C.', '5511987650201', ''],
    ['Nina Prado', 5531987650303, 'nina@example.com'],
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('an admin creates a contact list, imports a spreadsheet after confirming, reads the report and sees WhatsApp check each number', async ({ page, request }) => {
  test.setTimeout(90_000);
  // The demo line must be connected: the numbers are checked through it.
  await demoDesk(request);
  await signInAndWait(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/contact-lists');
  await expect(page.getByTestId('contact-lists-page')).toBeVisible(PAGE_LOAD);

  const name = `Clientes ${Date.now().toString(36)}`;
  await page.getByTestId('contact-lists-add').click();
  // Too short a name is refused in the dialog.
  await page.getByTestId('contact-list-name').fill('A');
  await page.getByTestId('contact-list-save').click();
  await expect(page.getByTestId('contact-list-dialog').getByText('Too Short!')).toBeVisible();
  await page.getByTestId('contact-list-name').fill(name);
  await page.getByTestId('contact-list-save').click();
  await expect(page.getByTestId('contact-list-dialog')).toBeHidden();

  await page.getByTestId('contact-lists-search').fill(name);
  const row = page.getByTestId('contact-lists-table').locator('tr', { hasText: name });
  await expect(row.locator('[data-testid^="contact-list-count-"]')).toHaveText('0');
  await row.getByRole('button', { name: 'Ver contatos' }).click();
  await expect(page).toHaveURL(/\/contact-lists\/\d+\/contacts$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // The import asks first, with the example at hand, and sends only once confirmed.
  await page.getByTestId('list-contacts-import').click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByTestId('import-example-link')).toBeVisible();
  await expect(confirm.getByTestId('confirm-ok')).toBeDisabled();
  await confirm.getByTestId('import-file').setInputFiles({ name: 'contatos.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await spreadsheet() });
  await expect(confirm.getByTestId('import-file-name')).toHaveText('contatos.xlsx');
  await confirm.getByTestId('confirm-ok').click();

  const report = page.getByTestId('import-report');
  await expect(report.getByTestId('import-report-summary')).toHaveText('5 linhas lidas: 3 contatos novos, 1 unidos a contatos existentes, 1 recusadas.');
  await expect(report.getByTestId('import-refused-4')).toContainText('abc');
  await expect(report.getByTestId('import-refused-4')).toContainText('Número inválido');
  await report.getByTestId('import-report-close').click();

  const table = page.getByTestId('list-contacts-table');
  const contact = (who: string) => table.locator('tr', { hasText: who });
  await expect(contact('Lara C.')).toContainText('5511987650201');
  await expect(contact('Mauro Teles')).toContainText('5521998760404');
  await expect(contact('Nina Prado')).toContainText('nina@example.com');
  // The background check answers number by number; the icons turn as it does.
  await expect(contact('Lara C.').locator('[data-state="valid"]')).toBeVisible({ timeout: 30_000 });
  await expect(contact('Nina Prado').locator('[data-state="valid"]')).toBeVisible({ timeout: 30_000 });
  await expect(contact('Mauro Teles').locator('[data-state="invalid"]')).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('list-contacts-back').click();
  await page.getByTestId('contact-lists-search').fill(name);
  await expect(page.getByTestId('contact-lists-table').locator('tr', { hasText: name }).locator('[data-testid^="contact-list-count-"]')).toHaveText('3');
});
