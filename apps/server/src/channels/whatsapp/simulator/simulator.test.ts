import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { runConformanceSuite, type ConformanceHarness } from '../conformance.test-suite.js';
import { MemoryAuthStore } from '../memory-auth-store.js';
import { isWhatsAppError, silentLogger, type InboundMessage, type MediaSink, type ProviderEventMap, type StatusEvent } from '../provider.js';
import { SimulatorNetwork } from './network.js';
import { createSimulatorSession } from './simulator-provider.js';

const CUSTOMER = '5511987654321';

function setup(options: { authStore?: MemoryAuthStore; mediaSink?: MediaSink; network?: SimulatorNetwork; clock?: ManualClock; keepOfferingQr?: boolean } = {}) {
  const clock = options.clock ?? new ManualClock();
  const network = options.network ?? new SimulatorNetwork({ clock });
  const authStore = options.authStore ?? new MemoryAuthStore();
  const session = createSimulatorSession({
    connectionId: 7, companyId: 1, authStore, logger: silentLogger, clock, network, mediaSink: options.mediaSink,
    keepOfferingQr: options.keepOfferingQr,
  });
  const statuses: StatusEvent[] = [];
  const messages: InboundMessage[] = [];
  const acks: ProviderEventMap['ack'][] = [];
  session.on('status', (s) => void statuses.push(s));
  session.on('message', (m) => void messages.push(m));
  session.on('ack', (a) => void acks.push(a));
  const pair = async () => {
    await session.start();
    await clock.advance(0);
    network.scan(7);
    await clock.advance(1_000);
  };
  return { clock, network, authStore, session, statuses, messages, acks, pair };
}

const harness: ConformanceHarness = {
  name: 'simulator',
  async create() {
    const { clock, network, session, pair } = setup();
    const connectionId = 7;
    return {
      session,
      customer: CUSTOMER,
      pair,
      async customerSends(input) {
        if (input.kind === 'reaction') {
          return network.customerReacts({ connectionId, from: CUSTOMER, targetId: input.reaction!.targetId, emoji: input.reaction!.emoji }).id;
        }
        const mediaType = input.media ? (input.kind as 'image') : undefined;
        return network.customerSends({
          connectionId, from: CUSTOMER, name: 'Cliente', body: input.body, mediaType, mimeType: input.media?.mimeType,
          fileName: input.media?.fileName, dataBase64: input.media?.data.toString('base64'), quotedId: input.quotedId,
          latitude: input.location?.latitude, longitude: input.location?.longitude, vcard: input.vcard,
        }).id;
      },
      customerEdits: async (id, body) => network.customerEdits({ connectionId, from: CUSTOMER, id, body }),
      customerRevokes: async (id) => network.customerRevokes({ connectionId, from: CUSTOMER, id }),
      customerCalls: async () => void network.customerCalls({ connectionId, from: CUSTOMER }),
      customerSees: async () => network.conversation(connectionId, CUSTOMER).filter((e) => e.direction === 'out'),
      readMarks: async () => network.conversation(connectionId, CUSTOMER).filter((e) => e.seenByBusiness).map((e) => e.id),
      reorderNextAcks: async () => network.fault(connectionId, 'reorder-acks'),
      completeAcks: () => clock.advance(5_000),
      disconnect: async () => {
        network.fault(connectionId, 'disconnect');
        await clock.settle();
      },
      recover: () => clock.advance(5_000),
      settle: () => clock.advance(10),
      async teardown() {
        await session.stop();
        network.dispose();
      },
    };
  },
};

runConformanceSuite(harness);

describe('simulator specifics', () => {
  let env: ReturnType<typeof setup>;
  afterEach(async () => {
    await env?.session.stop();
    env?.network.dispose();
  });

  it('rotates the QR code and gives up after the last one, with an empty code', async () => {
    env = setup();
    await env.session.start();
    await env.clock.advance(0);
    const codes = () => env.statuses.filter((s) => s.status === 'qrcode').map((s) => s.qrcode);
    expect(codes()).toHaveLength(1);
    await env.clock.advance(20_000);
    expect(codes()).toHaveLength(2);
    expect(codes()[1]).not.toBe(codes()[0]);
    await env.clock.advance(200_000);
    expect(env.statuses.at(-1)).toMatchObject({ status: 'DISCONNECTED', qrcode: '', reason: 'qr_expired' });
    expect(env.clock.pendingTimers).toBe(0);
  });

  it('on a demo server keeps offering fresh QRs for as long as nobody scans, then pairs', async () => {
    env = setup({ keepOfferingQr: true });
    await env.session.start();
    await env.clock.advance(0);
    const codes = () => env.statuses.filter((s) => s.status === 'qrcode').map((s) => s.qrcode);
    // An hour: far past the five QRs a real line shows before giving up.
    for (let minute = 0; minute < 60; minute++) await env.clock.advance(60_000);
    expect(codes().length).toBeGreaterThan(150);
    expect(new Set(codes()).size).toBe(codes().length);
    expect(env.statuses.some((s) => s.status === 'DISCONNECTED')).toBe(false);
    expect(env.session.status).toBe('qrcode');
    env.network.scan(7);
    await env.clock.advance(1_000);
    expect(env.session.status).toBe('CONNECTED');
    expect(env.clock.pendingTimers).toBe(0);
  });

  it('gives simulated customers no profile picture, so nothing is loaded from an unreachable host', async () => {
    env = setup();
    await env.pair();
    expect(await env.session.profilePicture('5511987654321@s.whatsapp.net')).toBeNull();
  });

  it('shows a pairing code instead of a QR when given a phone', async () => {
    env = setup();
    await env.session.start({ pairingPhone: '5511999990000' });
    await env.clock.advance(0);
    expect(env.statuses.at(-1)?.status).toBe('PAIRING');
    expect(env.statuses.at(-1)?.pairingCode).toMatch(/^[0-9A-F]{8}$/);
    env.network.scan(7);
    await env.clock.advance(1_000);
    expect(env.session.status).toBe('CONNECTED');
  });

  it('goes OPENING then CONNECTED after the scan, and reconnects from stored creds without a QR', async () => {
    const authStore = new MemoryAuthStore();
    env = setup({ authStore });
    await env.pair();
    expect(env.statuses.map((s) => s.status)).toEqual(['qrcode', 'OPENING', 'CONNECTED']);
    await env.session.stop();

    const clock = env.clock;
    env = setup({ authStore, clock, network: env.network });
    await env.session.start();
    await clock.advance(1_000);
    expect(env.statuses.map((s) => s.status)).toEqual(['OPENING', 'CONNECTED']);
  });

  it('gives a customer message an id never used before the network restarted', async () => {
    const first = new SimulatorNetwork({ clock: new ManualClock() });
    const restarted = new SimulatorNetwork({ clock: new ManualClock() });
    const before = first.customerSends({ connectionId: 7, from: CUSTOMER, body: 'oi' }).id;
    const after = restarted.customerSends({ connectionId: 7, from: CUSTOMER, body: 'oi' }).id;
    expect(after).not.toBe(before);
    first.dispose();
    restarted.dispose();
  });

  it('logout wipes the pairing', async () => {
    env = setup();
    await env.pair();
    await env.session.logout();
    expect(env.authStore.stats.clears).toBe(1);
    expect(await env.authStore.readCreds()).toBeNull();
    expect(env.session.status).toBe('DISCONNECTED');
  });

  it('delivers messages sent while the link was down once it is back, in order', async () => {
    env = setup();
    await env.pair();
    env.network.fault(7, 'disconnect');
    const a = env.network.customerSends({ connectionId: 7, from: CUSTOMER, body: 'um' });
    const b = env.network.customerSends({ connectionId: 7, from: CUSTOMER, body: 'dois' });
    await env.clock.settle();
    expect(env.messages).toHaveLength(0);
    expect(env.statuses.at(-1)).toMatchObject({ status: 'TIMEOUT', retries: 1 });
    await env.clock.advance(5_000);
    expect(env.messages.map((m) => m.providerMessageId)).toEqual([a.id, b.id]);
  });

  it('shows DISCONNECTED past the retry cap but keeps trying, at most 30 s apart, until the phone is back', async () => {
    env = setup();
    await env.pair();
    env.network.fault(7, 'disconnect', { failedReconnects: 20 });
    await env.clock.advance(5 * 60_000);
    const retries = env.statuses.filter((s) => s.status === 'TIMEOUT').map((s) => s.retries);
    expect(retries).toEqual([1, 2, 3, 4, 5]);
    const waiting = env.statuses.filter((s) => s.status === 'DISCONNECTED');
    expect(waiting.length).toBeGreaterThan(5);
    expect(waiting.at(-1)).toMatchObject({ reason: 'unreachable', nextRetryAt: expect.any(Number) });
    expect(waiting.at(-1)!.nextRetryAt! - env.clock.now()).toBeLessThanOrEqual(30_000);
    expect(env.clock.pendingTimers).toBe(1);
    await env.clock.advance(10 * 60_000);
    expect(env.statuses.at(-1)).toMatchObject({ status: 'CONNECTED', retries: 0 });
    expect(env.statuses.at(-1)).not.toHaveProperty('nextRetryAt');
  });

  it('duplicates the next inbound on request (consumers dedupe by id)', async () => {
    env = setup();
    await env.pair();
    env.network.fault(7, 'duplicate-next-inbound');
    const { id } = env.network.customerSends({ connectionId: 7, from: CUSTOMER, body: 'oi' });
    await env.clock.settle();
    expect(env.messages.filter((m) => m.providerMessageId === id)).toHaveLength(2);
  });

  it('fails the next send, then lets a retry with the same key through', async () => {
    env = setup();
    await env.pair();
    env.network.fault(7, 'fail-next-send');
    const input = { to: CUSTOMER, idempotencyKey: 'k', body: 'oi' };
    await expect(env.session.sendText(input)).rejects.toSatisfy((e: unknown) => isWhatsAppError(e, 'ERR_SENDING_WAPP_MSG'));
    const sent = await env.session.sendText(input);
    expect(env.network.conversation(7, CUSTOMER).map((e) => e.id)).toEqual([sent.providerMessageId]);
  });

  it('delays acks on request', async () => {
    env = setup();
    await env.pair();
    env.network.fault(7, 'delay-acks');
    const sent = await env.session.sendText({ to: CUSTOMER, idempotencyKey: 'k', body: 'oi' });
    await env.clock.advance(5_000);
    expect(env.acks.map((a) => a.ack)).toEqual([1]);
    await env.clock.advance(30_000);
    expect(env.acks.map((a) => a.ack)).toEqual([1, 2, 3]);
    expect(env.network.ackOf(7, CUSTOMER, sent.providerMessageId)).toBe(3);
  });

  it('reports a played voice note as ack 4', async () => {
    env = setup();
    await env.pair();
    const sent = await env.session.sendVoice({ to: CUSTOMER, idempotencyKey: 'v', data: Buffer.from('opus') });
    await env.clock.advance(5_000);
    env.network.customerPlays({ connectionId: 7, from: CUSTOMER, id: sent.providerMessageId });
    await env.clock.settle();
    expect(env.acks.map((a) => a.ack)).toEqual([1, 2, 3, 4]);
  });

  it('reports the LID of a customer once, and saves media through the sink before emitting', async () => {
    const saved: string[] = [];
    env = setup({ mediaSink: { save: async (m) => (saved.push(m.providerMessageId), `media/${m.providerMessageId}`) } });
    const identities: ProviderEventMap['identity'][] = [];
    env.session.on('identity', (i) => void identities.push(i));
    await env.pair();
    const lid = '123456789012345@lid';
    const { id } = env.network.customerSends({ connectionId: 7, from: CUSTOMER, lid, mediaType: 'image', dataBase64: 'AAEC' });
    env.network.customerSends({ connectionId: 7, from: CUSTOMER, lid, body: 'de novo' });
    await env.clock.settle();
    expect(identities).toEqual([{ phoneJid: `${CUSTOMER}@s.whatsapp.net`, lid }]);
    expect(saved).toEqual([id]);
    expect(env.messages[0].media?.storedAs).toBe(`media/${id}`);
    expect(env.messages.map((m) => m.lid)).toEqual([lid, lid]);
  });

  it('refuses numbers that are not on WhatsApp', async () => {
    env = setup();
    await env.pair();
    env.network.setOnWhatsApp('5511900001111', false);
    expect(await env.session.checkNumber('5511900001111')).toEqual({ exists: false, chatId: null, verified: true });
    await expect(env.session.sendText({ to: '5511900001111', idempotencyKey: 'x', body: 'oi' }))
      .rejects.toSatisfy((e: unknown) => isWhatsAppError(e, 'ERR_WAPP_INVALID_CONTACT'));
  });

  it('says numbers ending in 404 are not on WhatsApp, and any other plausible number is', async () => {
    env = setup();
    await env.pair();
    expect(await env.session.checkNumber('5511987650404')).toMatchObject({ exists: false, verified: true });
    expect(await env.session.checkNumber('5511987650405')).toMatchObject({ exists: true, verified: true });
  });

  it('refuses a scan when no QR is shown', () => {
    env = setup();
    expect(() => env.network.scan(7)).toThrow(/not waiting|no session/);
  });
});
