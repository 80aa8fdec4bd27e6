import { expect, test } from '@playwright/test';
import { seedCompany } from './support/api';
import { signInAndWait } from './support/ui';

test('an admin creates, edits and deletes a user, with validation shown', async ({ page, request }) => {
  const company = await seedCompany(request);
  await signInAndWait(page, company.admin.email, company.admin.password);
  await page.goto('/users');

  await page.getByTestId('users-add').click();
  const dialog = page.getByTestId('user-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('user-name').fill('A');
  await dialog.getByTestId('user-email').fill('not-an-email');
  await dialog.getByTestId('user-save').click();
  await expect(dialog.getByText('Too Short!')).toBeVisible();
  await expect(dialog.getByText('Invalid email')).toBeVisible();
  await expect(dialog.getByText('Required')).toBeVisible();

  await dialog.getByTestId('user-name').fill('Carla Souza');
  await dialog.getByTestId('user-email').fill('carla@example.com');
  await dialog.getByTestId('user-password').fill('senha-segura1');
  await dialog.getByTestId('user-save').click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /Carla Souza/ });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: /editar|edit/i }).click();
  await page.getByTestId('user-name').fill('Carla Lima');
  await page.getByTestId('user-save').click();
  await expect(page.getByRole('row', { name: /Carla Lima/ })).toBeVisible();

  await page.getByRole('row', { name: /Carla Lima/ }).getByRole('button', { name: /excluir|delete/i }).click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByRole('row', { name: /Carla Lima/ })).toHaveCount(0);
  // The admin's own row offers no delete.
  await expect(page.getByRole('row', { name: new RegExp(company.admin.email) }).getByRole('button', { name: /excluir|delete/i })).toHaveCount(0);
});
