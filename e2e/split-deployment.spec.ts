import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { DEMO_ADMIN } from './support/api';
import { serveWebApart } from './support/split-web';
import { customerSees, throughBrowser } from './support/ticket-screen';
import { customerNumber, customerWrites, demoDesk, ticketOfNumber } from './support/tickets';

let web: Awaited<ReturnType<typeof serveWebApart>>;

test.beforeAll(async () => {
  web = await serveWebApart(E2E_PORT + 50, `http://127.0.0.1:${E2E_PORT}`);
});
test.afterAll(async () => web?.close());

test('the web app served from another origin than the API signs in, answers live and deletes a message', async ({ page, request }) => {
  const desk = await demoDesk(request);
  const number = customerNumber();
  await customerWrites(request, desk, number, 'Cliente Remoto', 'Vocês atendem por aqui?');
  const { uuid } = await ticketOfNumber(request, desk, number);

  // Everything the page asks of the API crosses origins (CORS with credentials, the socket too).
  const crossOrigin: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(`http://127.0.0.1:${E2E_PORT}/`)) crossOrigin.push(r.url());
  });
  page.on('websocket', (ws) => {
    if (ws.url().startsWith(`ws://127.0.0.1:${E2E_PORT}/socket.io/`)) crossOrigin.push(ws.url());
  });
  await page.goto(`${web.origin}/login`);
  await page.getByTestId('login-email').fill(DEMO_ADMIN.email);
  await page.getByTestId('login-password').fill(DEMO_ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(new RegExp(`^${web.origin}/tickets`));
  const phone = await throughBrowser(page, desk);

  await page.goto(`${web.origin}/tickets/${uuid}`);
  const screen = page.getByTestId('ticket-screen');
  await expect(screen.getByText('Vocês atendem por aqui?')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('ticket-accept').click();
  const input = page.getByTestId('composer-text');
  await expect(input).toBeEnabled();
  await input.fill('Atendemos sim, pode falar!');
  await input.press('Enter');
  const sent = screen.locator('[data-from-me="true"]').filter({ hasText: 'Atendemos sim, pode falar!' });
  await expect(sent).toBeVisible();
  await expect
    .poll(async () => (await customerSees(request, phone, number)).some((e) => e.direction === 'out' && e.body.includes('Atendemos sim')))
    .toBe(true);

  // A live message from the customer arrives through the socket on the API's origin.
  await customerWrites(request, phone, number, 'Cliente Remoto', 'Que bom, obrigado!');
  await expect(screen.getByText('Que bom, obrigado!')).toBeVisible();

  // Delete (a DELETE across origins: the preflight must allow it).
  await sent.hover();
  await sent.locator('[data-testid^="message-menu-"]').click();
  await page.getByTestId('message-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(screen.getByText('Atendemos sim, pode falar!')).toHaveCount(0);
  expect(crossOrigin.some((url) => url.includes('/api/auth/login'))).toBe(true);
  expect(crossOrigin.some((url) => url.includes('/socket.io/'))).toBe(true);
});
