import { expect, test } from '@playwright/test';
import { DEMO_AGENT } from './support/api';
import { customerNumber, customerWrites, demoDesk, queueId, sendToQueue, ticketOfNumber } from './support/tickets';
import { signIn, signInAndWait } from './support/ui';

test('a customer message reaches the agent of its queue live; accepting moves it to the agent and opens it', async ({ page, request }) => {
  const desk = await demoDesk(request);
  await signInAndWait(page, DEMO_AGENT.email, DEMO_AGENT.password);
  await expect(page.getByTestId('tickets-page')).toHaveAttribute('data-layout', 'split');
  await expect(page.getByTestId('ticket-empty')).toBeVisible();
  await page.getByTestId('tickets-subtab-pending').click();

  // The customer writes; the ticket waits in the Suporte queue, the demo agent's (sent there by
  // the admin when the connection's menu has not already done it).
  const number = customerNumber();
  const name = `Cliente ${number.slice(-4)}`;
  await customerWrites(request, desk, number, name, 'Olá');
  const ticket = await ticketOfNumber(request, desk, number);
  const suporte = await queueId(request, desk, 'Suporte');
  if (ticket.queueId !== suporte) await sendToQueue(request, desk, ticket, suporte);

  // It shows up without a reload, as waiting, and follows the conversation.
  const item = page.getByTestId(`ticket-item-${ticket.id}`);
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId(`ticket-name-${ticket.id}`)).toHaveText(name);
  await expect(page.getByTestId(`ticket-queue-${ticket.id}`)).toHaveText('Suporte');
  await customerWrites(request, desk, number, name, 'Meu pedido não chegou');
  await expect(page.getByTestId(`ticket-last-message-${ticket.id}`)).toHaveText('Meu pedido não chegou');
  await expect(item).not.toHaveAttribute('data-unread', '0');
  await expect(page.getByTestId('notifications-count')).not.toHaveAttribute('data-count', '0');

  // A waiting ticket does not open by a click; Accept takes it.
  await item.click();
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByTestId('ticket-empty')).toBeVisible();
  await page.getByTestId(`ticket-accept-${ticket.id}`).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.uuid}$`));
  await expect(page.getByTestId('ticket-screen')).toBeVisible();
  await expect(page.getByTestId('tickets-subtab-open')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('tickets-list-open').getByTestId(`ticket-item-${ticket.id}`)).toHaveAttribute('data-status', 'open');
  await expect(page.getByTestId(`ticket-user-${ticket.id}`)).toHaveText('Bruno Agente');
});

test('on a phone-sized screen the manager and the ticket are two tabs', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO_AGENT.email, DEMO_AGENT.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByTestId('tickets-page')).toHaveAttribute('data-layout', 'narrow');
  await expect(page.getByTestId('tickets-narrow-ticket')).toHaveText('Ticket');
  await expect(page.getByTestId('tickets-narrow-list')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('tickets-manager')).toBeVisible();
  await page.getByTestId('tickets-narrow-ticket').click();
  await expect(page.getByTestId('ticket-empty')).toBeVisible();
  await expect(page.getByTestId('tickets-manager')).toBeHidden();
});
