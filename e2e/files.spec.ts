import { expect, test } from '@playwright/test';
import { seedCompany } from './support/api';
import { TINY_PNG } from './support/ticket-screen';
import { signInAndWait } from './support/ui';

const PAGE_LOAD = { timeout: 30_000 };

test('an admin keeps a file list: two files, the name rule, an edit and a delete', async ({ page, request }) => {
  test.setTimeout(60_000);
  const company = await seedCompany(request);
  await signInAndWait(page, company.admin.email, company.admin.password);
  await page.goto('/files');
  await expect(page.getByTestId('files-empty')).toBeVisible(PAGE_LOAD);

  // A name under 3 characters is refused with the spec's words.
  await page.getByTestId('files-add').click();
  const dialog = page.getByTestId('file-list-dialog');
  /** Chooses the file of the option at `place` through its button, as a user does. */
  const attach = async (place: number, file: { name: string; mimeType: string; buffer: Buffer }) => {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByTestId(`file-list-option-attach-${place}`).click()]);
    await chooser.setFiles(file);
    await expect(dialog.getByTestId(`file-list-option-file-${place}`)).toHaveText(file.name);
  };
  await dialog.getByTestId('file-list-name').fill('ab');
  await dialog.getByTestId('file-list-message').fill('Segue nosso material');
  await dialog.getByTestId('file-list-save').click();
  await expect(dialog.getByText('nome muito curto')).toBeVisible();

  // Two named files.
  await dialog.getByTestId('file-list-name').fill('Material de vendas');
  await dialog.getByTestId('file-list-option-name-0').fill('Tabela de preços');
  await expect(dialog.getByTestId('file-list-option-file-0')).toHaveText('Nenhum arquivo escolhido');
  await attach(0, { name: 'tabela.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 tabela') });
  await dialog.getByTestId('file-list-option-add').click();
  await dialog.getByTestId('file-list-option-name-1').fill('Foto do produto');
  await attach(1, { name: 'produto.png', mimeType: 'image/png', buffer: TINY_PNG });
  await dialog.getByTestId('file-list-save').click();
  await expect(page.getByText('Lista de arquivos salva com sucesso.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('files-table').getByRole('row', { name: /Material de vendas/ });
  await expect(row).toBeVisible();

  // Edited: renamed, one file removed; the other keeps its file.
  await row.getByRole('button', { name: 'Editar' }).click();
  await expect(dialog.getByTestId('file-list-option-file-1')).toHaveText('produto.png');
  await expect(dialog.getByTestId('file-list-option-file-0')).toHaveText('tabela.pdf');
  await dialog.getByTestId('file-list-name').fill('Material atualizado');
  await dialog.getByTestId('file-list-option-remove-0').click();
  await expect(dialog.getByTestId('file-list-option-name-0')).toHaveValue('Foto do produto');
  await dialog.getByTestId('file-list-save').click();
  await expect(dialog).toBeHidden();
  const edited = page.getByTestId('files-table').getByRole('row', { name: /Material atualizado/ });
  await expect(edited).toBeVisible();
  await edited.getByRole('button', { name: 'Editar' }).click();
  await expect(dialog.getByTestId('file-list-option-file-0')).toHaveText('produto.png');
  await expect(dialog.getByTestId('file-list-option-name-1')).toHaveCount(0);
  await dialog.getByTestId('file-list-cancel').click();

  // Deleted after a confirmation.
  await edited.getByRole('button', { name: 'Excluir' }).click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('Lista de arquivos excluída com sucesso.')).toBeVisible();
  await expect(page.getByTestId('files-empty')).toBeVisible();
});
