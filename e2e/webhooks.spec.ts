import { expect, test } from '@playwright/test';
import { startWebhookReceiver } from '../apps/server/src/test/fake-webhook-receiver';
import { DEMO_ADMIN } from './support/api';
import { throughBrowser } from './support/ticket-screen';
import { customerNumber, customerWrites, demoDesk } from './support/tickets';
import { signInAndWait } from './support/ui';

const PAGE_LOAD = { timeout: 30_000 };

test("an admin adds a webhook, keeps its secret, sends a test and sees a customer's message delivered signed", async ({ page, request }) => {
  test.setTimeout(90_000);
  const receiver = await startWebhookReceiver();
  try {
    const desk = await demoDesk(request);
    await signInAndWait(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const browserDesk = await throughBrowser(page, desk);

    await page.goto('/settings');
    await page.getByTestId('settings-tab-webhooks').click(PAGE_LOAD);
    await page.getByTestId('webhook-add').click();
    const dialog = page.getByTestId('webhook-dialog');
    await dialog.getByTestId('webhook-url').fill('ftp://nao-serve');
    await dialog.getByTestId('webhook-save').click();
    await expect(dialog.getByText('Valor inválido')).toBeVisible();
    await dialog.getByTestId('webhook-url').fill(receiver.url);
    await expect(dialog.getByTestId('webhook-event-message.created')).toBeChecked();
    await dialog.getByTestId('webhook-save').click();

    // The secret is shown once, with a copy button.
    const secretDialog = page.getByTestId('webhook-secret-dialog');
    await expect(secretDialog).toContainText('não será mostrado de novo');
    await expect(secretDialog.getByTestId('webhook-secret-copy')).toBeEnabled();
    receiver.secret = await secretDialog.getByTestId('webhook-secret').inputValue();
    expect(receiver.secret).toMatch(/^whsec_/);
    await secretDialog.getByTestId('webhook-secret-close').click();
    await expect(secretDialog).toBeHidden();

    const row = page.locator('tr[data-testid^="webhook-row-"]').filter({ hasText: receiver.url });
    await expect(row.getByTestId('webhook-cell-status')).toHaveText('Ativo');
    const id = (await row.getAttribute('data-testid'))!.replace('webhook-row-', '');
    await expect(page.getByTestId('webhooks-tab')).not.toContainText(receiver.secret);

    // 'Enviar teste': the receiver checks the signature, the log shows the 200.
    await page.getByTestId(`webhook-test-${id}`).click();
    await expect(page.getByText('Teste entregue (HTTP 200).')).toBeVisible();
    const log = page.getByTestId('webhook-deliveries-dialog');
    await expect(log.locator('tr[data-testid^="webhook-delivery-"]').filter({ hasText: 'Teste' }).getByTestId('delivery-cell-code')).toHaveText('200');
    expect(receiver.accepted().map((r) => r.event)).toEqual(['ping']);
    await log.getByTestId('webhook-deliveries-close').click();

    // A customer writes: the message reaches the receiver once, signed, and the log shows it.
    const number = customerNumber();
    await customerWrites(request, browserDesk, number, 'Cliente Webhook', 'Olá, webhook');
    await expect
      .poll(() => receiver.accepted().filter((r) => r.event === 'message.created' && !r.body.data.message.fromMe).map((r) => `${r.body.data.contact.number}:${r.body.data.message.body}`), { timeout: 20_000 })
      .toEqual([`${number}:Olá, webhook`]);
    expect(receiver.requests.every((r) => r.signatureValid)).toBe(true);
    await page.getByTestId(`webhook-log-${id}`).click();
    await expect(log.locator('tr[data-testid^="webhook-delivery-"]').filter({ hasText: 'Mensagem recebida ou enviada' }).first().getByTestId('delivery-cell-code')).toHaveText('200');
    await log.getByTestId('webhook-deliveries-close').click();

    await page.getByTestId(`webhook-delete-${id}`).click();
    await page.getByTestId('confirm-ok').click();
    await expect(row).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
