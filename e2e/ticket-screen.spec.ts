import { expect, test } from '@playwright/test';
import { DEMO_ADMIN } from './support/api';
import { customerSees, throughBrowser, TINY_PNG, visitInApp } from './support/ticket-screen';
import { customerNumber, customerWrites, demoDesk, ticketOfNumber } from './support/tickets';
import { signInAndWait } from './support/ui';

/** The first paint of a page after a full load, on a shared machine. */
const PAGE_LOAD = { timeout: 30_000 };

test('an admin opens a customer ticket by address, answers with text and an image, keeps a note and finishes it', async ({ page, request }) => {
  const desk = await demoDesk(request);
  const number = customerNumber();
  await customerWrites(request, desk, number, 'Maria Jornada', 'Olá, quero um orçamento');
  const { uuid } = await ticketOfNumber(request, desk, number);

  await signInAndWait(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const phone = await throughBrowser(page, desk);
  await page.goto(`/tickets/${uuid}`);
  const screen = page.getByTestId('ticket-screen');
  await expect(screen.getByTestId('ticket-contact-name')).toContainText('Maria Jornada', PAGE_LOAD);
  await expect(screen.getByText('Olá, quero um orçamento')).toBeVisible(PAGE_LOAD);

  // A waiting ticket cannot be answered until accepted.
  const input = page.getByTestId('composer-text');
  await expect(input).toBeDisabled();
  await page.getByTestId('ticket-accept').click();
  await expect(page.getByTestId('ticket-finish')).toBeVisible();
  await expect(input).toBeEnabled();

  // Text: Enter sends it, signed with the agent's name.
  await input.fill('Olá Maria, posso ajudar sim!');
  await input.press('Enter');
  await expect(screen.getByText('Olá Maria, posso ajudar sim!')).toBeVisible();
  await expect(input).toHaveValue('');

  // An image with a caption.
  await page.getByTestId('composer-files').setInputFiles({ name: 'tabela.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByTestId('attachments')).toContainText('tabela.png');
  await input.fill('Tabela de preços');
  await page.getByTestId('composer-send').click();
  await expect(screen.getByText('Tabela de preços')).toBeVisible();
  await expect(screen.getByTestId('message-image')).toBeVisible();

  // The customer's phone receives both.
  await expect
    .poll(async () => (await customerSees(request, phone, number)).filter((e) => e.direction === 'out').map((e) => `${e.kind}:${e.body}`).join('|'))
    .toMatch(/Olá Maria, posso ajudar sim!.*\|image:.*Tabela de preços/s);

  // An internal note, added then deleted.
  await page.getByTestId('ticket-contact').click();
  const drawer = page.getByTestId('contact-drawer');
  await expect(drawer).toBeVisible();
  await drawer.getByTestId('note-text').fill('Cliente pediu desconto');
  await drawer.getByTestId('note-save').click();
  await expect(page.getByText('Observação adicionada com sucesso!')).toBeVisible();
  const noteRow = drawer.locator('[data-testid^="note-"]').filter({ hasText: 'Cliente pediu desconto' });
  await expect(noteRow).toBeVisible();
  await noteRow.locator('[data-testid^="note-delete-"]').click();
  await expect(page.getByText('Observação excluída com sucesso!')).toBeVisible();
  await expect(drawer.getByText('Cliente pediu desconto')).toHaveCount(0);

  // Finishing leaves the ticket; opened again, it must be reopened before any message.
  await page.getByTestId('ticket-finish').click();
  await expect(page).toHaveURL(/\/tickets$/);
  await visitInApp(page, `/tickets/${uuid}`);
  await expect(page.getByTestId('ticket-reopen')).toBeVisible();
  await expect(input).toBeDisabled();
  await expect(input).toHaveAttribute('placeholder', 'Reabra ou aceite este ticket para enviar uma mensagem.');
  await expect(page.getByTestId('conversation-ended')).toBeVisible();
});
