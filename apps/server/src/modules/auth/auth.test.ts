import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delayAfter, FIRST_DELAY_SECONDS } from '../../platform/rate-limit.js';
import { REFRESH_GRACE_MS } from './auth.service.js';
import { startTestApp, type TestApp, type TestCompany } from '../../test/harness.js';

let t: TestApp;
let company: TestCompany;
/** The server's clock runs this far ahead of the real one (a refresh token's grace window). */
let clockAheadMs = 0;

beforeAll(async () => {
  t = await startTestApp({
    env: { LOGIN_FREE_FAILURES: '4', LOGIN_MAX_PER_IP: '1000' },
    clock: { now: () => new Date(Date.now() + clockAheadMs) },
  });
  company = await t.createCompany({ dueDate: '2999-01-01', plan: { useKanban: false } });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

describe('login', () => {
  it('answers a token, the user with company, plan and settings, and an httpOnly refresh cookie', async () => {
    const res = await login(company.email.toUpperCase(), company.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^ey/);
    expect(body.user).toMatchObject({ email: company.email, profile: 'admin', companyId: company.companyId });
    expect(body.user.company.plan.useKanban).toBe(false);
    expect(body.user.company.settings).toContainEqual({ key: 'userRating', value: 'disabled' });
    expect(body.user).not.toHaveProperty('passwordHash');
    const cookie = res.cookies.find((c) => c.name === 'jrt');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
  });

  it('refuses a wrong password and an unknown email with the same error', async () => {
    const wrong = await login(company.email, 'not-the-password');
    const unknown = await login('nobody@example.com', 'whatever');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'ERR_INVALID_CREDENTIALS' });
    expect(unknown.json()).toEqual({ error: 'ERR_INVALID_CREDENTIALS' });
  });

  it('refuses a malformed body with a validation error, not a 500', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: 42 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('ERR_VALIDATION');
    const broken = await t.request({ method: 'POST', url: '/api/auth/login', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
  });

  it('lets a company whose due date has passed sign in to pay (its other routes answer 402 with the date), and one due today', async () => {
    const expired = await t.createCompany({ dueDate: '2020-01-31' });
    const res = await login(expired.email, expired.password);
    expect(res.statusCode).toBe(200);
    const blocked = await t.request({ method: 'GET', url: '/api/settings', headers: { authorization: `Bearer ${res.json().token}` } });
    expect(blocked.statusCode).toBe(402);
    expect(blocked.json()).toEqual({ error: 'ERR_SUBSCRIPTION_EXPIRED', details: { dueDate: '2020-01-31' } });

    const today = new Date().toISOString().slice(0, 10);
    const dueToday = await t.createCompany({ dueDate: today });
    expect((await login(dueToday.email, dueToday.password)).statusCode).toBe(200);
  });

  it('slows down repeated failures of one email from one IP, saying how long to wait, even for the right password', async () => {
    const target = await t.createCompany();
    for (let i = 0; i < 4; i++) expect((await login(target.email, 'bad-password', '10.0.0.7')).statusCode).toBe(401);
    const blocked = await login(target.email, target.password, '10.0.0.7');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: 'ERR_TOO_MANY_ATTEMPTS', details: { retryAfterSeconds: FIRST_DELAY_SECONDS } });
    expect(blocked.headers['retry-after']).toBe(String(FIRST_DELAY_SECONDS));
  });

  it('never locks the owner out: the same email from another IP still signs in', async () => {
    const target = await t.createCompany();
    for (let i = 0; i < 10; i++) await login(target.email, 'bad-password', '10.0.0.66');
    expect((await login(target.email, target.password, '10.0.0.66')).statusCode).toBe(429);
    expect((await login(target.email, target.password, '10.0.0.8')).statusCode).toBe(200);
  });

  it('doubles the wait with each further failure, up to the cap', () => {
    const limits = { freeFailures: 5, maxDelaySeconds: 900 };
    expect([4, 5, 6, 7, 8, 9, 10, 50].map((failures) => delayAfter(failures, limits))).toEqual([0, 30, 60, 120, 240, 480, 900, 900]);
  });
});

describe('login throttling per IP', () => {
  it('blocks an IP after too many attempts', async () => {
    const strict = await startTestApp({ env: { LOGIN_MAX_PER_IP: '3' } });
    try {
      const c = await strict.createCompany();
      const attempt = () => strict.request({ method: 'POST', url: '/api/auth/login', payload: { email: c.email, password: c.password }, remoteAddress: '10.9.9.9' });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(200);
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await strict.close();
    }
  });
});

describe('session', () => {
  it('GET /auth/me needs a valid token', async () => {
    expect((await t.request({ method: 'GET', url: '/api/auth/me' })).json()).toEqual({ error: 'ERR_SESSION_EXPIRED' });
    const bogus = await t.request({ method: 'GET', url: '/api/auth/me', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(bogus.statusCode).toBe(401);
    const s = await t.login(company.email, company.password);
    const me = await t.as(s).get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(company.adminId);
  });

  const refreshWith = (cookie: string) => t.request({ method: 'POST', url: '/api/auth/refresh_token', headers: { cookie } });
  const cookieOf = (res: Awaited<ReturnType<typeof refreshWith>>) => `jrt=${res.cookies.find((c) => c.name === 'jrt')!.value}`;

  it('rotates the refresh token: the new cookie works, and the old one reused later ends the session', async () => {
    const s = await t.login(company.email, company.password);
    const first = await refreshWith(s.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json().token).toMatch(/^ey/);
    const rotated = cookieOf(first);
    expect(rotated).not.toBe(s.cookie);
    const next = await refreshWith(rotated);
    expect(next.statusCode).toBe(200);
    const newest = cookieOf(next);

    // Whoever still presents a rotated token after the grace window holds a copy of the cookie.
    clockAheadMs = REFRESH_GRACE_MS + 1_000;
    try {
      const replay = await refreshWith(rotated);
      expect(replay.statusCode).toBe(401);
      expect(replay.cookies.find((c) => c.name === 'jrt')?.value).toBe('');
      expect((await refreshWith(newest)).statusCode).toBe(401);
      expect((await t.as({ ...s, token: next.json().token }).get('/api/auth/me')).statusCode).toBe(401);
    } finally {
      clockAheadMs = 0;
    }
  });

  it('five refreshes at once with one cookie all answer the same new session', async () => {
    const s = await t.login(company.email, company.password);
    const answers = await Promise.all(Array.from({ length: 5 }, () => refreshWith(s.cookie)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map(cookieOf)).size).toBe(1);
    for (const answer of answers) expect((await t.as({ ...s, token: answer.json().token }).get('/api/auth/me')).statusCode).toBe(200);
    // One session, still rotating normally.
    const live = await t.database.db.selectFrom('authSessions').select('id').where('userId', '=', s.userId).where('revokedAt', 'is', null).execute();
    expect(live.map((r) => r.id)).toEqual([s.sessionId]);
    expect((await refreshWith(cookieOf(answers[0]))).statusCode).toBe(200);
  });

  it('a new login ends the previous session of the same user', async () => {
    const older = await t.login(company.email, company.password);
    expect((await t.as(older).get('/api/auth/me')).statusCode).toBe(200);
    await t.login(company.email, company.password);
    const res = await t.as(older).get('/api/auth/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('ERR_SESSION_EXPIRED');
    const refresh = await t.request({ method: 'POST', url: '/api/auth/refresh_token', headers: { cookie: older.cookie } });
    expect(refresh.statusCode).toBe(401);
  });

  it('logout with a cookie whose secret is wrong ends nothing', async () => {
    const s = await t.login(company.email, company.password);
    const forged = `${s.cookie.split('.')[0]}.not-the-secret`;
    const out = await t.request({ method: 'DELETE', url: '/api/auth/logout', headers: { cookie: forged } });
    expect(out.statusCode).toBe(204);
    expect((await t.as(s).get('/api/auth/me')).statusCode).toBe(200);
    expect((await refreshWith(s.cookie)).statusCode).toBe(200);
  });

  it('logout revokes the session', async () => {
    const s = await t.login(company.email, company.password);
    const out = await t.request({ method: 'DELETE', url: '/api/auth/logout', headers: { cookie: s.cookie, authorization: `Bearer ${s.token}` } });
    expect(out.statusCode).toBe(204);
    expect((await t.as(s).get('/api/auth/me')).statusCode).toBe(401);
  });
});

describe('a company that stops working', () => {
  it('refuses at once an access token issued before it was deactivated or expired, with the error login gives', async () => {
    const c = await t.createCompany({ dueDate: '2999-01-01' });
    const s = await t.login(c.email, c.password);
    expect((await t.as(s).get('/api/auth/me')).statusCode).toBe(200);

    await t.database.db.updateTable('companies').set({ dueDate: '2000-01-01' }).where('id', '=', c.companyId).execute();
    const expired = await t.as(s).get('/api/settings');
    expect(expired.statusCode).toBe(402);
    expect(expired.json().error).toBe('ERR_SUBSCRIPTION_EXPIRED');
    // Its session and invoices stay reachable: the way to pay.
    expect((await t.as(s).get('/api/auth/me')).statusCode).toBe(200);

    await t.database.db.updateTable('companies').set({ dueDate: null, status: false }).where('id', '=', c.companyId).execute();
    const inactive = await t.as(s).get('/api/auth/me');
    expect(inactive.statusCode).toBe(402);
    expect(inactive.json()).toEqual({ error: 'ERR_COMPANY_INACTIVE' });
  });
});

describe('expired access token', () => {
  it('answers 403 so the client refreshes once, and the refresh then works', async () => {
    const shortLived = await startTestApp({ accessTokenTtlSeconds: 1 });
    try {
      const c = await shortLived.createCompany();
      const s = await shortLived.login(c.email, c.password);
      await new Promise((r) => setTimeout(r, 2100));
      const res = await shortLived.as(s).get('/api/auth/me');
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('ERR_ACCESS_TOKEN_EXPIRED');
      const refreshed = await shortLived.request({ method: 'POST', url: '/api/auth/refresh_token', headers: { cookie: s.cookie } });
      expect(refreshed.statusCode).toBe(200);
    } finally {
      await shortLived.close();
    }
  });
});

describe('version', () => {
  it('answers the product version without authentication', async () => {
    const res = await t.request({ method: 'GET', url: '/api/version' });
    expect(res.json()).toEqual({ version: '6.0.0' });
  });
});
