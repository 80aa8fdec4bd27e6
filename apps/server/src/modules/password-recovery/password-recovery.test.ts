import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, recoveryCode, type MailCapture } from '../../test/mail-capture.js';
import { startTestApp, type TestApp, type TestCompany } from '../../test/harness.js';

let mail: MailCapture;
let t: TestApp;
let company: TestCompany;
let ipCount = 0;
/** Each call from its own address, so the per-IP budget is not what a test measures by accident. */
const freshIp = () => `10.0.${Math.floor(++ipCount / 250)}.${ipCount % 250}`;

const forget = (email: string, ip = freshIp()) => t.request({ method: 'POST', url: `/api/forgetpassword/${encodeURIComponent(email)}`, remoteAddress: ip });
const reset = (email: string, code: string, password: string, ip = freshIp()) =>
  t.request({ method: 'POST', url: `/api/resetpasswords/${[email, code, password].map(encodeURIComponent).join('/')}`, remoteAddress: ip });

async function codeFor(email: string): Promise<string> {
  expect((await forget(email)).statusCode).toBe(200);
  const code = recoveryCode(await mail.next(email));
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

beforeAll(async () => {
  mail = await startMailCapture();
  t = await startTestApp({ env: { SMTP_URL: mail.url, LOGIN_MAX_PER_IP: '100000' } });
  company = await t.createCompany();
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

describe('password recovery', () => {
  it('tells the page that recovery is configured', async () => {
    expect((await t.request({ method: 'GET', url: '/api/forgetpassword' })).json()).toEqual({ configured: true });
  });

  it('mails a code that sets a new password once, and ends every session of the user', async () => {
    const session = await t.login(company.email, company.password);
    const code = await codeFor(company.email.toUpperCase());
    const res = await reset(company.email, code, 'NovaSenha123');
    expect(res.statusCode).toBe(200);
    expect((await t.as(session).get('/api/auth/me')).statusCode).toBe(401);
    await expect(t.login(company.email, company.password)).rejects.toThrow(/401/);
    expect((await t.login(company.email, 'NovaSenha123')).userId).toBe(company.adminId);
    const again = await reset(company.email, code, 'OutraSenha456');
    expect([again.statusCode, again.json()]).toEqual([400, { error: 'ERR_INVALID_RECOVERY_CODE' }]);
    company.password = 'NovaSenha123';
  });

  it('answers an unknown address exactly like a known one, and mails nothing to it', async () => {
    const before = mail.mails.length;
    const unknown = await forget('nobody@nowhere.example');
    const known = await forget(company.email);
    expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    await mail.next(company.email);
    expect(mail.mails.slice(before).flatMap((m) => m.to)).toEqual([company.email.toLowerCase()]);
    expect((await reset('nobody@nowhere.example', '123456', 'NovaSenha123')).json()).toEqual({ error: 'ERR_INVALID_RECOVERY_CODE' });
  });

  it('refuses a weak password, a wrong code, and any code after too many wrong ones', async () => {
    const other = await t.createCompany();
    const code = await codeFor(other.email);
    const weak = await reset(other.email, code, 'alllowercase1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields).toEqual({ password: 'weakPassword' });
    expect((await reset(other.email, code, 'Short1')).json().fields).toEqual({ password: 'weakPassword' });
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect((await reset(other.email, wrong, 'NovaSenha123')).json().error).toBe('ERR_INVALID_RECOVERY_CODE');
    // The right code no longer works either: guessing has to start over from a new mail.
    expect((await reset(other.email, code, 'NovaSenha123')).json().error).toBe('ERR_INVALID_RECOVERY_CODE');
    expect((await t.login(other.email, other.password)).userId).toBe(other.adminId);
  });

  it('honours only the newest code, and not after it expires', async () => {
    const other = await t.createCompany();
    const first = await codeFor(other.email);
    const second = await codeFor(other.email);
    if (first !== second) expect((await reset(other.email, first, 'NovaSenha123')).statusCode).toBe(400);
    await t.database.db.updateTable('passwordResets').set({ expiresAt: new Date(Date.now() - 1000) }).execute();
    expect((await reset(other.email, second, 'NovaSenha123')).json().error).toBe('ERR_INVALID_RECOVERY_CODE');
  });

  it('throttles requests per email and per IP, whether or not the address exists', async () => {
    const fresh = await t.createCompany();
    for (const email of [fresh.email, 'ghost@nowhere.example']) {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await forget(email)).statusCode);
      expect(answers).toEqual([200, 200, 200, 429]);
    }
    const ip = '192.168.50.1';
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push((await forget(`someone${i}@nowhere.example`, ip)).statusCode);
    expect(answers.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(answers[20]).toBe(429);
  });

  it('refuses malformed addresses and codes as bad input', async () => {
    expect((await forget('not-an-email')).statusCode).toBe(400);
    expect((await reset(company.email, 'abc', 'NovaSenha123')).statusCode).toBe(400);
  });
});

describe('password recovery without SMTP_URL', () => {
  it('says it is not configured', async () => {
    const bare = await startTestApp();
    try {
      expect((await bare.request({ method: 'GET', url: '/api/forgetpassword' })).json()).toEqual({ configured: false });
      const res = await bare.request({ method: 'POST', url: '/api/forgetpassword/a%40b.example' });
      expect([res.statusCode, res.json()]).toEqual([503, { error: 'ERR_RECOVERY_NOT_CONFIGURED' }]);
    } finally {
      await bare.close();
    }
  });
});
