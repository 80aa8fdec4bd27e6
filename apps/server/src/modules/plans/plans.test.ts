import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePlatformAdmin } from '../seed/seed.js';
import { startTestApp, unique, type ApiClient, type TestApp, type TestCompany } from '../../test/harness.js';

let t: TestApp;
let root: ApiClient;
let company: TestCompany;
let admin: ApiClient;
let platformPlanId: number;

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
  await ensurePlatformAdmin(t.database.db, t.config, t.app.log);
  const rootSession = await t.login(t.config.adminEmail, t.config.adminPassword);
  root = t.as(rootSession);
  platformPlanId = (await root.get(`/api/companies/listPlan/${rootSession.companyId}`)).json().plan.id;
  company = await t.createCompany();
  admin = t.as(await t.login(company.email, company.password));
});
afterAll(() => t.close());

describe('public plan list', () => {
  it('answers without a token and leaves out the platform’s own plan', async () => {
    const res = await t.request({ method: 'GET', url: '/api/plans/list' });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((p: { id: number }) => p.id);
    expect(ids).toContain(company.planId);
    expect(ids).not.toContain(platformPlanId);
    expect((await root.get('/api/plans/all')).json().map((p: { id: number }) => p.id)).toContain(platformPlanId);
  });
});

describe('managing plans', () => {
  it('is for the super user only', async () => {
    for (const res of [
      await admin.get('/api/plans/all'),
      await admin.get('/api/plans'),
      await admin.get(`/api/plans/${company.planId}`),
      await admin.post('/api/plans', { name: 'Mine' }),
      await admin.put(`/api/plans/${company.planId}`, { name: 'Mine', users: 0 }),
      await admin.delete(`/api/plans/${company.planId}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('ERR_NO_PERMISSION');
    }
    expect((await t.request({ method: 'GET', url: '/api/plans/all' })).statusCode).toBe(401);
  });

  it('creates a plan with the spec’s defaults: no limits, free, every feature on', async () => {
    const res = await root.post('/api/plans', { name: 'Básico' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Básico',
      users: 0,
      connections: 0,
      queues: 0,
      value: 0,
      useCampaigns: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
      useKanban: true,
      useOpenAi: true,
      useIntegrations: true,
    });
    expect((await root.get(`/api/plans/${res.json().id}`)).json()).toEqual(res.json());
  });

  it('refuses a name already used, in any case, and invalid numbers', async () => {
    await root.post('/api/plans', { name: 'Ouro' });
    const twin = await root.post('/api/plans', { name: 'OURO' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().error).toBe('ERR_PLAN_NAME_IN_USE');
    const other = (await root.post('/api/plans', { name: 'Prata' })).json();
    expect((await root.put(`/api/plans/${other.id}`, { name: 'ouro' })).json().error).toBe('ERR_PLAN_NAME_IN_USE');
    const invalid = await root.post('/api/plans', { name: '', users: -1, value: 'abc' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toEqual({ name: 'required', users: 'invalid', value: 'invalid' });
  });

  it('updates only the fields sent', async () => {
    const plan = (await root.post('/api/plans', { name: 'Bronze', users: 5, connections: 2, queues: 3, value: 99.9, useKanban: false })).json();
    const res = await root.put(`/api/plans/${plan.id}`, { name: 'Bronze Plus', connections: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...plan, name: 'Bronze Plus', connections: 4 });
  });

  it('pages and searches plans', async () => {
    for (let i = 0; i < 21; i++) await root.post('/api/plans', { name: `Lote ${String(i).padStart(2, '0')}` });
    const first = (await root.get('/api/plans?searchParam=lote')).json();
    expect(first).toMatchObject({ count: 21, hasMore: true });
    expect(first.plans).toHaveLength(20);
    expect(first.plans[0].name).toBe('Lote 00');
    const second = (await root.get('/api/plans?searchParam=lote&pageNumber=2')).json();
    expect(second).toMatchObject({ count: 21, hasMore: false, plans: [{ name: 'Lote 20' }] });
  });

  it('deletes an unused plan, keeps one in use, and says when there is none', async () => {
    const unused = (await root.post('/api/plans', { name: unique('Avulso') })).json();
    expect((await root.delete(`/api/plans/${unused.id}`)).statusCode).toBe(204);
    const missing = await root.delete(`/api/plans/${unused.id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('ERR_NO_PLAN_FOUND');
    expect((await root.get(`/api/plans/${unused.id}`)).statusCode).toBe(404);
    expect((await root.put(`/api/plans/${unused.id}`, { name: 'Ghost' })).statusCode).toBe(404);

    const inUse = await root.delete(`/api/plans/${company.planId}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error).toBe('ERR_PLAN_IN_USE');
  });

  it('a plan change reaches its companies at once: flags and limits', async () => {
    const res = await root.put(`/api/plans/${company.planId}`, { name: unique('Limited'), queues: 1, useKanban: false });
    expect(res.statusCode).toBe(200);
    expect((await admin.get(`/api/companies/listPlan/${company.companyId}`)).json().plan).toMatchObject({ queues: 1, useKanban: false });
    expect((await admin.post('/api/queue', { name: 'Primeira', color: '#000010' })).statusCode).toBe(200);
    const refused = await admin.post('/api/queue', { name: 'Segunda', color: '#000011' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('ERR_PLAN_LIMIT_QUEUES');
  });
});
