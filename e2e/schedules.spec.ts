import { expect, test } from '@playwright/test';
import { DEMO_ADMIN } from './support/api';
import { customerSees, throughBrowser, visitInApp } from './support/ticket-screen';
import { customerNumber, customerWrites, demoDesk, ticketOfNumber } from './support/tickets';
import { signInAndWait } from './support/ui';

/** The first paint of a page after a full load, on a shared machine. */
const PAGE_LOAD = { timeout: 30_000 };
/** How far ahead the message is scheduled: long enough to see it wait, short enough to see it go. */
const AHEAD_MS = 15_000;
const TEXT = 'Lembrete: sua consulta é amanhã às 9h';

/** A date as the datetime-local field holds it, in the browser's (this machine's) time zone, to the second. */
function localDateTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

test('an agent schedules a message from the ticket screen and the customer receives it once it is due', async ({ page, request }) => {
  test.setTimeout(120_000);
  const desk = await demoDesk(request);
  const number = customerNumber();
  await customerWrites(request, desk, number, 'Rita Agenda', 'Podem me lembrar da consulta?');
  const { uuid } = await ticketOfNumber(request, desk, number);

  await signInAndWait(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const phone = await throughBrowser(page, desk);
  await page.goto(`/tickets/${uuid}`);
  const screen = page.getByTestId('ticket-screen');
  await expect(screen.getByTestId('ticket-contact-name')).toContainText('Rita Agenda', PAGE_LOAD);

  // The dialog starts with the ticket's contact and a time one hour ahead.
  await page.getByTestId('ticket-schedule').click();
  const dialog = page.getByTestId('schedule-dialog');
  await expect(dialog.getByTestId('schedule-contact')).toHaveValue(new RegExp(`^Rita Agenda - ${number}$`));
  const hourAhead = Date.now() + 60 * 60_000;
  const shown = new Date(await dialog.getByTestId('schedule-send-at').inputValue()).getTime();
  expect(Math.abs(shown - hourAhead)).toBeLessThan(2 * 60_000);

  // Too short a text is refused in the dialog.
  await dialog.getByTestId('schedule-body').fill('oi');
  await dialog.getByTestId('schedule-save').click();
  await expect(dialog.getByText('Mensagem muito curta')).toBeVisible();

  await dialog.getByTestId('schedule-body').fill(TEXT);
  await dialog.getByTestId('schedule-send-at').fill(localDateTime(new Date(Date.now() + AHEAD_MS)));
  await dialog.getByTestId('schedule-save').click();
  await expect(page.getByText('Agendamento salvo com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The bot's greeting went out when the customer wrote; the schedule's text is what is counted.
  const received = async () => (await customerSees(request, phone, number)).filter((e) => e.direction === 'out' && e.body === TEXT).length;
  const schedules = async () =>
    ((await (await request.get('/api/schedules', { headers: phone.headers, params: { searchParam: number } })).json()).schedules as { contact: { number: string } }[]).filter(
      (s) => s.contact.number === number,
    );
  // Saved as waiting: nothing went out yet.
  expect(await schedules()).toMatchObject([{ status: 'PENDENTE', sentAt: null, contact: { number } }]);
  expect(await received()).toBe(0);

  // Once due, the customer's phone shows it, the conversation too, and the schedule is marked sent.
  await expect.poll(received, { timeout: 60_000 }).toBe(1);
  await expect(screen.getByText(TEXT)).toBeVisible();
  // The phone may hear the message before the schedule's row is marked sent.
  await expect.poll(schedules).toMatchObject([{ status: 'ENVIADA', sentAt: expect.any(String) }]);

  // The schedules page lists it as sent (its table view; the calendar is the first).
  await visitInApp(page, '/schedules');
  await page.getByTestId('schedules-view-table').click();
  await page.getByTestId('schedules-search').fill('Rita Agenda');
  const row = page.getByTestId('schedules-table').locator('tr', { hasText: 'Rita Agenda' });
  await expect(row).toContainText(TEXT);
  await expect(row).toContainText('Enviada');
});
