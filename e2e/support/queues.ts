import { expect, type Locator, type Page } from '@playwright/test';

/** Picks a value of one select of the settings' Opções tab and waits for the saved toast. */
export async function chooseSetting(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByText('Operação atualizada com sucesso.').last()).toBeVisible();
}

/** Adds an option under `parentOrdinal` (null: the root) in the open queue dialog; returns its row. */
export async function addQueueOption(dialog: Locator, parentOrdinal: string | null, title: string, ordinal: string): Promise<Locator> {
  await dialog.getByTestId(parentOrdinal ? `queue-option-add-child-${parentOrdinal}` : 'queue-option-add').click();
  const form = dialog.getByTestId('queue-option-form');
  await expect(form.getByText(ordinal, { exact: true })).toBeVisible();
  await form.getByTestId('queue-option-title').fill(title);
  await form.getByTestId('queue-option-message').fill(`Mensagem de ${title}`);
  await form.getByTestId('queue-option-save').click();
  const row = dialog.getByTestId(`queue-option-${ordinal}`);
  await expect(row.getByText(title, { exact: true })).toBeVisible();
  return row;
}

/**
 * Creates a queue from the queues page: name, colour (a palette swatch when it starts with
 * 'palette:', else typed) and optional greeting. The dialog stays open on the saved queue.
 */
export async function createQueue(page: Page, name: string, color: string, greeting = ''): Promise<Locator> {
  await page.getByTestId('queues-add').click();
  const dialog = page.getByTestId('queue-dialog');
  await dialog.getByTestId('queue-name').fill(name);
  if (color.startsWith('palette:')) {
    await dialog.getByTestId('queue-color-palette').click();
    await page.getByTestId('queue-palette').getByRole('button', { name: color.slice('palette:'.length) }).click();
  } else {
    await dialog.getByTestId('queue-color').fill(color);
  }
  if (greeting) await dialog.getByTestId('queue-greeting').fill(greeting);
  await dialog.getByTestId('queue-save').click();
  await expect(page.getByText('Queue saved successfully').last()).toBeVisible();
  await expect(dialog.getByTestId('queue-option-add')).toBeVisible();
  return dialog;
}
