import { expect, test } from '@playwright/test';
import { seedAgent, seedCompany } from './support/api';
import { menuItem, signInAndWait } from './support/ui';

const adminOnly = ['/', '/connections', '/queues', '/users', '/files', '/settings', '/financeiro'];
const everyone = ['/tickets', '/quick-messages', '/todolist', '/contacts', '/tags', '/helps'];

test('an admin sees the admin section and every entry the plan allows', async ({ page, request }) => {
  const company = await seedCompany(request);
  await signInAndWait(page, company.admin.email, company.admin.password);
  for (const path of [...everyone, ...adminOnly, '/kanban', '/schedules', '/chats', '/prompts', '/queue-integration', '/messages-api']) {
    await expect(menuItem(page, path), path).toBeVisible();
  }
  await expect(page.getByTestId('menu-group-campaigns')).toBeVisible();
  // Only the platform's super user manages announcements.
  await expect(menuItem(page, '/announcements')).toHaveCount(0);
});

test('an agent sees no admin entries and no dashboard', async ({ page, request }) => {
  const company = await seedCompany(request);
  const agent = await seedAgent(request, company);
  await signInAndWait(page, agent.email, agent.password);
  for (const path of everyone) await expect(menuItem(page, path), path).toBeVisible();
  for (const path of adminOnly) await expect(menuItem(page, path), path).toHaveCount(0);
  await expect(page.getByTestId('menu-admin-section')).toHaveCount(0);
});

test('a plan without kanban and campaigns hides them, and the page itself refuses', async ({ page, request }) => {
  const company = await seedCompany(request, { plan: { useKanban: false, useCampaigns: false } });
  await page.addInitScript(() => localStorage.removeItem('cshow'));
  await signInAndWait(page, company.admin.email, company.admin.password);
  await expect(menuItem(page, '/kanban')).toHaveCount(0);
  await expect(page.getByTestId('menu-group-campaigns')).toHaveCount(0);
  await expect(menuItem(page, '/queues')).toBeVisible();

  await page.goto('/kanban');
  await expect(page.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
});
