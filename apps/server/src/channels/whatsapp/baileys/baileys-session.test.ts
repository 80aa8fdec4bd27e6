/**
 * The Baileys session's lifecycle (QR, pairing code, restart after pairing, logout, backoff)
 * against a stand-in socket. The real socket is exercised in baileys-unreachable.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setupSession as setup } from './fake-baileys-socket.js';

describe('baileys session lifecycle', () => {
  let env: ReturnType<typeof setup>;
  afterEach(async () => env?.session.stop());

  it('shows each QR as it rotates, then CONNECTED with an empty code', async () => {
    env = setup();
    await env.session.start();
    env.sock().update({ connection: 'connecting' });
    env.sock().update({ qr: '2@ref-one' });
    env.sock().update({ qr: '2@ref-two' });
    env.sock().update({ connection: 'open' });
    await env.clock.settle();
    expect(env.seen.status.map((s) => [s.status, s.qrcode])).toEqual([
      ['OPENING', undefined], ['qrcode', '2@ref-one'], ['qrcode', '2@ref-two'], ['CONNECTED', ''],
    ]);
  });

  it('asks for a pairing code once when given a phone, ignoring later QR rotations', async () => {
    env = setup({ pairingPhone: '+55 (11) 99999-0000' });
    await env.session.start({ pairingPhone: '+55 (11) 99999-0000' });
    env.sock().update({ qr: '2@a' });
    env.sock().update({ qr: '2@b' });
    await env.clock.settle();
    expect(env.sock().pairingPhones).toEqual(['5511999990000']);
    expect(env.seen.status.at(-1)).toMatchObject({ status: 'PAIRING', pairingCode: 'K7Q2M9XD' });
  });

  it('treats the restart WhatsApp requires after pairing as a restart, not a failure', async () => {
    env = setup();
    await env.session.start();
    env.sock().update({ qr: '2@a' });
    env.sock().close(515, 'Stream Errored (restart required)');
    await env.clock.settle();
    expect(env.sockets).toHaveLength(2);
    env.sock().update({ connection: 'open' });
    await env.clock.settle();
    expect(env.seen.status.map((s) => `${s.status}:${s.retries}`)).toEqual(['OPENING:0', 'qrcode:0', 'OPENING:0', 'CONNECTED:0']);
  });

  it('wipes the auth state and ends DISCONNECTED when logged out from the phone', async () => {
    env = setup();
    await env.connect();
    await env.authStore.writeCreds('{"registered":true}');
    env.sock().close(401, 'Connection Failure');
    await env.clock.settle();
    expect(env.seen.status.at(-1)).toMatchObject({ status: 'DISCONNECTED', reason: 'logged_out', qrcode: '' });
    expect(await env.authStore.readCreds()).toBeNull();
    await env.clock.advance(120_000);
    expect(env.sockets).toHaveLength(1);
  });

  it('stops showing QRs when they ran out, with an empty code', async () => {
    env = setup();
    await env.session.start();
    env.sock().update({ qr: '2@a' });
    env.sock().close(408, 'QR refs attempts ended');
    await env.clock.settle();
    expect(env.seen.status.at(-1)).toMatchObject({ status: 'DISCONNECTED', reason: 'qr_expired', qrcode: '' });
  });

  it('does not fight a session that replaced it', async () => {
    env = setup();
    await env.connect();
    env.sock().close(440, 'Stream Errored (conflict)');
    await env.clock.advance(120_000);
    expect(env.seen.status.at(-1)).toMatchObject({ status: 'DISCONNECTED', reason: 'replaced' });
    expect(env.sockets).toHaveLength(1);
  });

  it('reconnects with exponential backoff and a retries counter, resets it on success, never gives up', async () => {
    env = setup();
    await env.connect();
    env.sock().close(428, 'Connection Closed');
    await env.clock.settle();
    expect(env.seen.status.at(-1)).toMatchObject({ status: 'TIMEOUT', retries: 1 });
    await env.clock.advance(999);
    expect(env.sockets).toHaveLength(1);
    await env.clock.advance(1);
    expect(env.sockets).toHaveLength(2);
    env.sock().update({ connection: 'open' });
    await env.clock.settle();
    expect(env.seen.status.at(-1)).toMatchObject({ status: 'CONNECTED', retries: 0 });

    for (let i = 0; i < 4; i++) {
      env.sock().close(408, 'Connection was lost');
      await env.clock.advance(10_000);
    }
    const timeouts = env.seen.status.filter((s) => s.status === 'TIMEOUT').map((s) => s.retries);
    expect(timeouts).toEqual([1, 1, 2, 3]);
    // Past the cap it shows DISCONNECTED, and still tries again when the announced time comes.
    const unreachable = env.seen.status.filter((s) => s.status === 'DISCONNECTED');
    expect(unreachable).toEqual([expect.objectContaining({ retries: 4, reason: 'unreachable', nextRetryAt: expect.any(Number) })]);
    expect(env.seen.status.at(-1)).toMatchObject({ status: 'OPENING' });
  });

  it('stops cleanly: ends the socket and cancels a pending reconnect', async () => {
    env = setup();
    await env.connect();
    env.sock().close(428);
    await env.clock.settle();
    await env.session.stop();
    expect(env.statuses().at(-1)).toBe('DISCONNECTED');
    expect(env.clock.pendingTimers).toBe(0);
    await env.clock.advance(60_000);
    expect(env.sockets).toHaveLength(1);
  });

  it('logout unpairs through the socket and wipes the store', async () => {
    env = setup();
    await env.connect();
    await env.session.logout();
    expect(env.sockets[0].ended).toBe(true);
    expect(env.authStore.stats.clears).toBe(1);
    expect(env.statuses().at(-1)).toBe('DISCONNECTED');
  });

  it('persists creds on every creds.update', async () => {
    env = setup();
    await env.session.start();
    env.sock().ev.emit('creds.update', { me: { id: '1@s.whatsapp.net' } });
    await env.clock.settle();
    expect(env.authStore.stats.credsWrites).toBe(1);
  });
});
