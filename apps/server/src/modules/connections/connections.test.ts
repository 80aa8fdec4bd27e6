import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '@atende/contract';
import { createProviderRegistry } from '../../channels/whatsapp/registry.js';
import { startTestApp, unique, type ApiClient, type TestApp, type TestCompany } from '../../test/harness.js';
import { defaultConnection } from './connections.service.js';

/**
 * The connections API without running sessions (no worker here): fields and
 * defaults, the default connection, queues, the plan limit, permissions and tenancy.
 */
let t: TestApp;
let company: TestCompany;
let admin: ApiClient;
let agent: ApiClient;
let queueIds: number[];

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

async function create(api: ApiClient, body: Record<string, unknown> = {}) {
  return api.post('/api/whatsapp', { name: unique('Conexão'), ...body });
}

async function createOk(api: ApiClient, body: Record<string, unknown> = {}): Promise<Connection> {
  const res = await create(api, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function companyWithAdmin(plan: Record<string, number> = {}) {
  const c = await t.createCompany({ plan });
  return { company: c, api: t.as(await t.login(c.email, c.password)) };
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
  company = await t.createCompany();
  admin = t.as(await t.login(company.email, company.password));
  queueIds = [];
  for (const [name, color] of [['Vendas', '#111111'], ['Suporte', '#222222']]) {
    queueIds.push((await admin.post('/api/queue', { name, color })).json().id);
  }
  const agentInput = { name: 'Agente', email: `${unique('agent')}@example.com`, password: 'secret123' };
  expect((await admin.post('/api/users', agentInput)).statusCode).toBe(200);
  agent = t.as(await t.login(agentInput.email, agentInput.password));
});
afterAll(() => t.close());
beforeEach(() => vi.restoreAllMocks());

describe('creating connections', () => {
  it('applies the spec defaults, makes the first one the default and gives each an unguessable token', async () => {
    const { api, company: fresh } = await companyWithAdmin();
    await expect(defaultConnection(t.database.db, fresh.companyId)).rejects.toMatchObject({ code: 'ERR_NO_DEF_WAPP_FOUND', status: 404 });
    const emitted = vi.spyOn(t.ctx.live, 'toCompany');
    const first = await createOk(api, { name: 'Principal' });
    expect(first).toMatchObject({
      name: 'Principal', isDefault: true, provider: 'beta', status: 'DISCONNECTED', qrcode: '', retries: 0,
      expiresTicket: 0, timeUseBotQueues: 0, maxUseBotQueues: 3, timeToTransfer: 0, greetingMessage: '',
      queues: [], transferQueueId: null, promptId: null,
    });
    expect(first.token).toMatch(TOKEN);
    const second = await createOk(api, { name: 'Segunda' });
    expect(second.isDefault).toBe(false);
    expect(second.token).toMatch(TOKEN);
    expect(second.token).not.toBe(first.token);
    expect((await defaultConnection(t.database.db, fresh.companyId)).id).toBe(first.id);
    const [companyId, entity, payload] = emitted.mock.calls[0];
    expect([companyId, entity]).toEqual([fresh.companyId, 'whatsapp']);
    expect(payload).toMatchObject({ action: 'create', whatsappId: first.id, whatsapp: { name: 'Principal' } });
    expect((payload as { whatsapp: object }).whatsapp).not.toHaveProperty('qrcode');
    expect((payload as { whatsapp: object }).whatsapp).not.toHaveProperty('token');
  });

  it('answers each invalid field with its message key', async () => {
    expect((await admin.post('/api/whatsapp', {})).json()).toEqual({ error: 'ERR_VALIDATION', fields: { name: 'required' } });
    const res = await create(admin, { name: 'A', maxUseBotQueues: 'x', expiresTicket: -1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ name: 'tooShort', maxUseBotQueues: 'invalid', expiresTicket: 'invalid' });
  });

  it('links queues, and asks for a greeting when there is more than one', async () => {
    const refused = await create(admin, { queueIds });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'ERR_WAPP_GREETING_REQUIRED' });
    const one = await createOk(admin, { queueIds: [queueIds[0]] });
    expect(one.queues.map((q) => q.id)).toEqual([queueIds[0]]);
    const both = await createOk(admin, { queueIds, greetingMessage: 'Escolha: 1 Vendas, 2 Suporte', transferQueueId: queueIds[1] });
    expect(both.queues.map((q) => q.name)).toEqual(['Suporte', 'Vendas']);
    expect(both.transferQueueId).toBe(queueIds[1]);
  });

  it("refuses another company's queues as invalid fields", async () => {
    const other = await companyWithAdmin();
    const foreign = (await other.api.post('/api/queue', { name: 'Alheia', color: '#abcdef' })).json().id;
    expect((await create(admin, { queueIds: [foreign] })).json()).toEqual({ error: 'ERR_VALIDATION', fields: { queueIds: 'invalid' } });
    expect((await create(admin, { transferQueueId: foreign })).json()).toEqual({ error: 'ERR_VALIDATION', fields: { transferQueueId: 'invalid' } });
  });

  it('refuses the simulator provider when the simulator is off, and a name already used', async () => {
    const sim = await create(admin, { provider: 'simulator' });
    expect(sim.statusCode).toBe(400);
    expect(sim.json().error).toBe('ERR_WAPP_PROVIDER_DISABLED');
    const name = unique('Repetida');
    await createOk(admin, { name });
    const again = await create(admin, { name });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('ERR_WAPP_NAME_ALREADY_EXISTS');
  });

  it('keeps Cloud secrets on the server: required to create, never answered', async () => {
    const missing = await create(admin, { provider: 'cloud' });
    expect(missing.json()).toEqual({
      error: 'ERR_VALIDATION',
      fields: { 'cloud.phoneNumberId': 'required', 'cloud.accessToken': 'required', 'cloud.appSecret': 'required' },
    });
    const res = await create(admin, { provider: 'cloud', cloud: { phoneNumberId: '1065', accessToken: 'EAAG-secret-token', appSecret: 'app-secret-xyz' } });
    expect(res.statusCode).toBe(200);
    const cloud = res.json().cloud;
    expect(cloud).toMatchObject({ phoneNumberId: '1065', webhookPath: `/api/webhooks/whatsapp-cloud/${res.json().id}`, hasAccessToken: true, hasAppSecret: true });
    expect(cloud.verifyToken.length).toBeGreaterThanOrEqual(32);
    expect(res.body).not.toContain('EAAG-secret-token');
    expect(res.body).not.toContain('app-secret-xyz');
  });
  it("never answers a provider's secret settings, and keeps them when sent blank", async () => {
    const withSettings = createProviderRegistry().definitions.filter((definition) => definition.config);
    expect(withSettings.length).toBeGreaterThan(0);
    for (const { settings, config } of withSettings) {
      const spec = config!;
      const typed = Object.fromEntries(spec.fields.map((name) => [name, `${name}-${unique('v')}`]));
      const created = await createOk(admin, { provider: settings[0], [spec.field]: typed });
      const blank = Object.fromEntries(spec.secrets.map((name) => [name, '']));
      expect((await admin.put(`/api/whatsapp/${created.id}`, { [spec.field]: blank })).statusCode).toBe(200);
      const shown = await admin.get(`/api/whatsapp/${created.id}`);
      expect(shown.statusCode).toBe(200);
      for (const name of spec.secrets) {
        expect(shown.body).not.toContain(typed[name]);
        expect(shown.json()[spec.field]).not.toHaveProperty(name);
        expect(shown.json()[spec.field][`has${name[0].toUpperCase()}${name.slice(1)}`]).toBe(true);
      }
      const row = await t.database.db.selectFrom('whatsapps').select('providerConfig').where('id', '=', created.id).executeTakeFirstOrThrow();
      expect(row.providerConfig).toEqual(typed);
    }
  });
});

describe('the default connection', () => {
  it('moves with isDefault, cannot be unset, and passes to the oldest when deleted', async () => {
    const { api, company: c } = await companyWithAdmin();
    const a = await createOk(api, { name: 'A conexão' });
    const b = await createOk(api, { name: 'B conexão', isDefault: true });
    const c3 = await createOk(api, { name: 'C conexão' });
    const defaults = async () => ((await api.get('/api/whatsapp')).json() as Connection[]).filter((w) => w.isDefault).map((w) => w.id);
    expect(await defaults()).toEqual([b.id]);
    const unset = await api.put(`/api/whatsapp/${b.id}`, { isDefault: false });
    expect(unset.statusCode).toBe(400);
    expect(unset.json().error).toBe('ERR_NO_OTHER_WHATSAPP');
    expect((await api.put(`/api/whatsapp/${c3.id}`, { isDefault: true })).json().isDefault).toBe(true);
    expect(await defaults()).toEqual([c3.id]);
    expect((await api.delete(`/api/whatsapp/${c3.id}`)).statusCode).toBe(204);
    expect(await defaults()).toEqual([a.id]);
    expect((await defaultConnection(t.database.db, c.companyId)).id).toBe(a.id);
  });
});

describe('editing connections', () => {
  it('changes only the fields sent and checks the greeting against the final queues', async () => {
    const w = await createOk(admin, { greetingMessage: 'Olá', queueIds: [queueIds[0]], expiresTicket: 30 });
    const res = await admin.put(`/api/whatsapp/${w.id}`, { complationMessage: 'Tchau', queueIds });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: w.name, greetingMessage: 'Olá', complationMessage: 'Tchau', expiresTicket: 30, token: w.token });
    expect(res.json().queues).toHaveLength(2);
    const blank = await admin.put(`/api/whatsapp/${w.id}`, { greetingMessage: '  ' });
    expect(blank.json().error).toBe('ERR_WAPP_GREETING_REQUIRED');
    expect((await admin.put(`/api/whatsapp/${w.id}`, { name: 'X' })).json().fields).toEqual({ name: 'tooShort' });
  });
});

describe('the plan limit on connections', () => {
  it('stops at the limit', async () => {
    const { api } = await companyWithAdmin({ connections: 2 });
    await createOk(api);
    await createOk(api);
    const refused = await create(api);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('ERR_PLAN_LIMIT_CONNECTIONS');
  });

  it('holds under concurrent creations: limit 2, five at once, exactly two get in', async () => {
    const { api } = await companyWithAdmin({ connections: 2 });
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => create(api, { name: `Paralela ${i}` })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 403, 403, 403]);
    const list = (await api.get('/api/whatsapp')).json() as Connection[];
    expect(list).toHaveLength(2);
    expect(list.filter((w) => w.isDefault)).toHaveLength(1);
  });
});

describe('what a plain user may do', () => {
  it('lists and reads connections without QR code or token, and changes nothing', async () => {
    const w = await createOk(admin);
    const list = await agent.get('/api/whatsapp?session=0');
    expect(list.statusCode).toBe(200);
    const seen = (list.json() as Connection[]).find((c) => c.id === w.id)!;
    expect(seen).toMatchObject({ id: w.id, name: w.name, status: 'DISCONNECTED' });
    for (const hidden of ['qrcode', 'token', 'pairingCode', 'cloud']) expect(seen).not.toHaveProperty(hidden);
    const one = (await agent.get(`/api/whatsapp/${w.id}`)).json();
    expect(one).not.toHaveProperty('qrcode');
    expect(one).not.toHaveProperty('token');
    expect((await admin.get(`/api/whatsapp/${w.id}`)).json()).toMatchObject({ qrcode: '', token: w.token });
    for (const res of [
      await create(agent),
      await agent.put(`/api/whatsapp/${w.id}`, { name: 'Tomada' }),
      await agent.delete(`/api/whatsapp/${w.id}`),
      await agent.post(`/api/whatsappsession/${w.id}`),
      await agent.put(`/api/whatsappsession/${w.id}`),
      await agent.delete(`/api/whatsappsession/${w.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('ERR_NO_PERMISSION');
    }
    expect((await admin.get(`/api/whatsapp/${w.id}`)).json().name).toBe(w.name);
  });
});

describe('tenancy', () => {
  it("another company's connection ids are unknown ids on every route", async () => {
    const other = await companyWithAdmin();
    const theirs = await createOk(other.api, { name: 'Deles' });
    const calls = [
      admin.get(`/api/whatsapp/${theirs.id}`),
      admin.put(`/api/whatsapp/${theirs.id}`, { name: 'Tomada', isDefault: true }),
      admin.delete(`/api/whatsapp/${theirs.id}`),
      admin.post(`/api/whatsappsession/${theirs.id}`),
      admin.put(`/api/whatsappsession/${theirs.id}`),
      admin.delete(`/api/whatsappsession/${theirs.id}`),
      admin.get('/api/whatsapp/999999'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('ERR_NO_WAPP_FOUND');
    }
    expect((await other.api.get(`/api/whatsapp/${theirs.id}`)).json()).toMatchObject({ name: 'Deles', isDefault: true, token: theirs.token });
    const mine = (await admin.get(`/api/whatsapp?companyId=${other.company.companyId}`)).json() as Connection[];
    expect(mine.map((w) => w.id)).not.toContain(theirs.id);
  });
});
