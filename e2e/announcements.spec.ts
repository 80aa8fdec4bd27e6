import { expect, test } from '@playwright/test';
import { DEMO_AGENT, SUPER } from './support/api';
import { visitInApp } from './support/ticket-screen';
import { menuItem, signInAndWait } from './support/ui';

/** A real 1x1 PNG: the dialog must be able to draw it from the public path. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('the super user publishes an announcement and an agent of another company sees it arrive live and opens it', async ({ browser }) => {
  test.setTimeout(90_000);
  const title = `Manutenção ${Date.now()}`;
  const superContext = await browser.newContext();
  const agentContext = await browser.newContext();
  try {
    const root = await superContext.newPage();
    const agent = await agentContext.newPage();
    await Promise.all([signInAndWait(root, SUPER.email, SUPER.password), signInAndWait(agent, DEMO_AGENT.email, DEMO_AGENT.password)]);

    // The agent keeps the top bar's pop-over open while the announcement is written elsewhere.
    await agent.getByTestId('announcements').click();
    const popover = agent.getByTestId('announcements-popover');
    await expect(popover).toBeVisible();
    await expect(popover.getByText(title)).toHaveCount(0);

    await menuItem(root, '/announcements').click();
    await expect(root.getByTestId('announcements-page')).toBeVisible();
    await root.getByTestId('announcements-add').click();
    const dialog = root.getByTestId('announcement-dialog');
    await dialog.getByTestId('announcement-save').click();
    await expect(dialog.getByText('Obrigatório').first()).toBeVisible();
    await dialog.getByTestId('announcement-title').fill(title);
    await dialog.getByTestId('announcement-text').fill('O sistema ficará fora do ar no sábado às 22h.');
    await dialog.getByTestId('announcement-priority').click();
    await root.getByTestId('announcement-priority-1').click();
    await dialog.getByTestId('announcement-file').setInputFiles({ name: 'aviso.png', mimeType: 'image/png', buffer: PIXEL });
    await expect(dialog.getByTestId('announcement-image-name')).toHaveText('aviso.png');
    await dialog.getByTestId('announcement-save').click();
    await expect(dialog).toBeHidden();
    const row = root.getByTestId('announcements-table').locator('tr', { hasText: title });
    await expect(row).toContainText('Alta');
    await expect(row).toContainText('aviso.png');
    await expect(row).toContainText('Ativo');

    // Live: the agent's open pop-over gains it, with the high-priority red edge.
    const item = popover.locator('[data-testid^="announcement-item-"]', { hasText: title });
    await expect(item).toBeVisible({ timeout: 20_000 });
    await expect(item).toHaveAttribute('data-priority', '1');
    await expect(item).toContainText('O sistema ficará fora do ar');
    await item.click();
    const view = agent.getByTestId('announcement-view');
    await expect(view.getByText(title)).toBeVisible();
    const image = view.getByTestId('announcement-view-image');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await view.getByRole('button', { name: 'Fechar' }).click();
    await expect(view).toBeHidden();

    // The page is the super user's: an agent is told so and sent away.
    await visitInApp(agent, '/announcements');
    await expect(agent.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.')).toBeVisible();
    await expect(agent).not.toHaveURL(/\/announcements/, { timeout: 5_000 });
  } finally {
    await superContext.close();
    await agentContext.close();
  }
});

test('the super user adds a help video in Settings > Ajuda and an agent plays it from the gallery', async ({ browser }) => {
  test.setTimeout(60_000);
  const title = `Primeiros passos ${Date.now()}`;
  const superContext = await browser.newContext();
  const agentContext = await browser.newContext();
  try {
    const root = await superContext.newPage();
    const agent = await agentContext.newPage();
    await Promise.all([signInAndWait(root, SUPER.email, SUPER.password), signInAndWait(agent, DEMO_AGENT.email, DEMO_AGENT.password)]);
    await menuItem(root, '/settings').click();
    await root.getByTestId('settings-tab-helps').click();
    const tab = root.getByTestId('helps-settings');
    await tab.getByTestId('help-title').fill(title);
    await tab.getByTestId('help-description').fill('Como conectar o WhatsApp');
    await tab.getByTestId('help-video').fill('https://www.youtube.com/watch?v=aBcDeFgHiJk');
    await tab.getByTestId('help-save').click();
    await expect(tab.getByTestId('helps-table').locator('tr', { hasText: title })).toContainText('aBcDeFgHiJk');

    await menuItem(agent, '/helps').click();
    await expect(agent.getByTestId('helps-page').getByRole('heading', { name: /^Ajuda \(\d+\)$/ })).toBeVisible();
    const card = agent.locator('[data-testid^="help-card-"]', { hasText: title });
    await expect(card).toContainText('Como conectar o WhatsApp');
    // The still comes from YouTube; offline, a placeholder takes its place.
    await expect(card.getByTestId('help-thumbnail').or(card.getByTestId('help-thumbnail-placeholder'))).toBeVisible();
    await card.getByRole('button').click();
    const player = agent.getByTestId('help-player');
    await expect(player.getByTestId('help-player-frame')).toHaveAttribute('src', /youtube-nocookie\.com\/embed\/aBcDeFgHiJk/);
    await agent.keyboard.press('Escape');
    await expect(player).toBeHidden();
  } finally {
    await superContext.close();
    await agentContext.close();
  }
});
