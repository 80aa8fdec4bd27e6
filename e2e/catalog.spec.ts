import { expect, test } from '@playwright/test';
import { seedCompany } from './support/api';
import { downloadedText, editRow, expectTagNameRule, fillContact, pickLanguage } from './support/catalog';
import { signInAndWait } from './support/ui';

test.beforeEach(async ({ page, request }) => {
  const company = await seedCompany(request);
  await signInAndWait(page, company.admin.email, company.admin.password);
});

test('an admin adds a contact with extra info, edits it and exports the contacts as CSV', async ({ page }) => {
  await page.goto('/contacts');
  await page.getByTestId('contacts-add').click();
  await fillContact(page, { name: 'Marina Costa', number: '5511987650001', email: 'marina@example.com' });
  await page.getByTestId('contact-extra-add').click();
  await page.getByTestId('contact-extra-name-0').fill('Plano');
  await page.getByTestId('contact-extra-value-0').fill('Prata');
  await page.getByTestId('contact-save').click();
  await expect(page.getByText('Contato salvo com sucesso.')).toBeVisible();
  // This company has no WhatsApp connection, so no ticket can open for her: the list stays.
  await editRow(page, 'contacts-table', 'Marina Costa');
  await expect(page.getByTestId('contact-extra-value-0')).toHaveValue('Prata');
  await page.getByTestId('contact-extra-value-0').fill('Ouro');
  await page.getByTestId('contact-save').click();
  await expect(page.getByTestId('contact-dialog')).toBeHidden();

  await page.reload();
  await editRow(page, 'contacts-table', 'Marina Costa');
  await expect(page.getByTestId('contact-extra-name-0')).toHaveValue('Plano');
  await expect(page.getByTestId('contact-extra-value-0')).toHaveValue('Ouro');
  await page.getByTestId('contact-cancel').click();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('contacts-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await downloadedText(download)).replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('name;number;email');
  expect(lines).toContain('Marina Costa;5511987650001;marina@example.com');
});

test('an admin adds a tag shown as a kanban lane', async ({ page }) => {
  await page.goto('/tags');
  await page.getByTestId('tags-add').click();
  await page.getByTestId('tag-name').fill('Prioridade');
  await page.getByTestId('tag-kanban').check();
  await page.getByTestId('tag-save').click();
  await expect(page.getByTestId('tags-table')).toContainText('Prioridade');
  await page.reload();
  await editRow(page, 'tags-table', 'Prioridade');
  await expect(page.getByTestId('tag-name')).toHaveValue('Prioridade');
  await expect(page.getByTestId('tag-kanban')).toBeChecked();
});

test('an admin adds a quick reply with an attachment', async ({ page }) => {
  await page.goto('/quick-messages');
  await page.getByTestId('quick-messages-add').click();
  await page.getByTestId('quick-message-shortcode').fill('horario');
  await page.getByTestId('quick-message-message').fill('Atendemos das 8h às 18h.');
  await page.getByTestId('quick-message-file').setInputFiles({ name: 'horarios.txt', mimeType: 'text/plain', buffer: Buffer.from('seg-sex 8-18') });
  await page.getByTestId('quick-message-save').click();
  await expect(page.getByTestId('quick-message-dialog')).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('quick-messages-table').getByRole('row', { name: /horario/ })).toContainText('horarios.txt');
});

test('the catalog forms speak pt, en and es', async ({ page }) => {
  await page.goto('/tags');
  await expectTagNameRule(page, 'Obrigatório', 'Mensagem muito curta');

  await page.goto('/contacts');
  await page.getByTestId('contacts-add').click();
  await fillContact(page, { name: 'A', number: '123', email: 'x@' });
  await page.getByTestId('contact-save').click();
  const dialog = page.getByTestId('contact-dialog');
  await expect(dialog.getByText('Too Short!')).toHaveCount(2);
  await expect(dialog.getByText('Invalid email')).toBeVisible();
  await dialog.getByTestId('contact-cancel').click();

  await pickLanguage(page, 'en');
  await page.goto('/tags');
  await expectTagNameRule(page, 'Required', 'Message too short');

  await pickLanguage(page, 'es');
  await page.goto('/quick-messages');
  await page.getByTestId('quick-messages-add').click();
  await page.getByTestId('quick-message-save').click();
  await expect(page.getByTestId('quick-message-dialog').getByText('Obligatorio')).toBeVisible();
});
