import { expect, test } from '@playwright/test';
import { SUPER, seedCompany } from './support/api';
import { recoveryCodeMailedTo } from './support/mail';
import { signIn, signInAndWait } from './support/ui';

/** The first paint of a page after a full load, on a shared machine. */
const PAGE_LOAD = { timeout: 30_000 };

const stamp = () => Date.now().toString(36);
/** A day as YYYY-MM-DD in this machine's time zone (the browser's, which counts the days left). */
const isoDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
const brDay = (iso: string) => iso.split('-').reverse().join('/');

test('the super user creates a plan and a company, and advances its due date by its recurrence', async ({ page }) => {
  // Two forms, two tables and a dozen saves: past a minute when the machine's cores are shared.
  test.setTimeout(90_000);
  const planName = `Plano Ouro ${stamp()}`;
  const companyName = `Padaria ${stamp()}`;
  const email = `dono-${stamp()}@padaria.example`;
  await signIn(page, SUPER.email, SUPER.password);
  await expect(page).toHaveURL(/\/tickets/, PAGE_LOAD);
  await page.goto('/settings');
  await expect(page.getByTestId('settings-tab-plans')).toBeVisible(PAGE_LOAD);

  await page.getByTestId('settings-tab-plans').click();
  const planForm = page.getByTestId('plan-form');
  await planForm.getByTestId('plan-name').fill(planName);
  await planForm.getByTestId('plan-users').fill('5');
  await planForm.getByTestId('plan-connections').fill('2');
  await planForm.getByTestId('plan-queues').fill('3');
  await planForm.getByTestId('plan-value').fill('149.9');
  await page.getByTestId('plan-useKanban').click();
  await page.getByTestId('plan-useKanban-false').click();
  await planForm.getByTestId('plan-save').click();
  await expect(page.getByText('Operação realizada com sucesso!')).toBeVisible();
  const planRow = page.getByTestId('plans-table').getByRole('row').filter({ hasText: planName });
  await expect(planRow).toContainText('R$ 149,90 / mês');
  await expect(planRow.getByRole('cell').nth(9)).toHaveText('Não'); // Kanban

  await page.getByTestId('settings-tab-companies').click();
  const form = page.getByTestId('company-form');
  // The form's own rules: email and plan required.
  await form.getByTestId('company-save').click();
  await expect(form.getByText('Required').first()).toBeVisible();

  // Due in exactly 5 days: the row is yellow.
  const due = isoDay(new Date(Date.now() + 5 * 86_400_000));
  await form.getByTestId('company-name').fill(companyName);
  await form.getByTestId('company-email').fill(email);
  await form.getByTestId('company-phone').fill('11988887777');
  await page.getByTestId('company-planId').click();
  await page.getByRole('option', { name: planName }).click();
  await form.getByTestId('company-dueDate').fill(brDay(due));
  await page.getByTestId('company-recurrence').click();
  await expect(page.getByRole('option')).toHaveText(['Mensal', 'Anual']);
  await page.getByRole('option', { name: 'Anual' }).click();
  await form.getByTestId('company-password').fill('Senha-forte-1');
  await form.getByTestId('company-save').click();
  await expect(page.getByText('Operação realizada com sucesso!').first()).toBeVisible();

  const row = page.getByTestId('companies-table').getByRole('row').filter({ hasText: companyName });
  await expect(row).toContainText(planName);
  await expect(row).toContainText(brDay(due));
  await expect(row).toHaveAttribute('data-tone', 'warning');

  // ANUAL adds 12 months: the row is no longer due soon.
  const [y, m, d] = due.split('-');
  const advanced = `${Number(y) + 1}-${m}-${d}`;
  await row.locator('[data-testid^="company-advance-"]').click();
  await expect(row).toContainText(brDay(advanced));
  await expect(row).toHaveAttribute('data-tone', 'none');
});

test('a user recovers the password from the mailed code and signs in with the new one', async ({ page, request }) => {
  const company = await seedCompany(request);
  await page.goto('/login');
  await page.getByTestId('login-forgot').click();
  await expect(page).toHaveURL(/\/forgetpsw/);

  await page.getByTestId('forgot-email').fill(company.admin.email);
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByText('Email enviado com sucesso!')).toBeVisible(PAGE_LOAD);
  const code = await recoveryCodeMailedTo(company.admin.email);

  await page.getByTestId('forgot-code').fill(code);
  await page.getByTestId('forgot-password').fill('NovaSenha123');
  await page.getByTestId('forgot-confirm').fill('NovaSenha124');
  await page.getByTestId('forgot-reset').click();
  await expect(page.getByText('As senhas não correspondem')).toBeVisible();

  await page.getByTestId('forgot-confirm').fill('NovaSenha123');
  await page.getByTestId('forgot-reset').click();
  await expect(page.getByText('Senha redefinida com sucesso.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // The old password is gone; the new one opens the inbox.
  await signIn(page, company.admin.email, company.admin.password);
  await expect(page.getByText('Falha na autenticação. Por favor, tente novamente.')).toBeVisible();
  await signInAndWait(page, company.admin.email, 'NovaSenha123');
});
