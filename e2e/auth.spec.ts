import { expect, test } from '@playwright/test';
import { seedCompany } from './support/api';
import { signIn, signInAndWait } from './support/ui';

test('an admin signs in, lands on /tickets, and signs out', async ({ page, request }) => {
  const company = await seedCompany(request);
  await signInAndWait(page, company.admin.email, company.admin.password);
  await expect(page.getByTestId('topbar-greeting')).toContainText(company.name);

  await page.getByTestId('account-menu').click();
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // A private route now sends back to the login.
  await page.goto('/users');
  await expect(page).toHaveURL(/\/login/);
});

test('a wrong password shows the authentication error and stays on the login', async ({ page, request }) => {
  const company = await seedCompany(request);
  await signIn(page, company.admin.email, 'wrong-password');
  await expect(page.getByText('Falha na autenticação. Por favor, tente novamente.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a company past its due date is told the date and signs in only to its invoices', async ({ page, request }) => {
  const company = await seedCompany(request, { dueDate: '2024-03-15' });
  await signIn(page, company.admin.email, company.admin.password);
  await expect(page.getByText(/15\/03\/2024/)).toBeVisible();
  await expect(page).toHaveURL(/\/financeiro/);
});

test('a second login in another browser ends the first session', async ({ browser, request }) => {
  const company = await seedCompany(request);
  const first = await browser.newContext();
  const second = await browser.newContext();
  const firstPage = await first.newPage();
  const secondPage = await second.newPage();

  await signInAndWait(firstPage, company.admin.email, company.admin.password);
  await signInAndWait(secondPage, company.admin.email, company.admin.password);

  await expect(firstPage.getByText('Sua conta foi acessada em outro computador.')).toBeVisible();
  await expect(firstPage).toHaveURL(/\/login/, { timeout: 15_000 });
  // The newer session keeps working.
  await secondPage.reload();
  await expect(secondPage.getByTestId('drawer')).toBeVisible();
  await first.close();
  await second.close();
});
