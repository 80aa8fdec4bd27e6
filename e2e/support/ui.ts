import { expect, type Page } from '@playwright/test';

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

export async function signInAndWait(page: Page, email: string, password: string) {
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/tickets/);
  await expect(page.getByTestId('drawer')).toBeVisible();
}

/** The menu entry of a path ('/' is the dashboard). */
export const menuItem = (page: Page, path: string) => page.getByTestId(path === '/' ? 'menu-item-dashboard' : `menu-item-${path.replace(/^\//, '')}`);
