import type { QuickMessage } from '@atende/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { serveApi } from '../../test/serve';
import QuickMessagesPage from './QuickMessagesPage';

// The real picker draws hundreds of emoji; this one offers a single emoji to click.
vi.mock('emoji-picker-react', () => ({
  default: ({ onEmojiClick }: { onEmojiClick: (data: { emoji: string }) => void }) => (
    <button type="button" data-testid="emoji-smile" onClick={() => onEmojiClick({ emoji: '😀' })}>
      😀
    </button>
  ),
}));

const reply = (overrides: Partial<QuickMessage> = {}): QuickMessage => ({
  id: 1,
  shortcode: 'ola',
  message: 'Olá!',
  geral: true,
  status: true,
  userId: 7,
  mediaPath: null,
  mediaName: null,
  isMedia: false,
  ...overrides,
});
const page = (records: QuickMessage[]) => () => jsonResponse(200, { records, count: records.length, hasMore: false });

function renderPage(user = sessionUser()) {
  return renderWithApp(<QuickMessagesPage />, { user, route: '/quick-messages' });
}

afterEach(() => vi.unstubAllGlobals());

describe('<QuickMessagesPage>', { timeout: 20_000 }, () => {
  it('shows the attachment name or that there is none; others’ replies are read-only for a plain user', async () => {
    serveApi({ 'GET /api/quick-messages': page([reply(), reply({ id: 2, shortcode: 'preco', userId: 99, mediaName: 'tabela.pdf' })]) });
    renderPage(sessionUser({ profile: 'user' }));
    const own = await screen.findByTestId('quick-message-row-1');
    expect(own.textContent).toContain('Sem anexo');
    expect(within(own).getByTestId('quick-message-delete-1')).toBeTruthy();
    const others = screen.getByTestId('quick-message-row-2');
    expect(others.textContent).toContain('tabela.pdf');
    expect(within(others).queryByTestId('quick-message-edit-2')).toBeNull();
  });

  it('shows each reply’s text, and marks the inactive ones', async () => {
    serveApi({ 'GET /api/quick-messages': page([reply(), reply({ id: 2, shortcode: 'antiga', message: 'Promoção encerrada', status: false })]) });
    renderPage();
    expect((await screen.findByTestId('quick-message-text-1')).textContent).toBe('Olá!');
    expect(screen.getByTestId('quick-message-text-2').textContent).toBe('Promoção encerrada');
    expect(screen.queryByTestId('quick-message-inactive-1')).toBeNull();
    expect(screen.getByTestId('quick-message-inactive-2').textContent).toBe('Inativa');
  });

  it.each([
    ['pt', 'Obrigatório'],
    ['en', 'Required'],
  ])('in %s, a reply without a shortcode is refused', async (language, required) => {
    await i18n.changeLanguage(language);
    const sent = serveApi({ 'GET /api/quick-messages': page([]) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('quick-messages-add'));
    await user.click(screen.getByTestId('quick-message-save'));
    expect(await within(screen.getByTestId('quick-message-dialog')).findByText(required)).toBeTruthy();
    expect(sent.filter((s) => s.method !== 'GET')).toEqual([]);
  });

  it('inserts the picked emoji where the cursor is', async () => {
    serveApi({ 'GET /api/quick-messages': page([]) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('quick-messages-add'));
    const message = screen.getByTestId('quick-message-message') as HTMLTextAreaElement;
    await user.type(message, 'Olá mundo');
    message.setSelectionRange(3, 3);
    await user.click(screen.getByTestId('quick-message-emoji'));
    await user.click(await screen.findByTestId('emoji-smile'));
    await waitFor(() => expect(message.value).toBe('Olá😀 mundo'));
  });

  it('saves a reply, then uploads its attachment', async () => {
    const sent = serveApi({
      'GET /api/quick-messages': page([]),
      'POST /api/quick-messages': (body) => jsonResponse(200, reply({ id: 5, ...(body as object) })),
      'POST /api/quick-messages/5/media-upload': () => jsonResponse(200, reply({ id: 5, mediaName: 'menu.pdf' })),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('quick-messages-add'));
    await user.type(screen.getByTestId('quick-message-shortcode'), 'menu');
    await user.type(screen.getByTestId('quick-message-message'), 'Segue o cardápio');
    await user.upload(screen.getByTestId('quick-message-file'), new File(['pdf'], 'menu.pdf', { type: 'application/pdf' }));
    expect(screen.getByTestId('quick-message-attachment').textContent).toBe('menu.pdf');
    await user.click(screen.getByTestId('quick-message-save'));
    expect(await screen.findByText('Resposta rápida salva com sucesso.')).toBeTruthy();
    const writes = sent.filter((s) => s.method !== 'GET');
    expect(writes.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /api/quick-messages', 'POST /api/quick-messages/5/media-upload']);
    expect(writes[0].body).toEqual({ shortcode: 'menu', message: 'Segue o cardápio', geral: true, status: true });
  });

  it('removes the attachment of a reply being edited', async () => {
    const withFile = reply({ mediaName: 'menu.pdf', mediaPath: '/api/media/x' });
    const sent = serveApi({
      'GET /api/quick-messages': page([withFile]),
      'GET /api/quick-messages/1': () => jsonResponse(200, withFile),
      'PUT /api/quick-messages/1': () => jsonResponse(200, withFile),
      'DELETE /api/quick-messages/1/media-upload': () => jsonResponse(200, reply()),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('quick-message-edit-1'));
    expect((await screen.findByTestId('quick-message-attachment')).textContent).toBe('menu.pdf');
    await user.click(screen.getByTestId('quick-message-remove-attachment'));
    expect(screen.queryByTestId('quick-message-attachment')).toBeNull();
    await user.click(screen.getByTestId('quick-message-save'));
    await waitFor(() => expect(sent.some((s) => s.method === 'DELETE' && s.url === '/api/quick-messages/1/media-upload')).toBe(true));
  });

  it('asks before deleting a reply', async () => {
    const sent = serveApi({ 'GET /api/quick-messages': page([reply()]), 'DELETE /api/quick-messages/1': () => new Response(null, { status: 204 }) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('quick-message-delete-1'));
    expect(screen.getByText('Deseja realmente excluir esse registro?')).toBeTruthy();
    await user.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('Resposta rápida excluída com sucesso.')).toBeTruthy();
    expect(sent.some((s) => s.method === 'DELETE')).toBe(true);
  });
});
