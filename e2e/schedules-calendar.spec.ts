import { expect, test } from '@playwright/test';
import { seedCompany, token } from './support/api';
import { signInAndWait } from './support/ui';

const PAGE_LOAD = { timeout: 30_000 };

/**
 * Later today when that is still this month (the month view shows it), else earlier today: a
 * past schedule is tried at once and fails without a connection, and stays on the calendar.
 */
function sendTimeThisMonth(now = new Date()): Date {
  const later = new Date(now.getTime() + 30 * 60_000);
  return later.getMonth() === now.getMonth() ? later : new Date(now.getTime() - 30 * 60_000);
}

test('an admin sees a scheduled message on the calendar, in the month and in the agenda, and deletes it from there', async ({ page, request }) => {
  test.setTimeout(60_000);
  const company = await seedCompany(request);
  const headers = { authorization: `Bearer ${await token(request, company.admin.email, company.admin.password)}` };
  const contact = await (await request.post('/api/contacts', { headers, data: { name: 'Clara Calendário', number: '5511955551234' } })).json();
  const created = await request.post('/api/schedules', { headers, data: { body: 'Lembrete do retorno', contactId: contact.id, sendAt: sendTimeThisMonth().toISOString() } });
  expect(created.ok(), await created.text()).toBe(true);
  const scheduleId = (await created.json()).id as number;

  await signInAndWait(page, company.admin.email, company.admin.password);
  await page.goto('/schedules');
  const calendar = page.getByTestId('schedules-calendar');
  // The month view is the first, titled with the contact's name at the send time.
  await expect(calendar.getByRole('button', { name: 'Mês' })).toBeVisible(PAGE_LOAD);
  await expect(calendar.getByTestId(`schedule-event-${scheduleId}`)).toHaveText('Clara Calendário');

  await calendar.getByRole('button', { name: 'Agenda' }).click();
  await expect(calendar.locator('.rbc-agenda-view')).toBeVisible();
  const event = calendar.getByTestId(`schedule-event-${scheduleId}`);
  await expect(event).toHaveText('Clara Calendário');

  // A click offers edit and delete; edit opens the schedule's dialog.
  await event.click();
  await page.getByTestId('schedule-event-edit').click();
  const dialog = page.getByTestId('schedule-dialog');
  await expect(dialog.getByTestId('schedule-body')).toHaveValue('Lembrete do retorno');
  await dialog.getByTestId('schedule-cancel').click();
  await expect(dialog).toBeHidden();

  await event.click();
  await page.getByTestId('schedule-event-delete').click();
  await expect(page.getByText('Excluir o agendamento para Clara Calendário?')).toBeVisible();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('Agendamento excluído com sucesso!')).toBeVisible();
  await expect(calendar.getByTestId(`schedule-event-${scheduleId}`)).toHaveCount(0);
  await expect(calendar.getByText('Não há agendamentos no período.')).toBeVisible();
});
