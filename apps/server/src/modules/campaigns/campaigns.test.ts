import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.js';
import type { Campaign, CampaignReport } from '@atende/contract';
import { writeSetting } from '../settings/settings.service.js';
import { pairedConnection, settle, startWorld, type World } from '../../test/conversation-world.js';
import { unique } from '../../test/harness.js';
import { eventually } from '../../test/live-sockets.js';
import { createCampaignDispatcher } from './campaign-dispatcher.js';
import { scheduledInstant } from './campaigns.service.js';

let w: World;
let whatsappId: number;
const HOUR = 3_600_000;

beforeAll(async () => {
  w = await startWorld();
  whatsappId = await pairedConnection(w);
});
let second: BuiltApp | undefined;
afterAll(async () => {
  await second?.app.close();
  await w.t.close();
});
beforeEach(() => vi.restoreAllMocks());

let numberSeq = 0;
/** A contact list with `count` contacts (fresh numbers). */
async function listWith(count: number) {
  const list = (await w.admin.post('/api/contact-lists', { name: unique('Lista').slice(0, 40) })).json();
  const numbers: string[] = [];
  for (let i = 0; i < count; i++) {
    const number = `55119${String(70000000 + ++numberSeq * 7).padStart(8, '0')}`;
    const res = await w.admin.post('/api/contact-list-items', { name: `Pessoa ${numberSeq}`, number, email: `p${numberSeq}@example.com`, contactListId: list.id });
    expect(res.statusCode, res.body).toBe(200);
    numbers.push(res.json().number);
  }
  return { listId: list.id as number, numbers };
}

const iso = (offsetMs: number) => new Date(w.clock.now() + offsetMs).toISOString();

async function intervals(messageInterval: number, longerIntervalAfter: number, greaterInterval: number) {
  const res = await w.admin.post('/api/campaign-settings', { messageInterval, longerIntervalAfter, greaterInterval });
  expect(res.statusCode, res.body).toBe(200);
}

/** A campaign scheduled 2 h ahead, then the clock moved past its start. */
async function startedCampaign(extra: Record<string, unknown>) {
  const res = await w.admin.post('/api/campaigns', { name: unique('Campanha').slice(0, 40), whatsappId, scheduledAt: iso(2 * HOUR), ...extra });
  expect(res.statusCode, res.body).toBe(200);
  await w.clock.advance(2 * HOUR + 1000);
  return res.json() as Campaign;
}

/** Campaign messages each phone got (business -> customer). */
function received(numbers: string[]) {
  return numbers.map((n) => w.network.conversation(whatsappId, n).filter((e) => e.direction === 'out').map((e) => e.body));
}

const report = async (id: number) => (await w.admin.get(`/api/campaigns/${id}`)).json() as CampaignReport;

describe('campaigns', () => {
  it('are created inactive, scheduled, listed, edited while more than an hour away and deleted, each change announced', async () => {
    const emitted = vi.spyOn(w.t.ctx.live, 'toCompany');
    const { listId } = await listWith(1);
    const created = await w.admin.post('/api/campaigns', { name: 'Black Friday', message1: 'Olá {nome}', message2: '   ', contactListId: listId, whatsappId });
    expect(created.statusCode, created.body).toBe(200);
    const campaign = created.json() as Campaign;
    expect(campaign).toMatchObject({ status: 'INATIVA', message1: 'Olá {nome}', message2: null, confirmation: false, editable: true, contactList: { id: listId } });
    expect(emitted).toHaveBeenCalledWith(w.company.companyId, 'campaign', { action: 'create', record: campaign });

    const scheduled = await w.admin.put(`/api/campaigns/${campaign.id}`, { scheduledAt: iso(3 * HOUR) });
    expect(scheduled.json()).toMatchObject({ status: 'PROGRAMADA', scheduledAt: iso(3 * HOUR), editable: true });
    const list = (await w.admin.get('/api/campaigns?searchParam=black')).json();
    expect(list).toMatchObject({ records: [{ id: campaign.id, status: 'PROGRAMADA' }], hasMore: false });

    await w.clock.advance(2 * HOUR + 1);
    const late = await w.admin.put(`/api/campaigns/${campaign.id}`, { name: 'Tarde demais' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'ERR_CAMPAIGN_NOT_EDITABLE' });
    expect((await report(campaign.id)).editable).toBe(false);

    expect((await w.admin.post(`/api/campaigns/${campaign.id}/cancel`)).json()).toEqual({ error: 'ERR_CAMPAIGN_NOT_IN_PROGRESS' });
    expect((await w.admin.post(`/api/campaigns/${campaign.id}/restart`)).json()).toEqual({ error: 'ERR_CAMPAIGN_NOT_CANCELLED' });
    expect((await w.admin.delete(`/api/campaigns/${campaign.id}`)).statusCode).toBe(204);
    expect(emitted).toHaveBeenCalledWith(w.company.companyId, 'campaign', { action: 'delete', campaignId: campaign.id });
    expect((await w.admin.get(`/api/campaigns/${campaign.id}`)).json()).toEqual({ error: 'ERR_NO_CAMPAIGN_FOUND' });
  });

  it('refuse bad input with a code and write nothing', async () => {
    const before = (await w.admin.get('/api/campaigns')).json().count;
    const bad = [
      [{ name: 'A' }, 'ERR_VALIDATION'],
      [{ name: 'Ok nome', scheduledAt: '2025-02-30 10:00:00' }, 'ERR_VALIDATION'],
      [{ name: 'Ok nome', scheduledAt: 'amanhã' }, 'ERR_VALIDATION'],
      [{ name: 'Ok nome', contactListId: 1, tagListId: 1 }, 'ERR_VALIDATION'],
      [{ name: 'Ok nome', whatsappId: 2_147_483_647 }, 'ERR_NO_WAPP_FOUND'],
      [{ name: 'Ok nome', scheduledAt: iso(5 * HOUR) }, 'ERR_CAMPAIGN_INCOMPLETE'],
      [{ name: 'Ok nome', message1: 'x'.repeat(5000) }, 'ERR_VALIDATION'],
    ] as const;
    for (const [body, error] of bad) {
      const res = await w.admin.post('/api/campaigns', body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().error).toBe(error);
    }
    expect((await w.admin.get('/api/campaigns')).json().count).toBe(before);
  });

  it('read YYYY-MM-DD HH:mm:ss in the company zone and ISO instants as they are', () => {
    expect(scheduledInstant('2025-01-06 10:00:00', 'America/Sao_Paulo').toISOString()).toBe('2025-01-06T13:00:00.000Z');
    expect(scheduledInstant('2025-01-06T10:00:00Z').toISOString()).toBe('2025-01-06T10:00:00.000Z');
  });

  it('are refused when the plan or the company has them off', async () => {
    await writeSetting(w.t.database.db, w.company.companyId, 'campaignsEnabled', 'false', new Date());
    try {
      for (const [method, url] of [['GET', '/api/campaigns'], ['POST', '/api/campaigns'], ['GET', '/api/campaign-settings'], ['POST', '/api/campaigns/1/cancel']] as const) {
        const res = await w.t.request({ method, url, headers: { authorization: `Bearer ${w.adminSession.token}` }, payload: method === 'POST' ? {} : undefined });
        expect(res.json(), url).toEqual({ error: 'ERR_CAMPAIGNS_DISABLED' });
      }
    } finally {
      await writeSetting(w.t.database.db, w.company.companyId, 'campaignsEnabled', 'true', new Date());
    }
  });
});

describe('campaign settings', () => {
  it('answer the defaults, save the options given and refuse repeated shortcuts', async () => {
    const other = await w.t.createCompany();
    const api = w.t.as(await w.t.login(other.email, other.password));
    expect((await api.get('/api/campaign-settings')).json()).toEqual({ settings: { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] } });
    const saved = await api.post('/api/campaign-settings', { messageInterval: 5, variables: [{ key: 'loja', value: 'Loja Centro' }] });
    expect(saved.json()).toEqual({ settings: { messageInterval: 5, longerIntervalAfter: 20, greaterInterval: 60, variables: [{ key: 'loja', value: 'Loja Centro' }] } });
    for (const body of [{ messageInterval: 7 }, { greaterInterval: -1 }, { variables: [{ key: 'a', value: '1' }, { key: 'A', value: '2' }] }, { variables: 'x' }]) {
      const res = await api.post('/api/campaign-settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api.get('/api/campaign-settings')).json().settings.messageInterval).toBe(5);
  });
});

describe('the dispatcher', () => {
  // Each test starts on a quiet connection: nothing else running on it, its pacing reset.
  beforeEach(async () => {
    const db = w.t.database.db;
    await db.updateTable('campaigns').set({ status: 'FINALIZADA' }).where('status', 'in', ['EM_ANDAMENTO', 'PROGRAMADA']).execute();
    await db.deleteFrom('campaignPacing').execute();
  });

  it('serves every contact once with a variant filled in, even with two dispatchers at once, keeping tickets closed', async () => {
    await intervals(0, 0, 0);
    await w.admin.post('/api/campaign-settings', { variables: [{ key: 'loja', value: 'Loja Centro' }] });
    const { listId, numbers } = await listWith(6);
    const campaign = await startedCampaign({ contactListId: listId, message1: 'Oi {nome}, da {loja}', message2: 'Olá {nome} ({numero})' });
    await Promise.all([w.t.parts.campaignDispatcher.runDue(), createCampaignDispatcher(w.t.ctx).runDue(), createCampaignDispatcher(w.t.ctx).runDue()]);
    await settle(w);

    const got = received(numbers);
    got.forEach((bodies, i) => {
      expect(bodies).toHaveLength(1);
      expect([`Oi Pessoa ${numberSeq - 5 + i}, da Loja Centro`, `Olá Pessoa ${numberSeq - 5 + i} (${numbers[i]})`]).toContain(bodies[0]);
    });
    const done = await report(campaign.id);
    expect(done.status).toBe('FINALIZADA');
    expect(done.completedAt).not.toBeNull();
    expect(done.counts).toEqual({ validContacts: 6, shippings: 6, delivered: 6, confirmationRequested: 0, confirmed: 0 });
    expect(done.shipping.every((s) => s.deliveredAt !== null)).toBe(true);
    const statuses = await w.t.database.db.selectFrom('tickets').innerJoin('contacts', 'contacts.id', 'tickets.contactId').select('tickets.status').where('contacts.number', 'in', numbers).execute();
    expect(statuses.map((s) => s.status)).toEqual(Array(6).fill('closed'));

    await w.t.parts.campaignDispatcher.runDue();
    await settle(w);
    expect(received(numbers).flat()).toHaveLength(6);
  });

  it('paces the sends of a connection: a random wait up to messageInterval, greaterInterval after every longerIntervalAfter', async () => {
    await intervals(10, 5, 60);
    const { listId, numbers } = await listWith(6);
    await startedCampaign({ contactListId: listId, message1: 'Promoção' });
    const dispatcher = createCampaignDispatcher(w.t.ctx, { random: () => 0.5 });
    const sent = async () => {
      await dispatcher.runDue();
      await settle(w);
      return received(numbers).flat().length;
    };
    expect(await sent()).toBe(1);
    await w.clock.advance(4_000);
    expect(await sent()).toBe(1);
    await w.clock.advance(1_000);
    expect(await sent()).toBe(2); // 5 s: half of messageInterval
    for (const expected of [3, 4, 5]) {
      await w.clock.advance(5_000);
      expect(await sent()).toBe(expected);
    }
    await w.clock.advance(59_000);
    expect(await sent()).toBe(5); // the 5th send earned the longer pause
    await w.clock.advance(1_000);
    expect(await sent()).toBe(6);
  });

  it('stops on cancel and resumes on restart without repeating or skipping anyone, also with a second dispatcher', async () => {
    await intervals(20, 0, 0);
    const { listId, numbers } = await listWith(5);
    const campaign = await startedCampaign({ contactListId: listId, message1: 'Novidades' });
    const dispatcher = createCampaignDispatcher(w.t.ctx, { random: () => 0.5 });
    await w.clock.advance(60_000); // the connection's pacing from earlier tests is over
    await dispatcher.runDue();
    await settle(w);
    expect(received(numbers).flat()).toHaveLength(1);

    expect((await w.admin.put(`/api/campaigns/${campaign.id}`, { message1: 'Outra' })).json()).toEqual({ error: 'ERR_CAMPAIGN_NOT_EDITABLE' });
    expect((await w.admin.post(`/api/campaigns/${campaign.id}/cancel`)).json()).toMatchObject({ status: 'CANCELADA', editable: false });
    expect((await w.admin.post(`/api/campaigns/${campaign.id}/cancel`)).statusCode).toBe(409);
    await w.clock.advance(60_000);
    await dispatcher.runDue();
    await settle(w);
    expect(received(numbers).flat()).toHaveLength(1);

    expect((await w.admin.post(`/api/campaigns/${campaign.id}/restart`)).json()).toMatchObject({ status: 'EM_ANDAMENTO' });
    for (let i = 0; i < 6; i++) {
      await w.clock.advance(10_000);
      // Another worker takes part: nobody twice.
      await Promise.all([dispatcher.runDue(), createCampaignDispatcher(w.t.ctx, { random: () => 0.5 }).runDue()]);
    }
    await settle(w);
    expect(received(numbers).map((b) => b.length)).toEqual([1, 1, 1, 1, 1]);
    expect((await report(campaign.id)).status).toBe('FINALIZADA');
  });

  it('serves a contact whose turn failed halfway on the next sweep (nothing of the failed turn stays)', async () => {
    await intervals(0, 0, 0);
    const { listId, numbers } = await listWith(3);
    const campaign = await startedCampaign({ contactListId: listId, message1: 'Oferta' });
    // An attachment whose read fails in the middle of the second contact's turn (after its claim).
    await w.t.database.db.updateTable('campaigns').set({ mediaPath: 'gone.png' }).where('id', '=', campaign.id).execute();
    let reads = 0;
    const read = vi.spyOn(w.t.ctx.media, 'read').mockImplementation(async () => {
      reads += 1;
      if (reads === 2) throw new Error('crash in the middle of a turn');
      return null;
    });
    await w.t.parts.campaignDispatcher.runDue();
    await settle(w);
    expect(received(numbers).flat()).toHaveLength(1);
    read.mockRestore();
    await w.t.parts.campaignDispatcher.runDue();
    await settle(w);
    const keys = await w.t.database.db.selectFrom('messages').select(['idempotencyKey', 'body', 'ticketId']).where('idempotencyKey', 'like', 'campaign:%').orderBy('id', 'desc').limit(6).execute();
    expect(received(numbers).map((b) => b.length), JSON.stringify(keys)).toEqual([1, 1, 1]);
  });

  it('asks for confirmation first and sends the campaign message once the contact answers', async () => {
    await intervals(0, 0, 0);
    const { listId, numbers } = await listWith(2);
    const campaign = await startedCampaign({
      contactListId: listId, confirmation: true, message1: 'Aqui está o cupom', confirmationMessage1: 'Podemos enviar o cupom, {nome}?',
    });
    await w.t.parts.campaignDispatcher.runDue();
    await settle(w);
    expect(received(numbers)[0]).toEqual([expect.stringMatching(/^Podemos enviar o cupom, Pessoa/)]);
    expect((await report(campaign.id)).counts).toMatchObject({ confirmationRequested: 2, confirmed: 0, delivered: 0 });

    w.network.customerSends({ connectionId: whatsappId, from: numbers[0]!, body: 'Sim' });
    await settle(w);
    await w.t.parts.campaignDispatcher.runDue();
    await settle(w);
    const [first, second] = received(numbers);
    expect(first!.filter((b) => b === 'Aqui está o cupom')).toHaveLength(1);
    expect(second).toHaveLength(1);
    const counted = await report(campaign.id);
    expect(counted.counts).toMatchObject({ confirmationRequested: 2, confirmed: 1, delivered: 1 });
    const ticket = await w.t.database.db.selectFrom('tickets').innerJoin('contacts', 'contacts.id', 'tickets.contactId').select('tickets.status').where('contacts.number', '=', numbers[0]!).executeTakeFirstOrThrow();
    expect(ticket.status).toBe('pending');
  });
});

describe('after a restart', () => {
  it('a campaign stopped halfway by the server going down goes on once it is back, nobody served twice', async () => {
    const db = w.t.database.db;
    await db.updateTable('campaigns').set({ status: 'FINALIZADA' }).where('status', 'in', ['EM_ANDAMENTO', 'PROGRAMADA']).execute();
    await db.deleteFrom('campaignPacing').execute();
    await intervals(20, 0, 0);
    const { listId, numbers } = await listWith(4);
    const campaign = await startedCampaign({ contactListId: listId, message1: 'Até logo' });
    await createCampaignDispatcher(w.t.ctx, { random: () => 0.5 }).runDue();
    await settle(w);
    expect(received(numbers).flat()).toHaveLength(1);

    await w.t.app.close();
    await w.clock.advance(HOUR);
    second = await buildApp({
      config: w.t.config,
      database: w.t.database,
      clock: { now: () => new Date(w.clock.now()) },
      whatsapp: { simulator: w.network, simulatorSession: { openDelayMs: 300, reconnect: { maxRetries: 3, baseDelayMs: 1_000, jitter: 0 } } },
    });
    await second.app.ready();
    await second.startWorker();
    // The campaign waits for its connection: the new process takes the session over first.
    await eventually(async () => {
      await w.clock.advance(1_000);
      const connection = await db.selectFrom('whatsapps').select('status').where('id', '=', whatsappId).executeTakeFirstOrThrow();
      expect(connection.status).toBe('CONNECTED');
    });
    for (let i = 0; i < 5; i++) {
      await Promise.all([second.parts.campaignDispatcher.runDue(), createCampaignDispatcher(second.ctx, { random: () => 0.5 }).runDue()]);
      await w.clock.advance(10_000);
    }
    const shippings = await db.selectFrom('campaignShippings').select(['id', 'deliveredAt']).where('campaignId', '=', campaign.id).execute();
    expect(shippings).toHaveLength(4);
    expect(shippings.every((s) => s.deliveredAt !== null)).toBe(true);
    const stored = await db.selectFrom('messages').select('idempotencyKey').where('idempotencyKey', 'in', shippings.map((s) => `campaign:${s.id}:message`)).execute();
    expect(stored).toHaveLength(4);
    const status = await db.selectFrom('campaigns').select('status').where('id', '=', campaign.id).executeTakeFirstOrThrow();
    expect(status.status).toBe('FINALIZADA');
  });
});
