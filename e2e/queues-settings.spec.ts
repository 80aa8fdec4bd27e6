import { expect, test } from '@playwright/test';
import { seedCompany } from './support/api';
import { addQueueOption, chooseSetting, createQueue } from './support/queues';
import { signInAndWait } from './support/ui';

test('an admin builds two queues with options and hours, and switches where working hours live', async ({ page, request }) => {
  // About ninety steps: half a minute on a quiet machine, past the default minute on a busy one.
  test.setTimeout(120_000);
  const company = await seedCompany(request);
  await signInAndWait(page, company.admin.email, company.admin.password);

  // Hours per queue: the settings page has no Horários tab, the queue dialog has its own.
  await page.goto('/settings');
  await chooseSetting(page, 'Gerenciamento de Expediente', 'Fila');
  await expect(page.getByTestId('settings-tab-schedules')).toHaveCount(0);

  await page.goto('/queues');
  const sales = await createQueue(page, 'Vendas', 'palette:#2e7d32', 'Bem-vindo às vendas');
  await addQueueOption(sales, null, 'Comprar', '1');
  await addQueueOption(sales, '1', 'À vista', '1.1');
  await sales.getByTestId('queue-tab-schedules').click();
  await expect(sales.getByTestId('queue-schedules-hint')).toBeVisible();
  await expect(sales.getByTestId('queue-schedules-saturday-end')).toHaveValue('12:00');
  await sales.getByTestId('queue-schedules-monday-start').fill('0930');
  await expect(sales.getByTestId('queue-schedules-monday-start')).toHaveValue('09:30');
  await sales.getByTestId('queue-save').click();
  await expect(sales).toBeHidden();

  const support = await createQueue(page, 'Suporte', '#1565c0');
  await addQueueOption(support, null, 'Dúvidas', '1');
  await support.getByTestId('queue-tab-schedules').click();
  await support.getByTestId('queue-schedules-saturday-end').fill('1300');
  await support.getByTestId('queue-save').click();
  await expect(support).toBeHidden();
  await expect(page.getByRole('row', { name: /Suporte/ })).toBeVisible();

  // What was saved comes back: the option tree and the hours.
  const salesRow = page.getByRole('row', { name: /Vendas/ });
  await expect(salesRow).toContainText('Bem-vindo às vendas');
  await salesRow.getByRole('button', { name: /editar|edit/i }).click();
  const reopened = page.getByTestId('queue-dialog');
  await expect(reopened.getByTestId('queue-option-1.1')).toContainText('À vista');
  await reopened.getByTestId('queue-tab-schedules').click();
  await expect(reopened.getByTestId('queue-schedules-monday-start')).toHaveValue('09:30');
  await reopened.getByTestId('queue-cancel').click();

  // Company-wide hours: Horários appears in settings, and the queue dialog loses its hours tab.
  await page.goto('/settings');
  await chooseSetting(page, 'Gerenciamento de Expediente', 'Empresa');
  await page.getByTestId('settings-tab-schedules').click();
  await expect(page.getByTestId('company-schedule-monday-start')).toHaveValue('');
  await page.getByTestId('company-schedule-monday-start').fill('0800');
  await page.getByTestId('company-schedule-monday-end').fill('1800');
  await page.getByTestId('company-schedules-save').click();
  await expect(page.getByText('Horários atualizados com sucesso.')).toBeVisible();

  await page.goto('/queues');
  await page.getByRole('row', { name: /Suporte/ }).getByRole('button', { name: /editar|edit/i }).click();
  await expect(page.getByTestId('queue-dialog').getByTestId('queue-option-1')).toContainText('Dúvidas');
  await expect(page.getByTestId('queue-tab-schedules')).toHaveCount(0);

  await page.goto('/settings');
  await page.getByTestId('settings-tab-schedules').click();
  await expect(page.getByTestId('company-schedule-monday-end')).toHaveValue('18:00');
});
