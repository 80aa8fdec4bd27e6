import type { QuickMessage } from '@atende/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sessionUser } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { serveApi } from '../../../test/serve';
import { aMessage } from '../../../test/tickets';
import { MessageInput } from './MessageInput';

const quick = (id: number, shortcode: string, message: string): QuickMessage => ({ id, shortcode, message, geral: true, status: true, userId: null, mediaPath: null, mediaName: null, isMedia: false });

function compose(status: 'open' | 'pending' | 'closed' = 'open', replyTo = null as ReturnType<typeof aMessage> | null) {
  const sent = serveApi({
    'POST /api/messages/41': (body) => jsonResponse(200, aMessage(900, { fromMe: true, body: (body as { body: string }).body })),
    'GET /api/quick-messages/list': () =>
      jsonResponse(200, [quick(1, 'ola', 'Olá! Em que posso ajudar você hoje? Estamos à disposição.'), quick(2, 'preco', 'Nossos preços')]),
  });
  const onClearReply = vi.fn();
  renderWithApp(<MessageInput ticket={{ id: 41, status }} replyTo={replyTo} onClearReply={onClearReply} />, { user: sessionUser() });
  return { sent, posts: () => sent.filter((r) => r.method === 'POST'), onClearReply };
}

afterEach(() => vi.unstubAllGlobals());

describe('<MessageInput>', () => {
  it('sends on Enter, signed with the agent name in bold by default, and breaks the line on Shift+Enter', async () => {
    const user = userEvent.setup();
    const { posts } = compose();
    const input = screen.getByTestId('composer-text');
    await user.type(input, 'Bom dia{Shift>}{Enter}{/Shift}tudo bem?');
    expect(posts()).toHaveLength(0);
    expect((input as HTMLTextAreaElement).value).toBe('Bom dia\ntudo bem?');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toMatchObject({ body: '*Ana Souza:*\nBom dia\ntudo bem?', quotedMsg: null });
    await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe(''));
  });

  it('sends unsigned once the switch is off, and remembers the choice in the browser', async () => {
    const user = userEvent.setup();
    const { posts } = compose();
    await user.click(screen.getByTestId('composer-sign').querySelector('input')!);
    expect(localStorage.getItem('signMessage')).toBe('false');
    await user.type(screen.getByTestId('composer-text'), 'Oi{Enter}');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toMatchObject({ body: 'Oi' });
  });

  it('keeps a file attached while the previous message was still on its way', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    serveApi({ 'POST /api/messages/41': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithApp(<MessageInput ticket={{ id: 41, status: 'open' }} replyTo={null} onClearReply={vi.fn()} />, { user: sessionUser() });
    await user.type(screen.getByTestId('composer-text'), 'Bom dia{Enter}');
    await user.upload(screen.getByTestId('composer-files'), new File(['x'], 'tabela.png', { type: 'image/png' }));
    answer(jsonResponse(200, aMessage(900, { fromMe: true, body: 'Bom dia' })));
    await waitFor(() => expect((screen.getByTestId('composer-text') as HTMLTextAreaElement).value).toBe(''));
    expect(screen.getByTestId('attachments').textContent).toContain('tabela.png');
  });

  it('empties as soon as the send leaves, before the server answers', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    serveApi({ 'POST /api/messages/41': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithApp(<MessageInput ticket={{ id: 41, status: 'open' }} replyTo={null} onClearReply={vi.fn()} />, { user: sessionUser() });
    const input = screen.getByTestId('composer-text') as HTMLTextAreaElement;
    await user.upload(screen.getByTestId('composer-files'), new File(['x'], 'tabela.png', { type: 'image/png' }));
    await user.type(input, 'Tabela de preços{Enter}');
    expect(input.value).toBe('');
    expect(screen.queryByTestId('attachments')).toBeNull();
    answer(jsonResponse(200, [aMessage(900, { fromMe: true, body: 'Tabela de preços' })]));
  });

  it('puts a refused message back, ahead of what was typed since, and says why', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    serveApi({ 'POST /api/messages/41': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithApp(<MessageInput ticket={{ id: 41, status: 'open' }} replyTo={null} onClearReply={vi.fn()} />, { user: sessionUser() });
    const input = screen.getByTestId('composer-text') as HTMLTextAreaElement;
    await user.upload(screen.getByTestId('composer-files'), new File(['x'], 'tabela.png', { type: 'image/png' }));
    await user.type(input, 'Primeira{Enter}');
    await user.type(input, 'Segunda');
    answer(jsonResponse(400, { error: 'ERR_WAPP_NOT_INITIALIZED' }));
    await waitFor(() => expect(input.value).toBe('Primeira\nSegunda'));
    expect(screen.getByTestId('attachments').textContent).toContain('tabela.png');
  });

  it('refuses a file above the upload limit before sending anything, naming the limit', async () => {
    const user = userEvent.setup();
    const { posts } = compose();
    const big = new File(['x'], 'video.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 17 * 1024 * 1024 });
    await user.upload(screen.getByTestId('composer-files'), [big, new File(['x'], 'foto.png', { type: 'image/png' })]);
    expect(await screen.findByText('video.mp4: O arquivo passa do limite de 16 MB.')).toBeTruthy();
    expect(screen.getByTestId('attachments').textContent).toContain('foto.png');
    expect(screen.getByTestId('attachments').textContent).not.toContain('video.mp4');
    expect(screen.getByTestId('composer-attach').getAttribute('title')).toContain('Até 16 MB por arquivo');
    expect(posts()).toHaveLength(0);
  });

  it('counts the characters near WhatsApp’s limit and refuses to send past it, naming the limit', async () => {
    const user = userEvent.setup();
    const { posts } = compose();
    const input = screen.getByTestId('composer-text');
    await user.click(input);
    await user.paste('a'.repeat(3400));
    expect(screen.queryByTestId('composer-length')).toBeNull();
    await user.paste('a'.repeat(500));
    // The signature line '*Ana Souza:*\n' is part of what is sent.
    expect(screen.getByTestId('composer-length').textContent).toBe('3.913 / 4.096');
    await user.paste('a'.repeat(200));
    expect(screen.getByTestId('composer-length').textContent).toBe('Passa do limite de 4.096 caracteres do WhatsApp: encurte para enviar. 4.113 / 4.096');
    expect(screen.getByTestId('composer-send')).toHaveProperty('disabled', true);
    await user.keyboard('{Enter}');
    expect(posts()).toHaveLength(0);
    expect((input as HTMLTextAreaElement).value).toHaveLength(4100);
  });

  it('on a phone keeps the hint to one short line', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    compose();
    expect(screen.getByTestId('composer-text').getAttribute('placeholder')).toBe('Digite uma mensagem');
  });

  it('never sends an empty or blank text', async () => {
    const user = userEvent.setup();
    const { posts } = compose();
    await user.type(screen.getByTestId('composer-text'), '   {Enter}');
    await user.keyboard('{Enter}');
    expect(posts()).toHaveLength(0);
    expect(screen.queryByTestId('composer-send')).toBeNull();
  });

  it.each(['closed', 'pending'] as const)('is blocked on a %s ticket, telling the agent to reopen or accept it', (status) => {
    compose(status);
    const input = screen.getByTestId('composer-text') as HTMLTextAreaElement;
    expect(input.disabled).toBe(true);
    expect(input.placeholder).toBe('Reabra ou aceite este ticket para enviar uma mensagem.');
    expect((screen.getByTestId('composer-attach') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('audio-record') as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers quick replies when the text starts with / and has more than one character', async () => {
    const user = userEvent.setup();
    const { sent } = compose();
    const input = screen.getByTestId('composer-text') as HTMLTextAreaElement;
    await user.type(input, '/');
    expect(screen.queryByTestId('quick-replies')).toBeNull();
    expect(sent.some((r) => r.url.startsWith('/api/quick-messages'))).toBe(false);
    await user.type(input, 'ol');
    const item = await screen.findByTestId('quick-reply-1');
    // The label is cut at 35 characters.
    expect(item.textContent).toBe(`${'ola - Olá! Em que posso ajudar você hoje? Estamos à disposição.'.slice(0, 35)}...`);
    expect(screen.queryByTestId('quick-reply-2')).toBeNull();
    await user.click(item);
    expect(input.value).toBe('Olá! Em que posso ajudar você hoje? Estamos à disposição.');
    expect(screen.queryByTestId('quick-replies')).toBeNull();
  });

  it('quotes the message being replied to', async () => {
    const user = userEvent.setup();
    const { posts, onClearReply } = compose('open', aMessage(12, { body: 'Qual o prazo?' }));
    expect(screen.getByTestId('reply-preview').textContent).toContain('Qual o prazo?');
    await user.type(screen.getByTestId('composer-text'), 'Amanhã{Enter}');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toMatchObject({ quotedMsg: { id: 12 } });
    await waitFor(() => expect(onClearReply).toHaveBeenCalled());
  });
});
