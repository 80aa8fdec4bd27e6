import type { FileList } from '@atende/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { serveApi } from '../../test/serve';
import FilesPage from './FilesPage';

const catalog: FileList = {
  id: 4,
  name: 'Catálogo',
  message: 'Segue o catálogo',
  options: [
    { id: 10, name: 'Tabela', path: '/api/media/x.pdf', mediaType: 'application/pdf', file: 'tabela.pdf' },
    { id: 11, name: 'Foto', path: null, mediaType: null, file: null },
  ],
  createdAt: '2030-05-01T10:00:00.000Z',
  updatedAt: '2030-05-01T10:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('<FilesPage>', { timeout: 20_000 }, () => {
  it("refuses a short name with 'nome muito curto' and sends nothing", async () => {
    await i18n.changeLanguage('pt');
    const sent = serveApi({ 'GET /api/files': () => jsonResponse(200, { files: [], count: 0, hasMore: false }) });
    const user = userEvent.setup();
    renderWithApp(<FilesPage />, { user: sessionUser(), route: '/files' });
    await user.click(await screen.findByTestId('files-add'));
    await user.type(screen.getByTestId('file-list-name'), 'ab');
    await user.click(screen.getByTestId('file-list-save'));
    expect(await screen.findByText('nome muito curto')).toBeTruthy();
    expect(screen.getAllByText('Obrigatório')).toHaveLength(2);
    expect(sent.some((s) => s.method === 'POST')).toBe(false);
  });

  it('edits a list: keeps the saved options by id, drops a removed one and adds a new one', async () => {
    await i18n.changeLanguage('pt');
    const sent = serveApi({
      'GET /api/files': () => jsonResponse(200, { files: [catalog], count: 1, hasMore: false }),
      'GET /api/files/4': () => jsonResponse(200, catalog),
      'PUT /api/files/4': () => jsonResponse(200, catalog),
    });
    const user = userEvent.setup();
    renderWithApp(<FilesPage />, { user: sessionUser(), route: '/files' });
    await user.click(await screen.findByTestId('file-list-edit-4'));
    await waitFor(() => expect(screen.getByTestId('file-list-option-file-0').textContent).toBe('tabela.pdf'));
    expect(screen.getByTestId('file-list-option-file-1').textContent).toBe('Nenhum arquivo escolhido');
    await user.click(screen.getByTestId('file-list-option-remove-1'));
    await user.click(screen.getByTestId('file-list-option-add'));
    await user.type(screen.getByTestId('file-list-option-name-1'), 'Vídeo');
    await user.click(screen.getByTestId('file-list-save'));
    expect(await screen.findByText('Lista de arquivos salva com sucesso.')).toBeTruthy();
    expect(sent.find((s) => s.method === 'PUT')?.body).toEqual({
      name: 'Catálogo',
      message: 'Segue o catálogo',
      options: [{ id: 10, name: 'Tabela' }, { name: 'Vídeo' }],
    });
  });
});
