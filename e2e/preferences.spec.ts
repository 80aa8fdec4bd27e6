import { expect, test } from '@playwright/test';
import { seedCompany } from './support/api';
import { signInAndWait } from './support/ui';

test('theme and language survive a reload', async ({ page, request }) => {
  const company = await seedCompany(request);
  await signInAndWait(page, company.admin.email, company.admin.password);

  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const before = await background();
  await page.getByTestId('theme-toggle').click();
  await expect.poll(background).not.toBe(before);
  const dark = await background();

  await page.getByTestId('account-menu').click();
  await page.getByTestId('language-en').click();
  await expect(page.getByTestId('menu-item-todolist')).toContainText(/to-?do/i);

  await page.reload();
  await expect(page.getByTestId('drawer')).toBeVisible();
  await expect.poll(background).toBe(dark);
  await expect(page.getByTestId('menu-item-todolist')).toContainText(/to-?do/i);
  expect(await page.evaluate(() => localStorage.getItem('preferredTheme'))).toBe('dark');
});

test('the to-do list keeps tasks in the browser and ignores blank ones', async ({ page, request }) => {
  const company = await seedCompany(request);
  await signInAndWait(page, company.admin.email, company.admin.password);
  await page.goto('/todolist');
  await page.getByTestId('todo-input').fill('   ');
  await page.getByTestId('todo-add').click();
  await expect(page.getByTestId('todo-item-0')).toHaveCount(0);
  await page.getByTestId('todo-input').fill('Ligar para o cliente');
  await page.getByTestId('todo-add').click();
  await expect(page.getByTestId('todo-item-0')).toContainText('Ligar para o cliente');
  await page.reload();
  await expect(page.getByTestId('todo-item-0')).toContainText('Ligar para o cliente');
});
