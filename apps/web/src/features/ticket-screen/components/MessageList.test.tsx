import { screen, within } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sessionUser } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { serveApi } from '../../../test/serve';
import { aMessage, aPage } from '../../../test/tickets';
import type { Message, Ticket } from '@atende/contract';
import { MessageList } from './MessageList';

const revoked: string[] = [];

beforeEach(() => {
  revoked.length = 0;
  let n = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:media-${++n}`, revokeObjectURL: (url: string) => revoked.push(url) }));
});
afterEach(() => vi.unstubAllGlobals());

function show(messages: Message[], ticket: Pick<Ticket, 'id' | 'status'> = { id: 41, status: 'open' }) {
  const sent = serveApi({
    'GET /api/messages/41': () => jsonResponse(200, aPage(messages)),
    'GET /api/media/photo.jpg': () => new Response(new Blob(['jpg']), { status: 200 }),
    'GET /api/media/voice.ogg': () => new Response(new Blob(['ogg']), { status: 200 }),
    'GET /api/media/clip.mp4': () => new Response(new Blob(['mp4']), { status: 200 }),
  });
  const view = renderWithApp(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 20_000, itemHeight: 40 }}>
      <div style={{ height: 600, display: 'flex', flexDirection: 'column' }}>
        <MessageList ticket={ticket} onReply={() => {}} onDelete={() => {}} />
      </div>
    </VirtuosoMockContext.Provider>,
    { user: sessionUser() },
  );
  return { sent, ...view };
}

describe('<MessageList>', () => {
  it('shows every kind of message the way the agent expects', async () => {
    const { sent } = show([
      aMessage(1, { body: 'Olá *mundo*' }),
      aMessage(2, { mediaType: 'image', mediaUrl: '/api/media/photo.jpg', body: 'a foto' }),
      aMessage(3, { mediaType: 'audio', mediaUrl: '/api/media/voice.ogg', body: '' }),
      aMessage(4, { mediaType: 'video', mediaUrl: '/api/media/clip.mp4', body: '' }),
      aMessage(5, { mediaType: 'application', mediaUrl: '/api/media/doc.pdf', mediaName: 'orcamento.pdf', body: '' }),
      aMessage(6, { mediaType: 'locationMessage', location: { latitude: -23.5, longitude: -46.6, name: 'Av. Paulista' }, body: '' }),
      aMessage(7, { mediaType: 'vcard', vcard: 'BEGIN:VCARD\nFN:João Silva\nTEL;type=CELL:+5511988887777\nEND:VCARD', body: 'BEGIN:VCARD' }),
      aMessage(8, { mediaType: 'call_log', body: 'voice' }),
      aMessage(9, { isDeleted: true, body: 'segredo' }),
      aMessage(10, { isEdited: true, fromMe: true, userId: 7, ack: 2, delivery: 'sent' }),
    ]);
    const image = await screen.findByTestId('message-image');
    expect(image.getAttribute('src')).toBe('blob:media-1');
    expect(within(screen.getByTestId('message-2')).getByTestId('message-body').textContent).toBe('a foto');
    // The media is asked for with the bearer token, never as a public URL.
    const photoCall = sent.find((r) => r.url === '/api/media/photo.jpg');
    expect(photoCall).toBeTruthy();
    expect(await screen.findByTestId('message-audio')).toBeTruthy();
    expect(await screen.findByTestId('message-video')).toBeTruthy();
    expect(within(screen.getByTestId('message-file')).getByText('orcamento.pdf')).toBeTruthy();
    expect(screen.getByTestId('message-download')).toBeTruthy();
    expect(screen.getByTestId('message-location').textContent).toContain('Av. Paulista');
    const card = screen.getByTestId('message-vcard');
    expect(card.textContent).toContain('João Silva');
    expect(card.textContent).toContain('+5511988887777');
    expect(screen.queryByText('BEGIN:VCARD')).toBeNull();
    expect(screen.getByTestId('message-call').textContent).toBe('Chamada de voz/vídeo perdida');
    expect(within(screen.getByTestId('message-9')).getByTestId('message-deleted').textContent).toBe('Esta mensagem foi apagada');
    expect(screen.queryByText('segredo')).toBeNull();
    expect(within(screen.getByTestId('message-10')).getByTestId('message-edited').textContent).toBe('Editada');
    expect(screen.getByTestId('message-1').querySelector('strong')?.textContent).toBe('mundo');
  });

  it('sends the bearer token for media and releases the object URL when the message leaves', async () => {
    localStorage.setItem('token', 'tok-123');
    const sent = show([aMessage(2, { mediaType: 'image', mediaUrl: '/api/media/photo.jpg' })]);
    await screen.findByTestId('message-image');
    const fetchMock = vi.mocked(globalThis.fetch);
    const mediaCall = fetchMock.mock.calls.find(([input]) => String(input) === '/api/media/photo.jpg');
    expect(new Headers(mediaCall?.[1]?.headers).get('Authorization')).toBe('Bearer tok-123');
    expect(revoked).toEqual([]);
    sent.unmount();
    expect(revoked).toContain('blob:media-1');
  });

  it('colours read ticks (3, 4 and 5) blue as WhatsApp does, shows sent and delivered plain and marks failed messages', async () => {
    show([1, 2, 3, 4, 5].map((ack) => aMessage(ack, { fromMe: true, userId: 7, ack, delivery: 'sent' })).concat(aMessage(6, { fromMe: true, userId: 7, delivery: 'failed', errorCode: 'ERR_SENDING_WAPP_MSG' })));
    const acks = await screen.findAllByTestId('message-ack');
    expect(acks.map((a) => a.getAttribute('data-ack'))).toEqual(['1', '2', '3', '4', '5']);
    expect(acks.map((a) => a.getAttribute('data-coloured'))).toEqual(['false', 'false', 'true', 'true', 'true']);
    expect(within(screen.getByTestId('message-6')).getByTestId('message-failed')).toBeTruthy();
    expect(screen.getByTestId('message-6').textContent).toContain('Falha no envio');
  });

  it('draws bubbles with the rounded corners and the small menu button they were designed with', async () => {
    show([aMessage(1, { quotedMsg: { id: 9, body: 'Antes', fromMe: false, mediaType: 'chat' } })]);
    const bubble = await screen.findByTestId('message-1');
    // A bare number under sx is a multiple of the theme's radius or spacing (8 px): 16 would be 128.
    expect(getComputedStyle(bubble).borderRadius).toBe('16px');
    expect(getComputedStyle(within(bubble).getByTestId('message-quote')).borderRadius).toBe('8px');
    expect(getComputedStyle(screen.getByTestId('message-menu-1')).padding).toBe('2px');
  });

  it('separates days and marks where one conversation ended and the next began', async () => {
    show(
      [
        aMessage(1, { cycleId: 1, createdAt: '2026-11-18T15:00:00.000Z' }),
        aMessage(2, { cycleId: 1, createdAt: '2026-11-18T15:05:00.000Z' }),
        aMessage(3, { cycleId: 2, createdAt: '2026-11-20T15:00:00.000Z', quotedMsg: { id: 2, body: 'Mensagem 2', fromMe: false, mediaType: 'chat' } }),
      ],
      { id: 41, status: 'closed' },
    );
    await screen.findByTestId('message-3');
    expect(screen.getAllByTestId('day-separator').map((d) => d.textContent)).toEqual(['18/11/2026', '20/11/2026']);
    expect(screen.getByTestId('conversation-marker').textContent).toContain('Nova conversa');
    expect(screen.getByTestId('conversation-ended').textContent).toBe('Conversa encerrada');
    expect(within(screen.getByTestId('message-3')).getByTestId('message-quote').textContent).toBe('Mensagem 2');
  });

  it('offers deletion only on the messages the agent sent', async () => {
    show([aMessage(1, { fromMe: true, userId: 7 }), aMessage(2, { fromMe: true, userId: 99 }), aMessage(3)]);
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('message-menu-1'));
    expect(screen.getByTestId('message-delete')).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('message-menu-3'));
    expect(screen.getByTestId('message-reply')).toBeTruthy();
    expect(screen.queryByTestId('message-delete')).toBeNull();
  });

  it('draws the newest page with its last message as soon as it arrives, without frames of an empty list', async () => {
    // No animation frame ever comes: whatever the list shows it drew in its first passes.
    vi.stubGlobal('requestAnimationFrame', () => 0);
    show(Array.from({ length: 20 }, (_, i) => aMessage(i + 1, { body: `Mensagem número ${i + 1}` })));
    expect((await screen.findByTestId('message-20')).textContent).toContain('Mensagem número 20');
    expect(screen.getAllByTestId(/^message-\d+$/)).toHaveLength(20);
  });
});
