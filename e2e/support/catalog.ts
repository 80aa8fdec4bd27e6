import { readFile } from 'node:fs/promises';
import { expect, type Download, type Page } from '@playwright/test';

/** Picks the interface language the way the account menu stores it (localStorage `language`). */
export async function pickLanguage(page: Page, language: 'pt' | 'en' | 'es') {
  await page.evaluate((value) => localStorage.setItem('language', value), language);
}

/** Fills the contact dialog's main fields (the dialog must be open). */
export async function fillContact(page: Page, contact: { name: string; number: string; email?: string }) {
  const dialog = page.getByTestId('contact-dialog');
  await dialog.getByTestId('contact-name').fill(contact.name);
  await dialog.getByTestId('contact-number').fill(contact.number);
  if (contact.email !== undefined) await dialog.getByTestId('contact-email').fill(contact.email);
}

/** The text of a file the page handed to the browser, byte order mark included. */
export async function downloadedText(download: Download): Promise<string> {
  const path = await download.path();
  if (!path) throw new Error(`download failed: ${await download.failure()}`);
  return readFile(path, 'utf8');
}

/** Opens the edit dialog of the row that shows `text` in a list page's table. */
export async function editRow(page: Page, tableTestId: string, text: string) {
  await page.getByTestId(tableTestId).getByRole('row', { name: new RegExp(text) }).getByRole('button', { name: 'Editar' }).click();
}

/** Opens the tag dialog empty, saves it and expects the name rule's message. */
export async function expectTagNameRule(page: Page, required: string, tooShort: string) {
  await page.getByTestId('tags-add').click();
  const dialog = page.getByTestId('tag-dialog');
  await dialog.getByTestId('tag-save').click();
  await expect(dialog.getByText(required)).toBeVisible();
  await dialog.getByTestId('tag-name').fill('ab');
  await expect(dialog.getByText(tooShort)).toBeVisible();
  await dialog.getByTestId('tag-cancel').click();
  await expect(dialog).toBeHidden();
}
