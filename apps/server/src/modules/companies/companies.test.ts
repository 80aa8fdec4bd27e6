import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEEKDAYS_EN } from '@atende/contract';
import { ensurePlatformAdmin } from '../seed/seed.js';
import { startTestApp, unique, type ApiClient, type TestApp, type TestCompany, type TestSession } from '../../test/harness.js';

/** A fixed "today" so the trial due date is exact. */
const NOW = new Date('2030-01-10T12:00:00Z');

let t: TestApp;
let rootSession: TestSession;
let root: ApiClient;
let company: TestCompany;
let admin: ApiClient;
let agent: ApiClient;

const week = (startTime = '08:00', endTime = '18:00') =>
  WEEKDAYS_EN.map((weekdayEn, i) => ({ weekday: `Dia ${i}`, weekdayEn, startTime, endTime }));

const signupBody = (overrides: Record<string, unknown> = {}) => ({
  name: unique('Loja'),
  email: `${unique('owner')}@signup.example`,
  phone: '11987654321',
  password: 'secret123',
  planId: company.planId,
  ...overrides,
});

const signup = (body: unknown) => t.request({ method: 'POST', url: '/api/companies/cadastro', payload: body as object });

beforeAll(async () => {
  t = await startTestApp({ clock: { now: () => NOW }, env: { LOGIN_MAX_PER_IP: '100000' } });
  await ensurePlatformAdmin(t.database.db, t.config, t.app.log);
  rootSession = await t.login(t.config.adminEmail, t.config.adminPassword);
  root = t.as(rootSession);
  company = await t.createCompany({ phone: '1133334444' });
  admin = t.as(await t.login(company.email, company.password));
  await admin.post('/api/users', { name: 'Plain Agent', email: 'agent@companies.example', password: 'secret123' });
  agent = t.as(await t.login('agent@companies.example', 'secret123'));
});
afterAll(() => t.close());
beforeEach(() => vi.restoreAllMocks());

describe('managing companies (super user)', () => {
  it('creates a company with its first admin, who can sign in', async () => {
    const res = await root.post('/api/companies', {
      name: 'Padaria Central',
      email: 'dono@padaria.example',
      phone: '1130001000',
      planId: company.planId,
      password: 'secret123',
      dueDate: '2030-02-01',
      recurrence: 'ANUAL',
      campaignsEnabled: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Padaria Central',
      email: 'dono@padaria.example',
      planId: company.planId,
      status: true,
      dueDate: '2030-02-01',
      recurrence: 'ANUAL',
      campaignsEnabled: false,
      schedules: [],
      plan: { id: company.planId },
    });
    const owner = await t.login('dono@padaria.example', 'secret123');
    expect(owner.companyId).toBe(res.json().id);
    expect((await t.as(owner).get('/api/auth/me')).json().company).toMatchObject({ trialExpiration: null, email: 'dono@padaria.example' });
    const settings = (await t.as(owner).get('/api/settings')).json();
    expect(settings).toContainEqual({ key: 'campaignsEnabled', value: 'false' });
  });

  it('answers invalid fields and a taken name', async () => {
    const invalid = await root.post('/api/companies', { name: 'X', email: 'nope', password: '1' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toMatchObject({ name: 'tooShort', email: 'invalidEmail', planId: 'required', password: 'tooShort' });
    await root.post('/api/companies', { name: 'Nome Único', email: `${unique('a')}@x.example`, planId: company.planId, password: 'secret123' });
    const twin = await root.post('/api/companies', { name: 'NOME ÚNICO', email: `${unique('b')}@x.example`, planId: company.planId, password: 'secret123' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().error).toBe('ERR_COMPANY_NAME_IN_USE');
    const noPlan = await root.post('/api/companies', { name: 'Sem Plano', email: `${unique('c')}@x.example`, planId: 999_999, password: 'secret123' });
    expect(noPlan.statusCode).toBe(404);
    expect(noPlan.json().error).toBe('ERR_NO_PLAN_FOUND');
  });

  it('lists companies with their plan, by page and by search', async () => {
    const all = (await root.get('/api/companies/list')).json();
    expect(all.find((c: { id: number }) => c.id === company.companyId)).toMatchObject({ plan: { id: company.planId }, campaignsEnabled: true });
    const page = (await root.get('/api/companies?searchParam=PADARIA')).json();
    expect(page).toMatchObject({ count: 1, hasMore: false, companies: [{ name: 'Padaria Central' }] });
    const one = await root.get(`/api/companies/${company.companyId}`);
    expect(one.json()).toMatchObject({ id: company.companyId, phone: '1133334444', dueDate: null });
  });

  it('updates only the fields sent; campaignsEnabled goes to the company’s settings and its tabs hear it', async () => {
    const emitted = vi.spyOn(t.ctx.live, 'toCompany');
    const target = (await root.post('/api/companies', { name: unique('Alvo'), email: `${unique('alvo')}@x.example`, planId: company.planId, password: 'secret123', dueDate: '2030-05-05' })).json();
    const res = await root.put(`/api/companies/${target.id}`, { name: target.name, email: target.email, planId: target.planId, campaignsEnabled: false, password: 'ignored' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dueDate: '2030-05-05', recurrence: 'MENSAL', status: true, campaignsEnabled: false });
    expect(emitted).toHaveBeenCalledWith(target.id, 'settings', { action: 'update', setting: { key: 'campaignsEnabled', value: 'false' } });
    const owner = t.as(await t.login(target.email, 'secret123'));
    expect((await owner.get('/api/settings')).json()).toContainEqual({ key: 'campaignsEnabled', value: 'false' });

    const moved = await root.put(`/api/companies/${target.id}`, { name: target.name, email: target.email, planId: 999_999 });
    expect(moved.json().error).toBe('ERR_NO_PLAN_FOUND');
    const cleared = await root.put(`/api/companies/${target.id}`, { name: target.name, email: target.email, planId: target.planId, dueDate: '' });
    expect(cleared.json().dueDate).toBeNull();
  });

  it('deletes a company with everything it owns and ends its sessions', async () => {
    const doomed = await t.createCompany();
    const session = await t.login(doomed.email, doomed.password);
    const ended = vi.spyOn(t.ctx.live, 'endSessions');
    expect((await root.delete(`/api/companies/${doomed.companyId}`)).statusCode).toBe(204);
    expect(ended).toHaveBeenCalledWith([session.sessionId]);
    expect((await t.as(session).get('/api/auth/me')).statusCode).toBe(401);
    expect((await root.get(`/api/companies/${doomed.companyId}`)).statusCode).toBe(404);
    const again = await root.delete(`/api/companies/${doomed.companyId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('ERR_NO_COMPANY_FOUND');
  });

  it('never deletes or deactivates the super user’s own company', async () => {
    const own = rootSession.companyId;
    const del = await root.delete(`/api/companies/${own}`);
    expect(del.statusCode).toBe(400);
    expect(del.json().error).toBe('ERR_NO_PERMISSION');
    const self = (await root.get(`/api/companies/${own}`)).json();
    const off = await root.put(`/api/companies/${own}`, { name: self.name, email: self.email, planId: self.planId, status: false });
    expect(off.statusCode).toBe(400);
    expect((await root.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('is refused to company admins and plain users', async () => {
    for (const client of [admin, agent]) {
      for (const res of [
        await client.get('/api/companies'),
        await client.get('/api/companies/list'),
        await client.post('/api/companies', { name: 'Mine', email: 'm@x.example', planId: company.planId, password: 'secret123' }),
        await client.put(`/api/companies/${company.companyId}`, { name: 'Mine', email: company.email, planId: company.planId, dueDate: '2999-01-01' }),
        await client.delete(`/api/companies/${company.companyId}`),
      ]) {
        expect(res.statusCode).toBe(403);
      }
    }
  });
});

describe('a company’s own record, plan and working hours', () => {
  it('its admin reads the company; a plain user may not', async () => {
    expect((await admin.get(`/api/companies/${company.companyId}`)).json().id).toBe(company.companyId);
    expect((await agent.get(`/api/companies/${company.companyId}`)).statusCode).toBe(403);
  });

  it('every member reads the company’s plan; the super user reads any', async () => {
    for (const client of [admin, agent, root]) {
      const res = await client.get(`/api/companies/listPlan/${company.companyId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().plan).toMatchObject({ id: company.planId, useKanban: true });
    }
  });

  it('its admin sets the seven weekdays; plain users may not; bad entries are refused', async () => {
    const res = await admin.put(`/api/companies/${company.companyId}/schedules`, { schedules: week() });
    expect(res.statusCode).toBe(200);
    expect(res.json().schedules).toEqual(week());
    expect((await admin.get(`/api/companies/${company.companyId}`)).json().schedules).toEqual(week());

    expect((await agent.put(`/api/companies/${company.companyId}/schedules`, { schedules: week('', '') })).statusCode).toBe(403);
    const closed = await root.put(`/api/companies/${company.companyId}/schedules`, { schedules: week('', '') });
    expect(closed.json().schedules[0]).toMatchObject({ startTime: '', endTime: '' });

    const six = await admin.put(`/api/companies/${company.companyId}/schedules`, { schedules: week().slice(1) });
    expect(six.statusCode).toBe(400);
    expect(six.json().fields).toEqual({ schedules: 'invalid' });
    const twice = week();
    twice[1].weekdayEn = 'monday';
    expect((await admin.put(`/api/companies/${company.companyId}/schedules`, { schedules: twice })).statusCode).toBe(400);
    const badTime = week();
    badTime[0].startTime = '25:00';
    expect((await admin.put(`/api/companies/${company.companyId}/schedules`, { schedules: badTime })).json().fields).toEqual({ 'schedules.0.startTime': 'invalid' });
  });

  it('an admin of another company can neither set nor read these working hours', async () => {
    await admin.put(`/api/companies/${company.companyId}/schedules`, { schedules: week('09:00', '17:00') });
    const other = await t.createCompany();
    const outsider = t.as(await t.login(other.email, other.password));
    const res = await outsider.put(`/api/companies/${company.companyId}/schedules`, { schedules: week('', '') });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('ERR_NO_COMPANY_FOUND');
    expect((await admin.get(`/api/companies/${company.companyId}`)).json().schedules).toEqual(week('09:00', '17:00'));
    // Their own company is theirs to set.
    expect((await outsider.put(`/api/companies/${other.companyId}/schedules`, { schedules: week() })).statusCode).toBe(200);
  });
});

describe('public signup', () => {
  it('creates an active company on a 3-day monthly trial, whatever dates or status the body claims', async () => {
    const body = signupBody({ dueDate: '2099-12-31', status: false, recurrence: 'ANUAL', campaignsEnabled: false, super: true });
    const res = await signup(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({});
    const owner = await t.login(body.email, body.password);
    const me = (await t.as(owner).get('/api/auth/me')).json();
    expect(me).toMatchObject({ profile: 'admin', super: false });
    // /subscription counts the trial's days from here.
    expect(me.company).toMatchObject({ trialExpiration: '2030-01-13', email: body.email, dueDate: '2030-01-13' });
    const created = (await root.get(`/api/companies/${me.companyId}`)).json();
    expect(created).toMatchObject({ name: body.name, email: body.email, phone: '11987654321', planId: company.planId, status: true, dueDate: '2030-01-13', recurrence: 'MENSAL', campaignsEnabled: true });
  });

  it('answers invalid fields, a taken email and an unknown plan', async () => {
    const invalid = await signup({ name: 'A', email: 'x', phone: '123', password: '1' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toEqual({ name: 'tooShort', email: 'invalidEmail', phone: 'invalid', password: 'tooShort', planId: 'required' });
    expect((await signup(signupBody({ password: 'qwerty123' }))).json()).toEqual({ error: 'ERR_VALIDATION', fields: { password: 'weakPassword' } });
    expect((await signup(signupBody({ password: '12345' }))).json().fields).toEqual({ password: 'tooShort' });
    const unknownPlan = await signup(signupBody({ planId: 999_999 }));
    expect(unknownPlan.statusCode).toBe(404);
    expect(unknownPlan.json().error).toBe('ERR_NO_PLAN_FOUND');
  });

  it('answers an email that already has an account like a new one, and leaves that account as it was', async () => {
    const taken = signupBody({ email: company.email, password: 'another-secret-9' });
    const fresh = signupBody();
    const [takenRes, freshRes] = [await signup(taken), await signup(fresh)];
    expect([takenRes.statusCode, takenRes.json()]).toEqual([freshRes.statusCode, freshRes.json()]);
    expect(takenRes.statusCode).toBe(201);
    await expect(t.login(company.email, 'another-secret-9')).rejects.toThrow(/401/);
    expect((await t.login(company.email, company.password)).userId).toBeGreaterThan(0);
    expect((await root.get(`/api/companies?searchParam=${encodeURIComponent(taken.name)}`)).json().count).toBe(0);
  });

  it('does not offer the platform’s own plan', async () => {
    const platformPlan = (await root.get(`/api/companies/listPlan/${rootSession.companyId}`)).json().plan.id;
    const res = await signup(signupBody({ planId: platformPlan }));
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('ERR_NO_PLAN_FOUND');
  });

  it('is closed while the platform company’s userCreation setting is disabled', async () => {
    expect((await root.put('/api/settings/userCreation', { value: 'disabled' })).statusCode).toBe(200);
    const body = signupBody();
    const res = await signup(body);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('ERR_USER_CREATION_DISABLED');
    await expect(t.login(body.email, body.password)).rejects.toThrow(/401/);
    // A customer company's own setting does not close the platform's signup.
    await root.put('/api/settings/userCreation', { value: 'enabled' });
    await admin.put('/api/settings/userCreation', { value: 'disabled' });
    expect((await signup(signupBody())).statusCode).toBe(201);
  });
});
