import { expect, test, type Page } from '@playwright/test';
import { seedCompany } from './support/api';
import { seedAttendances } from './support/dashboard';
import { menuItem, signInAndWait } from './support/ui';

// The page's default dates are the browser's; the server counts days in São Paulo (its default).
test.use({ timezoneId: 'America/Sao_Paulo' });

const counter = (page: Page, key: string) => page.getByTestId(`dashboard-counter-${key}-value`);

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).locator('..').getByRole('combobox').click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function expectCounters(page: Page, expected: Record<string, string>) {
  for (const [key, value] of Object.entries(expected)) await expect(counter(page, key)).toHaveText(value);
}

test('an admin filters the dashboard by period and attendant and sees the attendances of the day', async ({ page, request }) => {
  const company = await seedCompany(request);
  const { agentId } = await seedAttendances(request, company, 'Zélia Atendente');

  await signInAndWait(page, company.admin.email, company.admin.password);
  await menuItem(page, '/').click();
  await expect(page.getByTestId('dashboard-page')).toBeVisible();

  // This month, every attendant: three customers, one talking, one waiting, one finished.
  await expectCounters(page, { supportHappening: '1', supportPending: '1', supportFinished: '1', newContacts: '3' });
  await expect(page.getByTestId(`dashboard-attendant-${agentId}`)).toContainText('Zélia Atendente');
  await expect(page.getByTestId('dashboard-chart-days-total')).toHaveText('(Total: 3)');

  // The last 3 days, only the agent: what they took.
  await pick(page, 'dashboard-filter-type', 'Filtro por período');
  await pick(page, 'dashboard-filter-period', 'Últimos 3 dias');
  await pick(page, 'dashboard-filter-user', 'Zélia Atendente');
  await page.getByTestId('dashboard-filter-apply').click();
  await expectCounters(page, { supportHappening: '1', supportPending: '0', supportFinished: '1', newContacts: '2' });
  await expect(page.getByTestId('dashboard-attendants').getByRole('row')).toHaveCount(2);
  await expect(page.getByTestId('dashboard-chart-days-total')).toHaveText('(Total: 2)');

  // Back to every attendant over the period.
  await pick(page, 'dashboard-filter-user', 'Todos os atendentes');
  await page.getByTestId('dashboard-filter-apply').click();
  await expectCounters(page, { supportHappening: '1', supportPending: '1', supportFinished: '1', newContacts: '3' });
});

test('without a filter the dashboard asks for one, in Portuguese and in English', async ({ page, request }) => {
  const company = await seedCompany(request);
  await signInAndWait(page, company.admin.email, company.admin.password);
  await menuItem(page, '/').click();
  await expect(page.getByTestId('dashboard-page')).toBeVisible();

  await pick(page, 'dashboard-filter-type', 'Filtro por período');
  await page.getByTestId('dashboard-filter-apply').click();
  await expect(page.getByTestId('dashboard-no-filter')).toHaveText('Parametrize o filtro');

  await page.getByTestId('account-menu').click();
  await page.getByTestId('language-en').click();
  await page.keyboard.press('Escape');
  await pick(page, 'dashboard-filter-type', 'Filter by period');
  await page.getByTestId('dashboard-filter-apply').click();
  await expect(page.getByTestId('dashboard-no-filter')).toHaveText('Set up the filter');
});
