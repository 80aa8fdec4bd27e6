import type { Prompt } from '@atende/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { serveApi } from '../../test/serve';
import PromptsPage from './PromptsPage';

const saved: Prompt = {
  id: 3,
  name: 'Vendedora',
  prompt: 'Você é a vendedora da loja.',
  voice: 'texto',
  voiceKey: '',
  voiceRegion: '',
  maxTokens: 120,
  temperature: 1,
  maxMessages: 10,
  model: '',
  queueId: 7,
  queue: { id: 7, name: 'Vendas', color: '#1e88e5' },
  apiKey: '••••1234',
  hasApiKey: true,
  createdAt: '2030-05-01T10:00:00.000Z',
  updatedAt: '2030-05-01T10:00:00.000Z',
};
const queues = [{ id: 7, name: 'Vendas', color: '#1e88e5' }];

afterEach(() => vi.unstubAllGlobals());

describe('<PromptsPage>', { timeout: 20_000 }, () => {
  it("lists name, queue and max tokens; a prompt without a queue shows 'Informe o setor' and sends nothing", async () => {
    await i18n.changeLanguage('pt');
    const sent = serveApi({ 'GET /api/prompt': () => jsonResponse(200, { prompts: [saved] }), 'GET /api/queue': () => jsonResponse(200, queues) });
    const user = userEvent.setup();
    renderWithApp(<PromptsPage />, { user: sessionUser(), route: '/prompts' });
    const row = await screen.findByTestId('prompt-row-3');
    expect(within(row).getByText('Vendedora')).toBeTruthy();
    expect(within(row).getByText('Vendas')).toBeTruthy();
    expect(within(row).getByText('120')).toBeTruthy();

    await user.click(screen.getByTestId('prompts-add'));
    expect((screen.getByTestId('prompt-max-tokens') as HTMLInputElement).value).toBe('100');
    expect((screen.getByTestId('prompt-temperature') as HTMLInputElement).value).toBe('1');
    expect((screen.getByTestId('prompt-max-messages') as HTMLInputElement).value).toBe('10');
    expect((screen.getByTestId('prompt-voice') as HTMLInputElement).value).toBe('texto');
    await user.type(screen.getByTestId('prompt-name'), 'Suporte');
    await user.type(screen.getByTestId('prompt-text'), 'Ajude o cliente.');
    await user.click(screen.getByTestId('prompt-save'));
    expect(await screen.findByText('Informe o setor')).toBeTruthy();
    expect(sent.some((s) => s.method === 'POST')).toBe(false);
  });

  it('edits a prompt: the key field starts blank (kept when left so) and says a key is stored', async () => {
    await i18n.changeLanguage('pt');
    const sent = serveApi({
      'GET /api/prompt': () => jsonResponse(200, { prompts: [saved] }),
      'GET /api/prompt/3': () => jsonResponse(200, saved),
      'GET /api/queue': () => jsonResponse(200, queues),
      'PUT /api/prompt/3': () => jsonResponse(200, saved),
    });
    const user = userEvent.setup();
    renderWithApp(<PromptsPage />, { user: sessionUser(), route: '/prompts' });
    await user.click(await screen.findByTestId('prompt-edit-3'));
    await waitFor(() => expect((screen.getByTestId('prompt-name') as HTMLInputElement).value).toBe('Vendedora'));
    expect((screen.getByTestId('prompt-api-key') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Chave guardada (••••1234). Deixe em branco para manter.')).toBeTruthy();
    await user.click(screen.getByTestId('prompt-save'));
    expect(await screen.findByText('Prompt salvo com sucesso!')).toBeTruthy();
    expect(sent.find((s) => s.method === 'PUT')?.body).toMatchObject({ name: 'Vendedora', queueId: 7, apiKey: '', maxTokens: 120 });
  });
});
