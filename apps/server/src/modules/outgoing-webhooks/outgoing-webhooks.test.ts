import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOKS, type WebhookDelivery, type WebhookSubscription } from '@atende/contract';
import { createAgent, pairedConnection, settle, startWorld, type World } from '../../test/conversation-world.js';
import { startWebhookReceiver, type FakeWebhookReceiver } from '../../test/fake-webhook-receiver.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import type { KyselyPlugin } from 'kysely';
import { isPublicAddress } from '../../platform/outbound-address.js';
import { createWebhookPublisher } from './outgoing-webhooks.jobs.js';

/**
 * Outgoing webhooks against a receiver written as a company's program would be: signed
 * deliveries of the inbox's events, retried with backoff on the app's clock, a webhook switched
 * off after failures in a row, and each company reaching only its own webhooks.
 */
let w: World;
let receiver: FakeWebhookReceiver;
let whatsappId: number;

beforeAll(async () => {
  w = await startWorld({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_TIMEOUT_MS: '500' } });
  receiver = await startWebhookReceiver();
  whatsappId = await pairedConnection(w);
});
afterAll(async () => {
  await w.t.close();
  await receiver.close();
});

const ALL_EVENTS = ['ticket.created', 'ticket.updated', 'ticket.closed', 'message.created', 'message.updated', 'contact.created', 'contact.updated', 'contact.deleted'];

async function subscribe(events = ALL_EVENTS, url = receiver.url): Promise<WebhookSubscription & { secret: string }> {
  const res = await w.admin.post('/api/webhook-subscriptions', { url, events });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Everything published is queued, then one pass of the worker's sender. */
async function deliver() {
  await settle(w);
  await w.t.parts.webhookPublisher.idle();
  await w.t.parts.webhookDispatcher.runDue();
}

const deliveriesOf = async (id: number) => (await w.admin.get(`/api/webhook-subscriptions/${id}/deliveries`)).json() as WebhookDelivery[];

let n = 0;
const customer = () => `55319${String(70000000 + ++n).padStart(8, '0')}`;

describe('managing webhooks', () => {
  it('creates a webhook and shows its secret once; lists, edits, rotates and deletes it', async () => {
    const created = await subscribe(['message.created', 'ticket.created', 'message.created']);
    expect(created.secret).toMatch(/^whsec_[\w-]{40,}$/);
    expect(created).toMatchObject({ url: receiver.url, events: ['ticket.created', 'message.created'], active: true, disabledReason: null });

    const listed = (await w.admin.get('/api/webhook-subscriptions')).json() as WebhookSubscription[];
    expect(listed.find((s) => s.id === created.id)).toBeDefined();
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(listed.every((s) => !('secret' in s))).toBe(true);

    const edited = await w.admin.put(`/api/webhook-subscriptions/${created.id}`, { events: ['contact.deleted'], active: false });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ events: ['contact.deleted'], active: false });
    expect(edited.json()).not.toHaveProperty('secret');

    const rotated = await w.admin.post(`/api/webhook-subscriptions/${created.id}/secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(created.secret);

    expect((await w.admin.delete(`/api/webhook-subscriptions/${created.id}`)).statusCode).toBe(204);
    expect((await w.admin.delete(`/api/webhook-subscriptions/${created.id}`)).json()).toEqual({ error: 'ERR_NO_WEBHOOK_FOUND' });
  });

  it('refuses bad input with ERR_VALIDATION and writes nothing', async () => {
    const before = (await w.admin.get('/api/webhook-subscriptions')).json().length;
    for (const body of [
      { url: 'ftp://example.com/x', events: ['ticket.created'] },
      { url: 'não é url', events: ['ticket.created'] },
      { url: 'http://user:pass@example.com/', events: ['ticket.created'] },
      { url: 'https://example.com/', events: [] },
      { url: 'https://example.com/', events: ['ticket.exploded'] },
      { url: 'https://example.com/', events: 'ticket.created' },
      { events: ['ticket.created'] },
      { url: `https://example.com/${'a'.repeat(WEBHOOKS.urlMaxLength)}`, events: ['ticket.created'] },
    ]) {
      const res = await w.admin.post('/api/webhook-subscriptions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('ERR_VALIDATION');
    }
    expect((await w.admin.put('/api/webhook-subscriptions/abc', { active: true })).statusCode).toBe(400);
    expect((await w.admin.get('/api/webhook-subscriptions')).json()).toHaveLength(before);
  });

  it("answers 404 for another company's webhook, 403 to agents and to a plan without useExternalApi", async () => {
    const mine = await subscribe(['ticket.created']);
    const other = await w.t.createCompany();
    const otherAdmin = w.t.as(await w.t.login(other.email, other.password));
    expect((await otherAdmin.get('/api/webhook-subscriptions')).json()).toEqual([]);
    for (const res of [
      await otherAdmin.put(`/api/webhook-subscriptions/${mine.id}`, { active: false }),
      await otherAdmin.delete(`/api/webhook-subscriptions/${mine.id}`),
      await otherAdmin.get(`/api/webhook-subscriptions/${mine.id}/deliveries`),
      await otherAdmin.post(`/api/webhook-subscriptions/${mine.id}/test`),
      await otherAdmin.post(`/api/webhook-subscriptions/${mine.id}/secret`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'ERR_NO_WEBHOOK_FOUND' });
    }
    expect(receiver.requests.filter((r) => r.event === 'ping')).toHaveLength(0);

    const agent = await createAgent(w, []);
    expect((await agent.api.get('/api/webhook-subscriptions')).statusCode).toBe(403);

    const noApi = await w.t.createCompany({ plan: { useExternalApi: false } });
    const noApiAdmin = w.t.as(await w.t.login(noApi.email, noApi.password));
    const refused = await noApiAdmin.post('/api/webhook-subscriptions', { url: receiver.url, events: ['ticket.created'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });
    expect((await noApiAdmin.get('/api/webhook-subscriptions')).statusCode).toBe(403);
    await w.admin.delete(`/api/webhook-subscriptions/${mine.id}`);
  });
});

describe('deliveries', () => {
  it("signs the test ping and logs the receiver's answer", async () => {
    const hook = await subscribe(['ticket.created']);
    receiver.secret = hook.secret;
    const res = await w.admin.post(`/api/webhook-subscriptions/${hook.id}/test`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ event: 'ping', status: 'delivered', statusCode: 200, attempts: 1, responseExcerpt: 'ok' });
    const ping = receiver.requests.at(-1)!;
    expect(ping).toMatchObject({ event: 'ping', signatureValid: true, deliveryId: res.json().deliveryId });
    expect(ping.body).toMatchObject({ id: res.json().deliveryId, event: 'ping', companyId: w.company.companyId, data: { subscriptionId: hook.id } });
    expect((await deliveriesOf(hook.id))[0]).toMatchObject({ event: 'ping', statusCode: 200 });

    receiver.answerNext(503);
    const failed = (await w.admin.post(`/api/webhook-subscriptions/${hook.id}/test`)).json();
    expect(failed).toMatchObject({ status: 'failed', statusCode: 503, responseExcerpt: 'falhou 503', nextAttemptAt: null });

    receiver.hang = true;
    const silent = (await w.admin.post(`/api/webhook-subscriptions/${hook.id}/test`)).json();
    receiver.hang = false;
    expect(silent).toMatchObject({ status: 'failed', statusCode: null });
    expect(silent.error).toContain('no answer within 500 ms');
    // A ping never counts against the webhook.
    expect((await w.admin.get('/api/webhook-subscriptions')).json().find((s: WebhookSubscription) => s.id === hook.id)).toMatchObject({ consecutiveFailures: 0, active: true });
    await w.admin.delete(`/api/webhook-subscriptions/${hook.id}`);
  });

  it("delivers a customer's message, its new ticket and contact once, signed", async () => {
    const hook = await subscribe();
    receiver.secret = hook.secret;
    const from = customer();
    const seen = receiver.requests.length;
    w.network.customerSends({ connectionId: whatsappId, from, body: 'Olá, quero ajuda', name: 'Carla Dias' });
    await deliver();
    await deliver();
    const got = receiver.requests.slice(seen);
    expect(got.every((r) => r.signatureValid)).toBe(true);
    const message = got.filter((r) => r.event === 'message.created');
    expect(message).toHaveLength(1);
    expect(message[0].body).toMatchObject({
      event: 'message.created',
      companyId: w.company.companyId,
      data: { message: { body: 'Olá, quero ajuda', fromMe: false }, ticket: { status: 'pending' }, contact: { number: from } },
    });
    expect(message[0].body.id).toBe(message[0].deliveryId);
    expect(message[0].headers['content-type']).toBe('application/json');
    expect(Math.abs(message[0].timestamp * 1000 - w.clock.now())).toBeLessThan(2_000);
    expect(got.filter((r) => r.event === 'ticket.created')).toHaveLength(1);
    expect(got.filter((r) => r.event === 'contact.created').map((r) => r.body.data.number)).toEqual([from]);
    expect(new Set(got.map((r) => r.deliveryId)).size).toBe(got.length);

    const log = await deliveriesOf(hook.id);
    expect(log.filter((d) => d.status === 'delivered').length).toBe(got.length);

    // Closing the ticket is ticket.closed; an agent's edit of the contact is contact.updated.
    const ticketId = message[0].body.data.ticket.id;
    expect((await w.admin.put(`/api/tickets/${ticketId}`, { status: 'closed' })).statusCode).toBe(200);
    const contactId = message[0].body.data.contact.id;
    expect((await w.admin.put(`/api/contacts/${contactId}`, { name: 'Carla D.' })).statusCode).toBe(200);
    await deliver();
    const later = receiver.requests.slice(seen + got.length).map((r) => r.event);
    expect(later).toContain('ticket.closed');
    expect(later).toContain('contact.updated');
    await w.admin.delete(`/api/webhook-subscriptions/${hook.id}`);
  });

  it('retries a failed delivery on the backoff schedule, then gives up after the last attempt', async () => {
    const hook = await subscribe(['contact.deleted']);
    receiver.secret = hook.secret;
    const seen = receiver.requests.length;
    receiver.answerNext(500);
    w.t.ctx.webhooks.publish(w.company.companyId, 'contact.deleted', { contactId: 1 });
    await deliver();
    let [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, statusCode: 500, error: 'HTTP 500' });
    expect(Date.parse(row.nextAttemptAt!) - w.clock.now()).toBe(WEBHOOKS.retryDelaysMs[0]);

    await w.clock.advance(WEBHOOKS.retryDelaysMs[0] - 1_000);
    await deliver();
    expect(receiver.requests.length - seen).toBe(1);
    await w.clock.advance(1_000);
    await deliver();
    [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, statusCode: 200, error: null, nextAttemptAt: null });
    const attempts = receiver.requests.slice(seen);
    expect(attempts).toHaveLength(2);
    expect(attempts[1].deliveryId).toBe(attempts[0].deliveryId);
    expect(receiver.accepted().filter((r) => r.deliveryId === attempts[0].deliveryId)).toHaveLength(1);

    // A receiver that never answers 2xx: every wait of the schedule, then the delivery is failed.
    receiver.answerNext(...Array(WEBHOOK_MAX_ATTEMPTS).fill(500));
    w.t.ctx.webhooks.publish(w.company.companyId, 'contact.deleted', { contactId: 2 });
    await deliver();
    for (const wait of WEBHOOKS.retryDelaysMs) {
      await w.clock.advance(wait);
      await deliver();
    }
    [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS, nextAttemptAt: null });
    await w.clock.advance(WEBHOOKS.retryDelaysMs.at(-1)!);
    await deliver();
    expect((await deliveriesOf(hook.id))[0].attempts).toBe(WEBHOOK_MAX_ATTEMPTS);
    await w.admin.delete(`/api/webhook-subscriptions/${hook.id}`);
  });

  it('switches a webhook off after failures in a row, tells the admins, and resumes when switched on', async () => {
    const hook = await subscribe(['contact.updated']);
    receiver.secret = hook.secret;
    const heard = vi.spyOn(w.t.ctx.live, 'toRoom');
    receiver.answerNext(...Array(WEBHOOKS.disableAfterFailures).fill(500));
    for (let i = 0; i < WEBHOOKS.disableAfterFailures + 2; i++) w.t.ctx.webhooks.publish(w.company.companyId, 'contact.updated', { i });
    await deliver();
    const [state] = ((await w.admin.get('/api/webhook-subscriptions')).json() as WebhookSubscription[]).filter((s) => s.id === hook.id);
    expect(state).toMatchObject({ active: false, disabledReason: 'failures', consecutiveFailures: WEBHOOKS.disableAfterFailures });
    expect(heard.mock.calls.some(([, , entity, payload]) => entity === 'webhookSubscription' && (payload as { subscription?: WebhookSubscription }).subscription?.disabledReason === 'failures')).toBe(true);
    heard.mockRestore();
    const log = await deliveriesOf(hook.id);
    expect(log.filter((d) => d.attempts === 1)).toHaveLength(WEBHOOKS.disableAfterFailures);
    expect(log.filter((d) => d.attempts === 0)).toHaveLength(2);

    // Switched off: no new deliveries are queued and the waiting ones are not sent.
    const seen = receiver.requests.length;
    w.t.ctx.webhooks.publish(w.company.companyId, 'contact.updated', { i: 'off' });
    await w.clock.advance(WEBHOOKS.retryDelaysMs[0]);
    await deliver();
    expect(receiver.requests.length).toBe(seen);
    expect(await deliveriesOf(hook.id)).toHaveLength(WEBHOOKS.disableAfterFailures + 2);

    const on = await w.admin.put(`/api/webhook-subscriptions/${hook.id}`, { active: true });
    expect(on.json()).toMatchObject({ active: true, disabledReason: null, consecutiveFailures: 0 });
    await deliver();
    expect((await deliveriesOf(hook.id)).every((d) => d.status === 'delivered')).toBe(true);
    await w.admin.delete(`/api/webhook-subscriptions/${hook.id}`);
  });

  it('queues nothing for a company without a webhook listening to the event', async () => {
    const hook = await subscribe(['ticket.closed']);
    w.t.ctx.webhooks.publish(w.company.companyId, 'contact.updated', { ignored: true });
    const other = await w.t.createCompany();
    w.t.ctx.webhooks.publish(other.companyId, 'ticket.closed', { ignored: true });
    await deliver();
    expect(await deliveriesOf(hook.id)).toEqual([]);
    const rows = await w.t.database.db.selectFrom('webhookDeliveries').select('id').where('data', 'like', '%ignored%').execute();
    expect(rows).toEqual([]);
    await w.admin.delete(`/api/webhook-subscriptions/${hook.id}`);
  });
});

describe('the delivery log', () => {
  it(`keeps ${WEBHOOKS.keepDeliveriesDays} days`, async () => {
    const hook = await subscribe(['ticket.closed']);
    const day = 86_400_000;
    const row = (daysAgo: number) => ({
      companyId: w.company.companyId, subscriptionId: hook.id, event: 'ticket.closed' as const, data: '{}', status: 'delivered' as const,
      attempts: 1, statusCode: 200, createdAt: new Date(w.clock.now() - daysAgo * day),
    });
    await w.t.database.db.insertInto('webhookDeliveries').values([row(WEBHOOKS.keepDeliveriesDays + 1), row(WEBHOOKS.keepDeliveriesDays - 1)]).execute();
    await w.clock.advance(60 * 60_000);
    await deliver();
    const kept = await deliveriesOf(hook.id);
    expect(kept.map((d) => Math.round((w.clock.now() - Date.parse(d.createdAt)) / day))).toEqual([WEBHOOKS.keepDeliveriesDays - 1]);
    await w.admin.delete(`/api/webhook-subscriptions/${hook.id}`);
  });
});

describe('the publisher on the event path', () => {
  it('costs no query for events nobody listens to, one INSERT for one somebody does', async () => {
    let queries = 0;
    const counting: KyselyPlugin = { transformQuery: (args) => (queries++, args.node), transformResult: async (args) => args.result };
    const company = await w.t.createCompany();
    const publisher = createWebhookPublisher({ db: w.t.database.db.withPlugin(counting), clock: w.t.ctx.clock, log: w.t.ctx.log });
    let built = 0;
    const data = async () => ({ built: ++built });
    for (let i = 0; i < 50; i++) publisher.publish(company.companyId, 'message.created', data);
    await publisher.idle();
    expect(queries).toBe(1); // who listens to what, read once
    for (let i = 0; i < 50; i++) publisher.publish(company.companyId, 'ticket.updated', data);
    await publisher.idle();
    expect({ queries, built }).toEqual({ queries: 1, built: 0 });

    const admin = w.t.as(await w.t.login(company.email, company.password));
    const hook = (await admin.post('/api/webhook-subscriptions', { url: receiver.url, events: ['message.created'] })).json();
    publisher.forget();
    publisher.publish(company.companyId, 'ticket.updated', data);
    await publisher.idle();
    expect({ queries, built }).toEqual({ queries: 2, built: 0 });
    publisher.publish(company.companyId, 'message.created', data);
    await publisher.idle();
    expect({ queries, built }).toEqual({ queries: 3, built: 1 });
    const rows = await w.t.database.db.selectFrom('webhookDeliveries').select(['event', 'data']).where('subscriptionId', '=', hook.id).execute();
    expect(rows).toEqual([{ event: 'message.created', data: '{"built":1}' }]);
    await admin.delete(`/api/webhook-subscriptions/${hook.id}`);
  });
});

describe('private addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells public addresses from private, loopback, link-local and mapped ones', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.0.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::5', '::ffff:127.0.0.1', '::ffff:a00:1', '224.0.0.1']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '200.147.67.142', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses to save a webhook pointing inside the network, and to send to one', async () => {
    const company = await t.createCompany();
    const admin = t.as(await t.login(company.email, company.password));
    for (const url of ['http://127.0.0.1:8080/x', 'http://localhost/x', 'http://api.localhost/', 'http://[::1]/', 'http://169.254.169.254/latest/meta-data', 'http://10.0.0.5/', 'http://[::ffff:127.0.0.1]/', 'http://0x7f000001/']) {
      const res = await admin.post('/api/webhook-subscriptions', { url, events: ['ticket.created'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toBe('ERR_WEBHOOK_URL_NOT_ALLOWED');
    }
    expect((await admin.get('/api/webhook-subscriptions')).json()).toEqual([]);

    // A name that resolves inside the network when the request is made is refused at connection time.
    const local = await startWebhookReceiver();
    try {
      const port = new URL(local.url).port;
      const row = await t.database.db
        .insertInto('webhookSubscriptions')
        .values({ companyId: company.companyId, url: `http://localhost:${port}/hooks`, events: JSON.stringify(['ticket.created']), secret: 'whsec_x' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const res = await admin.post(`/api/webhook-subscriptions/${row.id}/test`);
      expect(res.json()).toMatchObject({ status: 'failed', statusCode: null });
      expect(res.json().error).toContain('address not allowed');
      expect(local.requests).toHaveLength(0);
    } finally {
      await local.close();
    }
  });
});
