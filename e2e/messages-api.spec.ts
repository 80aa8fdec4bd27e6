import { expect, test } from '@playwright/test';
import { DEMO_ADMIN } from './support/api';
import { customerSees, throughBrowser, TINY_PNG } from './support/ticket-screen';
import { customerNumber, demoDesk } from './support/tickets';
import { signInAndWait } from './support/ui';

const PAGE_LOAD = { timeout: 30_000 };
const TEXT = 'Seu pedido saiu para entrega';
const CAPTION = 'Comprovante em anexo';

test("an admin sends a text and a file through the messages API's test forms and the customer's phone receives them", async ({ page, request }) => {
  test.setTimeout(90_000);
  const desk = await demoDesk(request);
  const number = customerNumber();
  await signInAndWait(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const phone = await throughBrowser(page, desk);
  // The connection's token, as the edit dialog of /connections shows it to admins.
  const { token } = (await (await request.get(`/api/whatsapp/${desk.whatsappId}`, { headers: phone.headers })).json()) as { token: string };
  expect(token).toBeTruthy();

  await page.goto('/messages-api');
  await expect(page.getByTestId('messages-api-docs')).toContainText('/api/messages/send', PAGE_LOAD);

  const text = page.getByTestId('messages-api-text-form');
  await text.getByTestId('messages-api-text-token').fill(token);
  await text.getByTestId('messages-api-text-number').fill(number);
  await text.getByTestId('messages-api-text-body').fill(TEXT);
  await text.getByTestId('messages-api-text-send').click();
  await expect(text.getByTestId('messages-api-text-answer')).toContainText('200');
  await expect(text.getByTestId('messages-api-text-answer')).toContainText(TEXT);
  await expect(page.getByText('Mensagem enviada com sucesso').first()).toBeVisible();

  // The media test needs a file.
  const media = page.getByTestId('messages-api-media-form');
  await media.getByTestId('messages-api-media-token').fill(token);
  await media.getByTestId('messages-api-media-number').fill(number);
  await media.getByTestId('messages-api-media-body').fill(CAPTION);
  await media.getByTestId('messages-api-media-send').click();
  await expect(media.getByText('Required')).toBeVisible();
  await expect(media.getByTestId('messages-api-media-answer')).toBeHidden();
  await media.getByTestId('messages-api-media-file').setInputFiles({ name: 'comprovante.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(media).toContainText('comprovante.png');
  await media.getByTestId('messages-api-media-send').click();
  await expect(media.getByTestId('messages-api-media-answer')).toContainText('200');

  // A wrong token is answered plainly.
  await text.getByTestId('messages-api-text-token').fill('not-a-token');
  await text.getByTestId('messages-api-text-send').click();
  await expect(text.getByTestId('messages-api-text-answer')).toContainText('ERR_INVALID_API_TOKEN');

  await expect
    .poll(async () => (await customerSees(request, phone, number)).filter((e) => e.direction === 'out').map((e) => `${e.kind}:${e.body}`), { timeout: 30_000 })
    .toEqual([`text:${TEXT}`, `image:${CAPTION}`]);
});
