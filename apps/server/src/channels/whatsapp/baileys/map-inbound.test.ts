import { proto, type WACallEvent } from 'baileys';
import { describe, expect, it } from 'vitest';
import { CANONICAL_JID, fixtures, GROUP, LID, T0 } from './fake-wa-messages.js';
import { ackFromStatus, mapCall, mapInbound, parseMediaRef, type BaileysInbound } from './map-inbound.js';

function message(fixture: Parameters<typeof mapInbound>[0], history = false): BaileysInbound {
  const mapped = mapInbound(fixture, { history });
  if (mapped?.type !== 'message') throw new Error(`expected a message, got ${JSON.stringify(mapped)}`);
  return mapped.message;
}

describe('mapInbound: addressing', () => {
  it('uses the canonical phone jid as chat id and keeps the LID (phone-addressed chat)', () => {
    expect(message(fixtures.text)).toEqual({
      providerMessageId: '3A0001', chatId: CANONICAL_JID, lid: LID, fromMe: false, timestamp: T0 * 1000, pushName: 'João',
      kind: 'text', body: 'Olá, bom dia', isGroup: false, history: false,
    });
  });

  it('resolves a LID-addressed chat to the phone jid WhatsApp sent alongside', () => {
    expect(message(fixtures.reply)).toMatchObject({ chatId: CANONICAL_JID, lid: LID });
  });

  it('falls back to the LID as chat id when the number is unknown', () => {
    expect(message(fixtures.lidOnly)).toMatchObject({ chatId: '987654321098765@lid', lid: '987654321098765@lid' });
  });

  it('marks groups and names the sender by phone when known', () => {
    expect(message(fixtures.group)).toMatchObject({ chatId: GROUP, isGroup: true, senderId: '5521998887777@s.whatsapp.net' });
  });

  it('keeps our own messages sent from the phone, flagged fromMe', () => {
    expect(message(fixtures.fromMe)).toMatchObject({ fromMe: true, pushName: '', body: 'enviada pelo celular' });
  });

  it('flags history', () => {
    expect(message(fixtures.text, true).history).toBe(true);
  });

  it('drops status updates and broadcasts', () => {
    expect(mapInbound(fixtures.statusBroadcast)).toBeNull();
  });
});

describe('mapInbound: content', () => {
  it('maps extended text with its quote', () => {
    expect(message(fixtures.reply)).toMatchObject({ kind: 'text', body: 'Esse mesmo', quotedId: '3EB0QUOTED' });
  });

  it('maps media with mime type, size, caption and a downloadable ref', () => {
    const image = message(fixtures.image);
    expect(image).toMatchObject({ kind: 'image', body: 'foto da nota', media: { mimeType: 'image/jpeg', size: 48213 } });
    const restored = parseMediaRef(image.media!.ref);
    expect(restored.key).toMatchObject({ id: '3A0003', remoteJid: fixtures.image.key.remoteJid });
    const media = restored.message!.imageMessage!;
    expect(Buffer.from(media.mediaKey!)).toEqual(Buffer.from(new Uint8Array(32).fill(7)));
    expect(media.directPath).toContain('img.enc');
    expect(image.media!.ref).not.toContain('jpegThumbnail'); // refs stay small enough to store
  });

  it('tells voice notes (ptt) from audio files', () => {
    expect(message(fixtures.audio)).toMatchObject({ kind: 'audio', media: { mimeType: 'audio/mpeg' } });
    expect(message(fixtures.voice)).toMatchObject({ kind: 'voice', media: { mimeType: 'audio/ogg; codecs=opus' } });
  });

  it('maps video, stickers and documents (also wrapped with a caption)', () => {
    expect(message(fixtures.video)).toMatchObject({ kind: 'video', media: { size: 1_048_576 } });
    expect(message(fixtures.sticker)).toMatchObject({ kind: 'sticker', media: { mimeType: 'image/webp' } });
    expect(message(fixtures.document)).toMatchObject({ kind: 'document', media: { fileName: 'boleto.pdf', mimeType: 'application/pdf' } });
    expect(message(fixtures.documentWithCaption)).toMatchObject({ kind: 'document', body: 'assinado', media: { fileName: 'contrato.pdf' } });
  });

  it('unwraps ephemeral and view-once envelopes', () => {
    expect(message(fixtures.ephemeral)).toMatchObject({ kind: 'text', body: 'some em 7 dias' });
    expect(message(fixtures.viewOnce)).toMatchObject({ kind: 'image' });
  });

  it('maps locations, live locations and contact cards', () => {
    expect(message(fixtures.location)).toMatchObject({
      kind: 'location', body: 'Loja Paulista',
      location: { latitude: -23.561414, longitude: -46.655881, name: 'Loja Paulista', address: 'Av. Paulista, 1000' },
    });
    expect(message(fixtures.liveLocation)).toMatchObject({ kind: 'location', location: { latitude: -22.9, longitude: -43.2 } });
    expect(message(fixtures.contact)).toMatchObject({ kind: 'contact', body: 'Maria', vcard: expect.stringContaining('waid=5511912345678') });
    const many = message(fixtures.contacts);
    expect(many.kind).toBe('contact');
    expect(many.vcard!.match(/BEGIN:VCARD/g)).toHaveLength(2);
  });

  it('maps reactions, including their removal', () => {
    expect(message(fixtures.reaction)).toMatchObject({ kind: 'reaction', body: '❤️', reaction: { targetId: '3EB0TARGET', emoji: '❤️' } });
    expect(message(fixtures.reactionRemoved).reaction).toEqual({ targetId: '3EB0TARGET', emoji: '' });
  });

  it('maps missed calls to call_log entries', () => {
    expect(message(fixtures.missedCall)).toMatchObject({ kind: 'call_log', body: 'voice', chatId: CANONICAL_JID });
    expect(message(fixtures.missedVideoCall)).toMatchObject({ kind: 'call_log', body: 'video' });
  });

  it('maps button and list replies to text', () => {
    expect(message(fixtures.buttonReply)).toMatchObject({ kind: 'text', body: 'Financeiro' });
    expect(message(fixtures.listReply)).toMatchObject({ kind: 'text', body: 'Suporte' });
  });

  it('ignores what the inbox does not show', () => {
    expect(mapInbound(fixtures.poll)).toBeNull();
    expect(mapInbound(fixtures.historyNotice)).toBeNull();
    expect(mapInbound(fixtures.undecryptable)).toBeNull();
  });
});

describe('mapInbound: edits and revokes', () => {
  it('maps MESSAGE_EDIT (wrapped) to an edit of the original id with the new text and time', () => {
    expect(mapInbound(fixtures.edit)).toEqual({
      type: 'edit', edit: { providerMessageId: '3A0001', chatId: CANONICAL_JID, newBody: 'Olá, boa tarde', timestamp: (T0 + 60) * 1000, fromMe: false },
    });
  });

  it('takes the caption of an edited media message', () => {
    expect(mapInbound(fixtures.captionEdit)).toMatchObject({ type: 'edit', edit: { providerMessageId: '3A0003', newBody: 'foto da nota (corrigida)' } });
  });

  it('maps REVOKE to a revoke of the original id', () => {
    expect(mapInbound(fixtures.revoke)).toEqual({
      type: 'revoke', revoke: { providerMessageId: '3A0001', chatId: CANONICAL_JID, timestamp: T0 * 1000, fromMe: false },
    });
  });
});

describe('acks and calls', () => {
  it('maps message statuses to acks 1..4 and ignores pending and errors', () => {
    const S = proto.WebMessageInfo.Status;
    expect([S.ERROR, S.PENDING, S.SERVER_ACK, S.DELIVERY_ACK, S.READ, S.PLAYED].map(ackFromStatus)).toEqual([null, null, 1, 2, 3, 4]);
    expect(ackFromStatus(undefined)).toBeNull();
  });

  it('maps call offers by the caller phone, ignoring other call states and groups', () => {
    const offer: WACallEvent = {
      chatId: LID, from: LID, callerPn: '551187654321@s.whatsapp.net', id: 'CALL1', date: new Date(T0 * 1000), status: 'offer', offline: false, isVideo: false,
    };
    expect(mapCall(offer)).toEqual({ from: CANONICAL_JID, timestamp: T0 * 1000, isVideo: false, callId: 'CALL1' });
    expect(mapCall({ ...offer, callerPn: undefined })).toMatchObject({ from: LID });
    expect(mapCall({ ...offer, status: 'terminate' })).toBeNull();
    expect(mapCall({ ...offer, isGroup: true })).toBeNull();
  });
});
