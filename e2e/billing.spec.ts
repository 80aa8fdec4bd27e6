import { expect, test } from '@playwright/test';
import { seedCompany } from './support/api';
import { signIn } from './support/ui';

/** The first paint of a page after a full load, on a shared machine. */
const PAGE_LOAD = { timeout: 30_000 };

test('a company past its due date signs in, pays its invoice by Pix and is back in', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const dueDate = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
  const company = await seedCompany(request, { dueDate, plan: { value: 99 } });

  await signIn(page, company.admin.email, company.admin.password);
  // Blocked: only the invoices open.
  await expect(page).toHaveURL(/\/financeiro/, PAGE_LOAD);
  await expect(page.getByTestId('financeiro-page')).toBeVisible(PAGE_LOAD);
  const row = page.locator('[data-testid^="invoice-row-"]').first();
  await expect(row).toHaveAttribute('data-status', 'overdue');
  await expect(row).toContainText('Vencido');
  await expect(row).toContainText('R$ 99,00');
  await page.goto('/tickets');
  await expect(page).toHaveURL(/\/financeiro/, PAGE_LOAD);

  await row.getByRole('button', { name: 'PAGAR' }).click();
  const dialog = page.getByTestId('checkout-dialog');
  await expect(dialog.getByText('Falta pouco!')).toBeVisible();
  // It opens at Personalizar; what Dados lacks is asked for there.
  await expect(dialog.getByTestId('checkout-step-customize')).toBeVisible();
  await dialog.getByTestId('checkout-next').click();
  await expect(dialog.getByTestId('checkout-step-review')).toBeVisible();
  await dialog.getByTestId('checkout-next').click();
  await expect(dialog.getByText('O nome completo é obrigatório')).toBeVisible();
  await expect(dialog.getByText('O Endereço é obrigatório')).toBeVisible();
  await expect(dialog.getByText('Cidade é obrigatória')).toBeVisible();
  await expect(dialog.getByText('CEP é obrigatório')).toBeVisible();

  await dialog.getByTestId('checkout-firstName').fill('Maria Souza');
  await dialog.getByTestId('checkout-address2').fill('Rua das Flores, 10');
  await dialog.getByTestId('checkout-city').fill('Recife');
  await dialog.getByTestId('checkout-zipcode').fill('50000-000');
  await dialog.getByTestId('checkout-next').click();
  await dialog.getByTestId('checkout-next').click();
  await expect(dialog.getByTestId('checkout-step-review')).toContainText('Maria Souza');
  await dialog.getByTestId('checkout-next').click();

  await expect(dialog.getByTestId('checkout-pix')).toBeVisible();
  await expect(dialog.getByTestId('checkout-qr')).toHaveAttribute('width', '256');
  await expect(dialog.getByTestId('checkout-value')).toContainText('R$ 99,00');
  await dialog.getByTestId('checkout-copy').click();
  await expect(dialog.getByTestId('checkout-copy')).toHaveText('Copiado!');
  await expect(dialog.getByTestId('checkout-copy')).toHaveText('Copiar');

  // The payer's bank (the demo's PSP) pays: the webhook renews the license.
  await dialog.getByTestId('checkout-demo-pay').click();
  await expect(dialog.getByTestId('checkout-renewed')).toContainText('Sua licença foi renovada até', { timeout: 15_000 });
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  await expect(page.getByTestId('drawer')).toBeVisible();
});
