import { describe, expect, it } from 'vitest';
import { errorPayload, messagePayload, metaJson, signBody, statusPayload } from './fake-graph-payloads.js';
import { mapWebhook, phoneNumberIdsOf, verifySignature, verifyWebhookChallenge } from './webhook.js';

const ctx = { phoneNumberId: '106540352242922' };
const NOW = Date.UTC(2025, 0, 6, 12, 0, 0);
const nowSec = NOW / 1000;
const FROM = '551187654321'; // a Brazilian mobile as Meta's wa_id may carry it: without the ninth digit
const CHAT = '5511987654321@s.whatsapp.net';

const inbound = (content: Record<string, unknown>, extra: { contextId?: string; timestampSec?: number } = {}) =>
  mapWebhook(messagePayload(ctx, { from: FROM, name: 'João', id: 'wamid.IN1', timestampSec: extra.timestampSec ?? nowSec, content, contextId: extra.contextId }), { now: NOW });

describe('verifyWebhookChallenge', () => {
  const query = { 'hub.mode': 'subscribe', 'hub.verify_token': 'segredo', 'hub.challenge': '1158201444' };
  it('echoes the challenge for our token', () => {
    expect(verifyWebhookChallenge(query, 'segredo')).toBe('1158201444');
  });
  it('refuses another token, another mode, or no configured token', () => {
    expect(verifyWebhookChallenge({ ...query, 'hub.verify_token': 'segredX' }, 'segredo')).toBeNull();
    expect(verifyWebhookChallenge({ ...query, 'hub.verify_token': 'seg' }, 'segredo')).toBeNull();
    expect(verifyWebhookChallenge({ ...query, 'hub.mode': 'unsubscribe' }, 'segredo')).toBeNull();
    expect(verifyWebhookChallenge(query, '')).toBeNull();
    expect(verifyWebhookChallenge({}, 'segredo')).toBeNull();
  });
});

describe('verifySignature', () => {
  const secret = 'app-secret';
  const payload = messagePayload(ctx, { from: FROM, name: 'Conceição 😀', id: 'wamid.X', timestampSec: nowSec, content: { type: 'text', text: { body: 'Olá, ação/prazo?' } } });
  const raw = Buffer.from(metaJson(payload));

  it('accepts the HMAC of the raw bytes', () => {
    expect(raw.toString()).toContain('\\u00e7'); // Meta's escaping is part of what is signed
    expect(verifySignature(raw, signBody(raw, secret), secret)).toBe(true);
    expect(verifySignature(raw, signBody(raw, secret).toUpperCase().replace('SHA256=', 'sha256='), secret)).toBe(true);
  });

  it('refuses a body re-serialised after parsing (the bytes differ)', () => {
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(raw.toString())));
    expect(reserialised.equals(raw)).toBe(false);
    expect(verifySignature(reserialised, signBody(raw, secret), secret)).toBe(false);
  });

  it('refuses missing, malformed or forged signatures', () => {
    expect(verifySignature(raw, undefined, secret)).toBe(false);
    expect(verifySignature(raw, '', secret)).toBe(false);
    expect(verifySignature(raw, signBody(raw, secret).replace('sha256=', 'sha1='), secret)).toBe(false);
    expect(verifySignature(raw, 'sha256=abc', secret)).toBe(false);
    expect(verifySignature(raw, signBody(raw, 'other-secret'), secret)).toBe(false);
    const tampered = Buffer.from(raw.toString().replace('Ol', 'OL'));
    expect(verifySignature(tampered, signBody(raw, secret), secret)).toBe(false);
    expect(verifySignature(raw, signBody(raw, secret), '')).toBe(false);
  });
});

describe('mapWebhook', () => {
  it('maps text with the canonical chat id, push name, quote and ms timestamp', () => {
    const [event] = inbound({ type: 'text', text: { body: 'Oi' } }, { contextId: 'wamid.OUT9' });
    expect(event).toEqual({
      phoneNumberId: ctx.phoneNumberId, type: 'message',
      message: {
        providerMessageId: 'wamid.IN1', chatId: CHAT, fromMe: false, timestamp: NOW, pushName: 'João', kind: 'text', body: 'Oi',
        quotedId: 'wamid.OUT9', isGroup: false, history: false, stale: false,
      },
    });
  });

  it('maps every media type, voice notes apart from audio files', () => {
    const media = (type: string, extra: Record<string, unknown> = {}) =>
      inbound({ type, [type]: { id: '555', mime_type: 'x/y', sha256: 'abc', ...extra } })[0];
    expect(media('image', { caption: 'foto' })).toMatchObject({ message: { kind: 'image', body: 'foto', media: { ref: '555', mimeType: 'x/y' } } });
    expect(media('video')).toMatchObject({ message: { kind: 'video' } });
    expect(media('sticker')).toMatchObject({ message: { kind: 'sticker' } });
    expect(media('audio')).toMatchObject({ message: { kind: 'audio' } });
    expect(media('audio', { voice: true })).toMatchObject({ message: { kind: 'voice' } });
    expect(media('document', { filename: 'nf.pdf', caption: 'nota' })).toMatchObject({ message: { kind: 'document', body: 'nota', media: { fileName: 'nf.pdf' } } });
  });

  it('maps location, contacts, reactions and button replies', () => {
    expect(inbound({ type: 'location', location: { latitude: -23.5, longitude: -46.6, name: 'Loja', address: 'Rua A' } })[0])
      .toMatchObject({ message: { kind: 'location', body: 'Loja', location: { latitude: -23.5, longitude: -46.6, name: 'Loja', address: 'Rua A' } } });
    const contact = inbound({ type: 'contacts', contacts: [{ name: { formatted_name: 'Maria' }, phones: [{ phone: '+55 11 91234-5678', wa_id: '5511912345678', type: 'CELL' }] }] })[0];
    expect(contact).toMatchObject({ message: { kind: 'contact', body: 'Maria' } });
    expect(contact.type === 'message' && contact.message.vcard).toContain('waid=5511912345678');
    expect(inbound({ type: 'reaction', reaction: { message_id: 'wamid.OUT1', emoji: '❤️' } })[0])
      .toMatchObject({ message: { kind: 'reaction', body: '❤️', reaction: { targetId: 'wamid.OUT1', emoji: '❤️' } } });
    expect(inbound({ type: 'reaction', reaction: { message_id: 'wamid.OUT1' } })[0])
      .toMatchObject({ message: { reaction: { targetId: 'wamid.OUT1', emoji: '' } } });
    expect(inbound({ type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'b1', title: 'Sim' } } })[0])
      .toMatchObject({ message: { kind: 'text', body: 'Sim' } });
    expect(inbound({ type: 'button', button: { text: 'Quero', payload: 'x' } })[0]).toMatchObject({ message: { body: 'Quero' } });
  });

  it('maps customer edits and revokes to the original message', () => {
    expect(inbound({ type: 'edit', edit: { original_message_id: 'wamid.A', message: { type: 'text', text: { body: 'novo' } } } })[0])
      .toMatchObject({ type: 'edit', edit: { providerMessageId: 'wamid.A', newBody: 'novo', chatId: CHAT } });
    expect(inbound({ type: 'revoke', revoke: { original_message_id: 'wamid.A' } })[0])
      .toMatchObject({ type: 'revoke', revoke: { providerMessageId: 'wamid.A', chatId: CHAT } });
  });

  it('skips what it does not understand instead of throwing', () => {
    expect(inbound({ type: 'unsupported', errors: [{ code: 131051, title: 'Message type unknown' }] })).toEqual([]);
    expect(mapWebhook({ object: 'page', entry: [] })).toEqual([]);
    expect(mapWebhook(null)).toEqual([]);
    expect(mapWebhook({ object: 'whatsapp_business_account', entry: [{ changes: [{ field: 'messages', value: { messages: [{ id: 1 }] } }] }] })).toEqual([]);
    expect(mapWebhook({ object: 'whatsapp_business_account', entry: [{ changes: [{ field: 'account_update', value: {} }] }] })).toEqual([]);
  });

  it('maps statuses to acks, failures to sendFailed, and errors', () => {
    const status = (s: 'sent' | 'delivered' | 'read' | 'played' | 'failed') =>
      mapWebhook(statusPayload(ctx, { id: 'wamid.OUT1', status: s, recipient: FROM, timestampSec: nowSec, error: { code: 131026, title: 'Message undeliverable' } }), { now: NOW })[0];
    expect(status('sent')).toMatchObject({ type: 'ack', ack: { providerMessageId: 'wamid.OUT1', ack: 1, chatId: CHAT, timestamp: NOW, stale: false } });
    expect(status('delivered')).toMatchObject({ ack: { ack: 2 } });
    expect(status('read')).toMatchObject({ ack: { ack: 3 } });
    expect(status('played')).toMatchObject({ ack: { ack: 4 } });
    expect(status('failed')).toMatchObject({ type: 'sendFailed', failure: { providerMessageId: 'wamid.OUT1', code: '131026' } });
    expect(mapWebhook(errorPayload(ctx, { code: 131000, title: 'Something went wrong' }))).toEqual([
      { phoneNumberId: ctx.phoneNumberId, type: 'error', code: 131000, title: 'Something went wrong', details: '' },
    ]);
  });

  it('flags events older than the freshness window as stale (but keeps them)', () => {
    const old = nowSec - 10 * 60;
    expect(inbound({ type: 'text', text: { body: 'atrasada' } }, { timestampSec: old })[0]).toMatchObject({ message: { stale: true } });
    expect(inbound({ type: 'text', text: { body: 'recente' } }, { timestampSec: nowSec - 60 })[0]).toMatchObject({ message: { stale: false } });
    const ack = mapWebhook(statusPayload(ctx, { id: 'w', status: 'read', recipient: FROM, timestampSec: old }), { now: NOW, staleAfterMs: 15 * 60_000 })[0];
    expect(ack).toMatchObject({ ack: { stale: false } });
  });

  it('lists the phone number ids a call is about', () => {
    expect(phoneNumberIdsOf(statusPayload(ctx, { id: 'w', status: 'sent', recipient: FROM, timestampSec: nowSec }))).toEqual([ctx.phoneNumberId]);
    expect(phoneNumberIdsOf('nonsense')).toEqual([]);
  });
});
