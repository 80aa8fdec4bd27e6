/**
 * What a connected Baileys session reports (messages, acks, identities, calls) and sends, against
 * a stand-in socket.
 */
import { proto } from 'baileys';
import { afterEach, describe, expect, it } from 'vitest';
import { setupSession as setup } from './fake-baileys-socket.js';
import { CANONICAL_JID, fixtures, LID, PHONE_JID, T0 } from './fake-wa-messages.js';

describe('baileys session events', () => {
  let env: ReturnType<typeof setup>;
  afterEach(async () => env?.session.stop());

  it('emits inbound messages with a media fetcher, and identities for phone/LID pairs once', async () => {
    env = setup();
    await env.connect();
    env.sock().ev.emit('messages.upsert', { type: 'notify', messages: [fixtures.text, fixtures.image, fixtures.edit, fixtures.revoke] });
    await env.clock.settle();
    expect(env.seen.message.map((m) => m.providerMessageId)).toEqual(['3A0001', '3A0003']);
    expect(typeof env.seen.message[1].media?.fetch).toBe('function');
    expect(env.seen.edit[0]).toMatchObject({ providerMessageId: '3A0001', newBody: 'Olá, boa tarde' });
    expect(env.seen.revoke[0]).toMatchObject({ providerMessageId: '3A0001' });
    expect(env.seen.identity).toEqual([
      { phoneJid: '5511900000000@s.whatsapp.net', lid: '999000111222333@lid' },
      { phoneJid: CANONICAL_JID, lid: LID },
    ]);
  });

  it('marks history sync as history and takes its LID mappings', async () => {
    env = setup();
    await env.connect();
    env.sock().ev.emit('messaging-history.set', {
      chats: [], contacts: [], messages: [fixtures.lidOnly], lidPnMappings: [{ lid: '987654321098765@lid', pn: '5521911112222@s.whatsapp.net' }],
    });
    await env.clock.settle();
    expect(env.seen.message[0]).toMatchObject({ history: true });
    expect(env.seen.identity).toContainEqual({ phoneJid: '5521911112222@s.whatsapp.net', lid: '987654321098765@lid' });
  });

  it('moves acks of our messages forward only', async () => {
    env = setup();
    await env.connect();
    const S = proto.WebMessageInfo.Status;
    const key = { remoteJid: PHONE_JID, fromMe: true, id: '3EB0ACK' };
    const statuses = [S.PENDING, S.SERVER_ACK, S.READ, S.DELIVERY_ACK, S.PLAYED, S.READ];
    env.sock().ev.emit('messages.update', statuses.map((status) => ({ key, update: { status } })));
    env.sock().ev.emit('messages.update', [{ key: { ...key, fromMe: false, id: 'THEIRS' }, update: { status: S.READ } }]);
    await env.clock.settle();
    expect(env.seen.ack.map((a) => a.ack)).toEqual([1, 3, 4]);
    expect(env.seen.ack[0].chatId).toBe(CANONICAL_JID);
  });

  it('reports call offers once', async () => {
    env = setup();
    await env.connect();
    const offer = { chatId: PHONE_JID, from: PHONE_JID, id: 'C1', date: new Date(T0 * 1000), status: 'offer', offline: false };
    env.sock().ev.emit('call', [offer]);
    env.sock().ev.emit('call', [offer, { ...offer, status: 'terminate' }]);
    await env.clock.settle();
    expect(env.seen.call).toEqual([{ from: CANONICAL_JID, timestamp: T0 * 1000, isVideo: false, callId: 'C1' }]);
  });
});

describe('baileys session sending', () => {
  let env: ReturnType<typeof setup>;
  afterEach(async () => env?.session.stop());

  it('sends once per key with an id derived from it, to the jid WhatsApp really uses', async () => {
    env = setup();
    await env.connect();
    const input = { to: '+55 11 98765-4321', idempotencyKey: 'msg-1', body: 'Olá' };
    const [a, b] = await Promise.all([env.session.sendText(input), env.session.sendText(input)]);
    expect(a).toEqual(b);
    expect(env.sock().sent).toHaveLength(1);
    expect(env.sock().sent[0].jid).toBe(PHONE_JID); // registered without the ninth digit
    expect(env.sock().sent[0].options?.messageId).toBe(a.providerMessageId);
    expect(a.providerMessageId).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(a.timestamp).toBe(T0 * 1000);
    await env.clock.settle();
    expect(env.seen.message).toEqual([]); // the echo of our own send is not a new message
  });

  it('quotes the original when it is known, a stub otherwise', async () => {
    env = setup();
    await env.connect();
    env.sock().ev.emit('messages.upsert', { type: 'notify', messages: [fixtures.text] });
    await env.clock.settle();
    await env.session.sendText({ to: CANONICAL_JID, idempotencyKey: 'q1', body: 'sim', quotedId: '3A0001' });
    await env.session.sendText({ to: CANONICAL_JID, idempotencyKey: 'q2', body: 'sim', quotedId: 'UNKNOWN' });
    const [known, stub] = env.sock().sent.map((s) => s.options?.quoted);
    expect(known?.message?.conversation).toBe('Olá, bom dia');
    expect(stub?.key).toMatchObject({ id: 'UNKNOWN', fromMe: false });
  });

  it('sends voice notes as ptt, locations, contact cards, edits and deletes', async () => {
    env = setup();
    await env.connect();
    const to = CANONICAL_JID;
    await env.session.sendVoice({ to, idempotencyKey: 'v', data: Buffer.from('opus'), seconds: 3 });
    await env.session.sendLocation({ to, idempotencyKey: 'l', latitude: -23.5, longitude: -46.6, name: 'Loja' });
    await env.session.sendContact({ to, idempotencyKey: 'c', contacts: [{ name: 'Suporte', number: '5511933334444' }] });
    await env.session.editMessage({ chatId: to, providerMessageId: '3EB0X', newBody: 'corrigido' });
    await env.session.deleteMessage({ chatId: to, providerMessageId: '3EB0X' });
    const contents = env.sock().sent.map((s) => s.content as Record<string, unknown>);
    expect(contents[0]).toMatchObject({ ptt: true, mimetype: 'audio/ogg; codecs=opus', seconds: 3 });
    expect(contents[1]).toMatchObject({ location: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: 'Loja' } });
    expect(JSON.stringify(contents[2])).toContain('waid=5511933334444');
    expect(contents[3]).toMatchObject({ text: 'corrigido', edit: { id: '3EB0X', fromMe: true } });
    expect(contents[4]).toMatchObject({ delete: { id: '3EB0X', fromMe: true } });
  });

  it('checks numbers with their Brazilian variants and answers the canonical chat id', async () => {
    env = setup();
    await env.connect();
    expect(await env.session.checkNumber('5511987654321')).toEqual({ exists: true, chatId: CANONICAL_JID, verified: true });
    expect(await env.session.checkNumber('5511900000099')).toEqual({ exists: false, chatId: null, verified: true });
  });

  it('marks read and fetches profile pictures', async () => {
    env = setup();
    await env.connect();
    await env.session.markRead({ chatId: CANONICAL_JID, providerMessageIds: ['A', 'B'] });
    expect(env.sock().read.map((k) => k.id)).toEqual(['A', 'B']);
    expect(await env.session.profilePicture(CANONICAL_JID)).toBe('https://pps.whatsapp.net/v/pic.jpg');
  });

  it('refuses to send while not connected', async () => {
    env = setup();
    await env.session.start();
    await expect(env.session.sendText({ to: CANONICAL_JID, idempotencyKey: 'x', body: 'oi' })).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED' });
  });
});
