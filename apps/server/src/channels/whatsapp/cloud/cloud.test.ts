import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { runConformanceSuite, type ConformanceHarness, type CustomerInput, type SeenEntry } from '../conformance.test-suite.js';
import { MemoryAuthStore } from '../memory-auth-store.js';
import { parseVcards } from '../vcard.js';
import { isWhatsAppError, silentLogger, type InboundMessage, type MessageKind, type ProviderSession, type StatusEvent } from '../provider.js';
import { createCloudSession, type CloudSessionOptions } from './cloud-provider.js';
import { FakeGraphServer, type RecordedSend } from './fake-graph-server.js';
import { verifySignature } from './webhook.js';

const CUSTOMER = '5511987654321';

/** Our side of the webhook, as the server route does it: verify the raw bytes, store, then answer. */
async function webhookEndpoint(session: ProviderSession, appSecret: string): Promise<{ url: string; server: Server; rejected: number }> {
  const state = { rejected: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      if (!verifySignature(raw, req.headers['x-hub-signature-256'] as string | undefined, appSecret)) {
        state.rejected++;
        res.writeHead(401).end();
        return;
      }
      session.receiveWebhook!(JSON.parse(raw.toString('utf8'))).then(
        () => res.writeHead(200).end('EVENT_RECEIVED'),
        () => res.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/whatsapp` });
}

async function setup(extra: Partial<CloudSessionOptions> & { clock?: ManualClock } = {}) {
  const fake = await new FakeGraphServer().listen();
  const session = createCloudSession({
    connectionId: 3, companyId: 1, authStore: new MemoryAuthStore(), logger: silentLogger,
    phoneNumberId: fake.phoneNumberId, accessToken: fake.accessToken, appSecret: fake.appSecret, verifyToken: 'vt',
    baseUrl: fake.baseUrl, ...extra,
  });
  const endpoint = await webhookEndpoint(session, fake.appSecret);
  fake.webhookUrl = endpoint.url;
  const statuses: StatusEvent[] = [];
  const messages: InboundMessage[] = [];
  session.on('status', (s) => void statuses.push(s));
  session.on('message', (m) => void messages.push(m));
  const teardown = async () => {
    await session.stop();
    await new Promise<void>((resolve) => endpoint.server.close(() => resolve()));
    await fake.close();
  };
  return { fake, session, endpoint, statuses, messages, teardown };
}

function content(fake: FakeGraphServer, input: CustomerInput): Record<string, unknown> {
  if (input.media) {
    const type = input.kind === 'voice' ? 'audio' : input.kind;
    const id = fake.addMedia(input.media.data, input.media.mimeType, input.media.fileName);
    return {
      type,
      [type]: {
        id, mime_type: input.media.mimeType, sha256: 'x',
        ...(input.body ? { caption: input.body } : {}),
        ...(input.media.fileName ? { filename: input.media.fileName } : {}),
        ...(input.kind === 'voice' ? { voice: true } : {}),
      },
    };
  }
  if (input.location) return { type: 'location', location: input.location };
  if (input.vcard) {
    const contacts = parseVcards(input.vcard).map((c) => ({ name: { formatted_name: c.name }, phones: c.numbers.map((n) => ({ phone: `+${n}`, wa_id: n })) }));
    return { type: 'contacts', contacts };
  }
  if (input.reaction) return { type: 'reaction', reaction: { message_id: input.reaction.targetId, emoji: input.reaction.emoji } };
  return { type: 'text', text: { body: input.body ?? '' } };
}

/** What the customer's phone shows for a message the fake Graph API accepted. */
function seen(send: RecordedSend): SeenEntry {
  const object = send.body[send.type] as Record<string, unknown>;
  const kind = (send.type === 'contacts' ? 'contact' : send.type === 'audio' && object.voice ? 'voice' : send.type) as MessageKind;
  const body = send.type === 'text' ? String(object.body) : String(object.caption ?? object.name ?? '');
  const vcard = send.type === 'contacts'
    ? (send.body.contacts as Array<{ phones: Array<{ wa_id: string }> }>).map((c) => c.phones.map((p) => `waid=${p.wa_id}`).join('\n')).join('\n')
    : undefined;
  return { id: send.id, kind, body, quotedId: send.quotedId, media: object.filename ? { mimeType: '', fileName: String(object.filename) } : undefined, vcard };
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

const harness: ConformanceHarness = {
  name: 'cloud',
  async create() {
    // The message store says the customer wrote a moment ago: the 24 h window has its own tests.
    const env = await setup({ lastInboundAt: async () => Date.now() });
    const { fake, session } = env;
    let reorder = false;
    const deliver = async (payload: unknown) => {
      const answer = await fake.deliverWebhook(payload);
      if (answer.status !== 200) throw new Error(`webhook answered ${answer.status}`);
    };
    const customerSays = async (c: Record<string, unknown>, contextId?: string) => {
      const { id, payload } = fake.customerMessage({ from: CUSTOMER, name: 'Cliente', content: c, contextId });
      await deliver(payload);
      return id;
    };
    return {
      session,
      customer: CUSTOMER,
      pair: () => session.start(),
      customerSends: (input) => customerSays(content(fake, input), input.quotedId),
      customerEdits: async (id, body) => void (await customerSays({ type: 'edit', edit: { original_message_id: id, message: { type: 'text', text: { body } } } })),
      customerRevokes: async (id) => void (await customerSays({ type: 'revoke', revoke: { original_message_id: id } })),
      customerSees: async () => fake.sent.filter((s) => s.to === CUSTOMER).map(seen),
      readMarks: async () => [...fake.readMarks],
      reorderNextAcks: async () => void (reorder = true),
      async completeAcks(id) {
        const order = reorder ? (['read', 'delivered', 'sent'] as const) : (['sent', 'delivered', 'read'] as const);
        reorder = false;
        for (const status of order) await deliver(fake.status(id, status));
      },
      async disconnect() {
        fake.revokeToken();
        await session.sendText({ to: CUSTOMER, idempotencyKey: `probe-${Date.now()}`, body: 'x' }).catch(() => undefined);
      },
      async recover() {
        fake.restoreToken();
        await session.start();
      },
      settle,
      teardown: env.teardown,
    };
  },
};

runConformanceSuite(harness);

describe('cloud specifics', () => {
  let env: Awaited<ReturnType<typeof setup>> | undefined;
  afterEach(async () => {
    await env?.teardown();
    env = undefined;
  });

  it('refuses free-form messages when the customer last wrote more than 24 h ago', async () => {
    env = await setup({ lastInboundAt: async () => Date.now() - 25 * 3_600_000 });
    await env.session.start();
    await expect(env.session.sendText({ to: CUSTOMER, idempotencyKey: 'k', body: 'oi' }))
      .rejects.toSatisfy((e: unknown) => isWhatsAppError(e, 'ERR_WAPP_WINDOW_CLOSED'));
    expect(env.fake.sent).toHaveLength(0);
  });

  it('opens the window when a webhook brings a customer message, without a store lookup', async () => {
    env = await setup();
    await env.session.start();
    await expect(env.session.sendText({ to: CUSTOMER, idempotencyKey: 'k0', body: 'oi' })).rejects.toSatisfy((e: unknown) => isWhatsAppError(e, 'ERR_WAPP_WINDOW_CLOSED'));
    const { payload } = env.fake.customerMessage({ from: '551187654321', content: { type: 'text', text: { body: 'oi' } } });
    expect((await env.fake.deliverWebhook(payload)).status).toBe(200);
    const sent = await env.session.sendText({ to: CUSTOMER, idempotencyKey: 'k1', body: 'Olá!' });
    expect(env.fake.sent.map((s) => s.id)).toEqual([sent.providerMessageId]);
  });

  it("maps Meta's own re-engagement refusal (131047) to ERR_WAPP_WINDOW_CLOSED", async () => {
    env = await setup({ lastInboundAt: async () => Date.now() });
    await env.session.start();
    env.fake.failNext({ status: 400, code: 131047, message: 'Re-engagement message' });
    await expect(env.session.sendText({ to: CUSTOMER, idempotencyKey: 'k', body: 'oi' }))
      .rejects.toSatisfy((e: unknown) => isWhatsAppError(e, 'ERR_WAPP_WINDOW_CLOSED'));
  });

  it('rejects webhooks with a forged signature before any event', async () => {
    env = await setup();
    await env.session.start();
    const { payload } = env.fake.customerMessage({ from: CUSTOMER, content: { type: 'text', text: { body: 'forjada' } } });
    const answer = await env.fake.deliverWebhook(payload, { signature: `sha256=${'0'.repeat(64)}` });
    expect(answer.status).toBe(401);
    expect(env.endpoint.rejected).toBe(1);
    expect(env.messages).toHaveLength(0);
  });

  it('answers the webhook only after listeners stored the event, and fails it when they cannot', async () => {
    env = await setup();
    await env.session.start();
    const stored: string[] = [];
    let fail = true;
    env.session.on('message', async (m) => {
      await settle();
      if (fail) throw new Error('database down');
      stored.push(m.providerMessageId);
    });
    const { id, payload } = env.fake.customerMessage({ from: CUSTOMER, content: { type: 'text', text: { body: 'oi' } } });
    expect((await env.fake.deliverWebhook(payload)).status).toBe(500);
    fail = false;
    expect((await env.fake.deliverWebhook(payload)).status).toBe(200);
    expect(stored).toEqual([id]);
  });

  it('ignores webhooks for another phone number id', async () => {
    env = await setup();
    const other = new FakeGraphServer({ phoneNumberId: '999', appSecret: env.fake.appSecret, webhookUrl: env.fake.webhookUrl });
    const { payload } = other.customerMessage({ from: CUSTOMER, content: { type: 'text', text: { body: 'oi' } } });
    expect((await other.deliverWebhook(payload)).status).toBe(200);
    expect(env.messages).toHaveLength(0);
  });

  it('emits sendFailed for a failed status', async () => {
    env = await setup({ lastInboundAt: async () => Date.now() });
    await env.session.start();
    const failures: unknown[] = [];
    env.session.on('sendFailed', (f) => void failures.push(f));
    const sent = await env.session.sendText({ to: CUSTOMER, idempotencyKey: 'k', body: 'oi' });
    await env.fake.deliverWebhook(env.fake.status(sent.providerMessageId, 'failed', { error: { code: 131026, title: 'Message undeliverable' } }));
    expect(failures).toEqual([{ providerMessageId: sent.providerMessageId, chatId: `${CUSTOMER}@s.whatsapp.net`, code: '131026', reason: 'Message undeliverable' }]);
  });

  it('sends voice notes as audio with voice: true, replies with context', async () => {
    env = await setup({ lastInboundAt: async () => Date.now() });
    await env.session.start();
    await env.session.sendVoice({ to: CUSTOMER, idempotencyKey: 'v', data: Buffer.from('opus'), quotedId: 'wamid.Q' });
    expect(env.fake.sent[0].body).toMatchObject({ type: 'audio', audio: { voice: true }, context: { message_id: 'wamid.Q' }, to: CUSTOMER });
  });

  it('ends DISCONNECTED when the token is refused at start', async () => {
    env = await setup();
    env.fake.revokeToken();
    await env.session.start();
    expect(env.statuses.map((s) => [s.status, s.reason])).toEqual([['OPENING', undefined], ['DISCONNECTED', 'invalid_token']]);
  });

  it('retries an unreachable Graph API with backoff, showing DISCONNECTED past the cap while still trying', async () => {
    const clock = new ManualClock();
    env = await setup({ clock, baseUrl: 'http://127.0.0.1:9/v21.0', reconnect: { maxRetries: 2, baseDelayMs: 1_000, jitter: 0 } });
    await env.session.start();
    for (let i = 0; i < 4; i++) {
      await clock.advance(5_000);
      await settle();
    }
    expect(env.statuses.slice(0, 6).map((s) => `${s.status}:${s.retries}`)).toEqual(['OPENING:0', 'TIMEOUT:1', 'OPENING:1', 'TIMEOUT:2', 'OPENING:2', 'DISCONNECTED:3']);
    expect(env.statuses[5]).toMatchObject({ reason: 'unreachable', nextRetryAt: expect.any(Number) });
    expect(clock.pendingTimers).toBe(1);
  });
});
