import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensurePlatformAdmin } from '../seed/seed.js';
import { startTestApp, unique, type ApiClient, type TestApp, type TestCompany, type TestSession } from '../../test/harness.js';

let t: TestApp;
let company: TestCompany;
let admin: ApiClient;
let adminSession: TestSession;
let queueIds: number[];

const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: unique('Agent'),
  email: `${unique('agent')}@example.com`,
  password: 'secret123',
  ...overrides,
});

/** Creates a plain user through the API and signs them in. */
async function plainUser(overrides: Record<string, unknown> = {}) {
  const input = newUser(overrides);
  const res = await admin.post('/api/users', input);
  expect(res.statusCode).toBe(200);
  const session = await t.login(input.email as string, input.password as string);
  return { id: res.json().id as number, input, session, api: t.as(session) };
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
  company = await t.createCompany();
  adminSession = await t.login(company.email, company.password);
  admin = t.as(adminSession);
  queueIds = [];
  for (const [name, color] of [['Vendas', '#111111'], ['Suporte', '#222222']]) {
    queueIds.push((await admin.post('/api/queue', { name, color })).json().id);
  }
});
afterAll(() => t.close());
beforeEach(() => vi.restoreAllMocks());

describe('creating users', () => {
  it('an admin creates a user with queues; the company hears of it and the user can sign in', async () => {
    const emitted = vi.spyOn(t.ctx.live, 'toCompany');
    const input = newUser({ email: 'Mixed.Case@Example.com', queueIds, profile: 'user' });
    const res = await admin.post('/api/users', input);
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({ name: input.name, email: 'mixed.case@example.com', profile: 'user', allTicket: 'desabled', companyId: company.companyId });
    expect(user.queues.map((q: { id: number }) => q.id).sort()).toEqual([...queueIds].sort());
    expect(user).not.toHaveProperty('passwordHash');
    expect(emitted).toHaveBeenCalledWith(company.companyId, 'user', { action: 'create', userId: user.id, user }, { except: `user:${user.id}` });
    await expect(t.login('mixed.case@example.com', 'secret123')).resolves.toMatchObject({ userId: user.id });
  });

  it('answers each invalid field with its message key', async () => {
    const res = await admin.post('/api/users', { name: 'A', email: 'not-an-email', password: '123' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'ERR_VALIDATION', fields: { name: 'tooShort', email: 'invalidEmail', password: 'tooShort' } });
    const missing = await admin.post('/api/users', {});
    expect(missing.json().fields).toMatchObject({ name: 'required', email: 'required', password: 'required' });
  });

  it('takes passwords of 8 characters or more, not spaces only and not among the most common', async () => {
    const agent = await plainUser();
    const cases: Array<[string, string]> = [['12345', 'tooShort'], ['1234567', 'tooShort'], ['        ', 'weakPassword'], ['Password123', 'weakPassword'], [' senha123 ', 'weakPassword']];
    for (const [password, key] of cases) {
      const created = await admin.post('/api/users', newUser({ password }));
      expect(created.json(), password).toEqual({ error: 'ERR_VALIDATION', fields: { password: key } });
      const changed = await admin.put(`/api/users/${agent.id}`, { name: agent.input.name, email: agent.input.email, password });
      expect(changed.json(), password).toEqual({ error: 'ERR_VALIDATION', fields: { password: key } });
    }
    expect((await admin.post('/api/users', newUser({ password: 'cavalo-bateria-9' }))).statusCode).toBe(200);
  });

  it('refuses an email already used on the platform, in any case, saying "in use" only for one of the company', async () => {
    const other = await t.createCompany();
    const foreign = await admin.post('/api/users', newUser({ email: other.email.toUpperCase() }));
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json()).toEqual({ error: 'ERR_EMAIL_UNAVAILABLE' });
    const own = await admin.post('/api/users', newUser({ email: company.email.toUpperCase() }));
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ error: 'ERR_EMAIL_IN_USE' });
  });

  it('refuses another company’s connection exactly like one that does not exist', async () => {
    const other = await t.createCompany();
    const db = t.database.db;
    const foreign = await db.insertInto('whatsapps').values({ companyId: other.companyId, name: unique('Alheia'), provider: 'cloud', autoStart: false, token: '' }).returning('id').executeTakeFirstOrThrow();
    const agent = await plainUser();
    const answers = [
      await admin.post('/api/users', newUser({ whatsappId: foreign.id })),
      await admin.post('/api/users', newUser({ whatsappId: 999_999 })),
      await admin.put(`/api/users/${agent.id}`, { name: agent.input.name, email: agent.input.email, whatsappId: foreign.id }),
      await admin.put(`/api/users/${agent.id}`, { name: agent.input.name, email: agent.input.email, whatsappId: 999_999 }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'ERR_VALIDATION', fields: { whatsappId: 'invalid' } });
    }
    expect((await admin.get(`/api/users/${agent.id}`)).json().whatsappId).toBeNull();
  });

  it('refuses queues that are not the company’s as an invalid field', async () => {
    const other = await t.createCompany();
    const otherAdmin = t.as(await t.login(other.email, other.password));
    const foreignQueue = (await otherAdmin.post('/api/queue', { name: 'Foreign', color: '#abcdef' })).json().id;
    for (const ids of [[foreignQueue], [queueIds[0], foreignQueue], [999_999]]) {
      const res = await admin.post('/api/users', newUser({ queueIds: ids }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'ERR_VALIDATION', fields: { queueIds: 'invalid' } });
    }
  });

  it('ignores a companyId or super flag in the body', async () => {
    const other = await t.createCompany();
    const res = await admin.post('/api/users', newUser({ companyId: other.companyId, super: true }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ companyId: company.companyId, super: false });
  });
});

describe('plan limit on users', () => {
  it('stops at the plan’s user count (the admin counts as one)', async () => {
    const small = await t.createCompany({ plan: { users: 2 } });
    const smallAdmin = t.as(await t.login(small.email, small.password));
    expect((await smallAdmin.post('/api/users', newUser())).statusCode).toBe(200);
    const refused = await smallAdmin.post('/api/users', newUser());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('ERR_PLAN_LIMIT_USERS');
  });

  it('holds under concurrent creations: exactly one more user gets in', async () => {
    const small = await t.createCompany({ plan: { users: 2 } });
    const smallAdmin = t.as(await t.login(small.email, small.password));
    // Widen the gap between counting and committing: were the count not taken under a lock,
    // every request would see room for one more and all six would get in.
    const db = t.database.db;
    await sql`create function slow_user_insert() returns trigger language plpgsql as $$ begin perform pg_sleep(0.05); return new; end $$`.execute(db);
    await sql`create trigger users_slow_insert before insert on users for each row execute function slow_user_insert()`.execute(db);
    const results = await Promise.all(Array.from({ length: 6 }, () => smallAdmin.post('/api/users', newUser()))).finally(async () => {
      await sql`drop trigger users_slow_insert on users`.execute(db);
      await sql`drop function slow_user_insert()`.execute(db);
    });
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 403, 403, 403, 403, 403]);
    for (const r of results.filter((r) => r.statusCode === 403)) expect(r.json().error).toBe('ERR_PLAN_LIMIT_USERS');
    const list = await smallAdmin.get('/api/users/list');
    expect(list.json()).toHaveLength(2);
  });
});

describe('listing users', () => {
  let listing: TestCompany;
  let listAdmin: ApiClient;

  beforeAll(async () => {
    listing = await t.createCompany({ adminName: 'Zeta Admin' });
    listAdmin = t.as(await t.login(listing.email, listing.password));
    for (let i = 0; i < 22; i++) {
      const name = `Person ${String(i).padStart(2, '0')}`;
      expect((await listAdmin.post('/api/users', newUser({ name, email: `person${i}.${unique('x')}@list.example` }))).statusCode).toBe(200);
    }
    await listAdmin.post('/api/users', newUser({ name: 'ana 100% real', email: `ana_${unique('x')}@other.example` }));
  });

  it('pages 20 at a time, ordered by name in any case', async () => {
    const first = (await listAdmin.get('/api/users?pageNumber=1')).json();
    expect(first.count).toBe(24);
    expect(first.users).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(first.users[0].name).toBe('ana 100% real');
    expect(first.users[1].name).toBe('Person 00');
    const second = (await listAdmin.get('/api/users?pageNumber=2')).json();
    expect(second.users.map((u: { name: string }) => u.name)).toEqual(['Person 19', 'Person 20', 'Person 21', 'Zeta Admin']);
    expect(second.hasMore).toBe(false);
  });

  it('searches name and email, ignoring case and taking % and _ literally', async () => {
    const byName = (await listAdmin.get('/api/users?searchParam=PERSON%201')).json();
    expect(byName.count).toBe(10);
    const byEmail = (await listAdmin.get('/api/users?searchParam=LIST.EXAMPLE')).json();
    expect(byEmail.count).toBe(22);
    expect((await listAdmin.get('/api/users?searchParam=100%25')).json().count).toBe(1);
    expect((await listAdmin.get('/api/users?searchParam=ana_')).json().count).toBe(1);
    expect((await listAdmin.get('/api/users?searchParam=%25')).json().count).toBe(1);
  });

  it('never shows another company’s users', async () => {
    const all = (await admin.get('/api/users?searchParam=Person')).json();
    expect(all.count).toBe(0);
    const list = (await admin.get('/api/users/list')).json() as Array<{ companyId: number }>;
    expect(list.every((u) => u.companyId === company.companyId)).toBe(true);
  });
});

describe('what a plain user may do', () => {
  it('reads the company’s user list and themself, nothing else', async () => {
    const agent = await plainUser();
    expect((await agent.api.get('/api/users')).statusCode).toBe(403);
    const list = await agent.api.get('/api/users/list');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((u: { id: number }) => u.id)).toContain(company.adminId);
    expect((await agent.api.get(`/api/users/${agent.id}`)).json().id).toBe(agent.id);
    const other = await agent.api.get(`/api/users/${company.adminId}`);
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe('ERR_NO_PERMISSION');
    expect((await agent.api.post('/api/users', newUser())).statusCode).toBe(403);
    expect((await agent.api.put(`/api/users/${company.adminId}`, { name: 'Hacked', email: company.email })).statusCode).toBe(403);
    expect((await agent.api.delete(`/api/users/${company.adminId}`)).statusCode).toBe(403);
  });

  it('edits their own name, email and password, but not profile, queues, allTicket or connection', async () => {
    const agent = await plainUser({ queueIds: [queueIds[0]] });
    const res = await agent.api.put(`/api/users/${agent.id}`, {
      name: 'Renamed Agent',
      email: agent.input.email,
      password: '',
      profile: 'admin',
      allTicket: 'enabled',
      whatsappId: 77,
      queueIds,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed Agent', profile: 'user', allTicket: 'desabled', whatsappId: null });
    expect(res.json().queues.map((q: { id: number }) => q.id)).toEqual([queueIds[0]]);
    // The empty password kept the current one.
    await expect(t.login(agent.input.email as string, 'secret123')).resolves.toBeTruthy();
  });
});

describe('editing users', () => {
  it('an admin changes profile, queues and allTicket, and the company hears it', async () => {
    const agent = await plainUser();
    const emitted = vi.spyOn(t.ctx.live, 'toCompany');
    const res = await admin.put(`/api/users/${agent.id}`, {
      name: 'Promoted',
      email: agent.input.email,
      profile: 'admin',
      allTicket: 'enabled',
      queueIds: [queueIds[1]],
    });
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({ name: 'Promoted', profile: 'admin', allTicket: 'enabled' });
    expect(user.queues.map((q: { id: number }) => q.id)).toEqual([queueIds[1]]);
    expect(emitted).toHaveBeenCalledWith(company.companyId, 'user', { action: 'update', userId: agent.id, user }, { except: `user:${agent.id}` });
  });

  it('keeps the fields the caller did not send', async () => {
    const agent = await plainUser({ profile: 'admin', allTicket: 'enabled', queueIds });
    const res = await admin.put(`/api/users/${agent.id}`, { name: 'Only The Name', email: agent.input.email });
    expect(res.json()).toMatchObject({ name: 'Only The Name', profile: 'admin', allTicket: 'enabled' });
    expect(res.json().queues).toHaveLength(2);
  });

  it('refuses an email taken by someone else', async () => {
    const agent = await plainUser();
    const res = await admin.put(`/api/users/${agent.id}`, { name: 'X Agent', email: company.email });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('ERR_EMAIL_IN_USE');
    const other = await t.createCompany();
    const foreign = await admin.put(`/api/users/${agent.id}`, { name: 'X Agent', email: other.email });
    expect(foreign.json()).toEqual({ error: 'ERR_EMAIL_UNAVAILABLE' });
  });

  it('a new password set by an admin ends the user’s sessions', async () => {
    const agent = await plainUser();
    const ended = vi.spyOn(t.ctx.live, 'endSessions');
    const res = await admin.put(`/api/users/${agent.id}`, { name: 'Agent X', email: agent.input.email, password: 'brand-new' });
    expect(res.statusCode).toBe(200);
    expect(ended).toHaveBeenCalledWith([agent.session.sessionId]);
    expect((await agent.api.get('/api/auth/me')).statusCode).toBe(401);
    await expect(t.login(agent.input.email as string, 'secret123')).rejects.toThrow(/401/);
    await expect(t.login(agent.input.email as string, 'brand-new')).resolves.toBeTruthy();
  });

  it('a user changing their own password keeps the session they changed it from', async () => {
    const agent = await plainUser();
    const res = await agent.api.put(`/api/users/${agent.id}`, { name: 'Agent Y', email: agent.input.email, password: 'mine-now' });
    expect(res.statusCode).toBe(200);
    expect((await agent.api.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('never leaves a company without an admin', async () => {
    const lonely = await t.createCompany();
    const session = await t.login(lonely.email, lonely.password);
    const self = t.as(session);
    const demote = await self.put(`/api/users/${lonely.adminId}`, { name: 'Lonely', email: lonely.email, profile: 'user' });
    expect(demote.statusCode).toBe(403);
    const second = (await self.post('/api/users', newUser({ profile: 'admin' }))).json();
    expect((await self.put(`/api/users/${lonely.adminId}`, { name: 'Lonely', email: lonely.email, profile: 'user' })).statusCode).toBe(200);
    expect((await self.put(`/api/users/${second.id}`, { name: second.name, email: second.email, profile: 'user' })).statusCode).toBe(403);
  });

  it('an admin of the platform company cannot touch the super user', async () => {
    await ensurePlatformAdmin(t.database.db, t.config, t.app.log);
    const root = await t.login(t.config.adminEmail, t.config.adminPassword);
    const deputyInput = newUser({ profile: 'admin' });
    expect((await t.as(root).post('/api/users', deputyInput)).statusCode).toBe(200);
    const deputy = t.as(await t.login(deputyInput.email as string, deputyInput.password as string));
    expect((await deputy.put(`/api/users/${root.userId}`, { name: 'Taken', email: t.config.adminEmail, password: 'owned-now1' })).statusCode).toBe(403);
    expect((await deputy.delete(`/api/users/${root.userId}`)).statusCode).toBe(403);
    expect((await t.as(root).get('/api/auth/me')).statusCode).toBe(200);
  });
});

describe('deleting users', () => {
  it('deletes the user, ends their session and cuts their sockets, and tells the company', async () => {
    const agent = await plainUser({ queueIds });
    const emitted = vi.spyOn(t.ctx.live, 'toCompany');
    const ended = vi.spyOn(t.ctx.live, 'endSessions');
    const res = await admin.delete(`/api/users/${agent.id}`);
    expect(res.statusCode).toBe(204);
    expect(ended).toHaveBeenCalledWith([agent.session.sessionId]);
    expect(emitted).toHaveBeenCalledWith(company.companyId, 'user', { action: 'delete', userId: agent.id });
    expect((await agent.api.get('/api/auth/me')).statusCode).toBe(401);
    const gone = await admin.get(`/api/users/${agent.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('ERR_NO_USER_FOUND');
  });

  it('an admin cannot delete their own row', async () => {
    const res = await admin.delete(`/api/users/${company.adminId}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('ERR_CANNOT_DELETE_SELF');
  });

  it('another company’s user is not found, and an id that is no number is a validation error', async () => {
    const other = await t.createCompany();
    for (const res of [await admin.get(`/api/users/${other.adminId}`), await admin.delete(`/api/users/${other.adminId}`)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('ERR_NO_USER_FOUND');
    }
    expect((await admin.get('/api/users/abc')).statusCode).toBe(400);
  });
});
