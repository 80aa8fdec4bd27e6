import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePlatformAdmin } from '../seed/seed.js';
import { startTestApp, type TestApp, type TestSession } from '../../test/harness.js';

let t: TestApp;
let admin: TestSession;

beforeAll(async () => {
  t = await startTestApp();
  const company = await t.createCompany();
  admin = await t.login(company.email, company.password);
});
afterAll(() => t.close());

describe('settings', () => {
  it('lists every key with its default', async () => {
    const res = await t.as(admin).get('/api/settings');
    expect(res.statusCode).toBe(200);
    const settings = Object.fromEntries(res.json().map((s: { key: string; value: string }) => [s.key, s.value]));
    expect(settings).toMatchObject({
      userRating: 'disabled',
      scheduleType: 'disabled',
      call: 'enabled',
      CheckMsgIsGroup: 'enabled',
      chatBotType: 'text',
      sendGreetingAccepted: 'disabled',
      sendMsgTransfTicket: 'disabled',
      campaignsEnabled: 'true',
    });
  });

  it('saves a valid value, and the next read shows it', async () => {
    const res = await t.as(admin).put('/api/settings/scheduleType', { value: 'company' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: 'scheduleType', value: 'company' });
    const list = (await t.as(admin).get('/api/settings')).json();
    expect(list).toContainEqual({ key: 'scheduleType', value: 'company' });
  });

  it('refuses an unknown key and a value the key does not accept', async () => {
    expect((await t.as(admin).put('/api/settings/nope', { value: 'x' })).json()).toEqual({ error: 'ERR_NO_SETTING_FOUND' });
    const bad = await t.as(admin).put('/api/settings/userRating', { value: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'ERR_INVALID_SETTING_VALUE' });
    expect((await t.as(admin).put('/api/settings/userRating', {})).json().error).toBe('ERR_VALIDATION');
  });

  it('keeps each company its own settings', async () => {
    const other = await t.createCompany();
    const otherAdmin = await t.login(other.email, other.password);
    await t.as(admin).put('/api/settings/userRating', { value: 'enabled' });
    const theirs = (await t.as(otherAdmin).get('/api/settings')).json();
    expect(theirs).toContainEqual({ key: 'userRating', value: 'disabled' });
  });

  it('hides the payment token from agents and lets only admins change settings', async () => {
    await t.as(admin).put('/api/settings/paymentGatewayToken', { value: 'secret-token' });
    const company = await t.createCompany();
    const boss = await t.login(company.email, company.password);
    await t.as(boss).put('/api/settings/paymentGatewayToken', { value: 'tok' });
    const created = await t.as(boss).post('/api/users', { name: 'Agente', email: 'agente-settings@example.com', password: 'senha-segura1' });
    expect(created.statusCode).toBe(200);
    const agent = await t.login('agente-settings@example.com', 'senha-segura1');
    const seen = (await t.as(agent).get('/api/settings')).json().map((s: { key: string }) => s.key);
    expect(seen).not.toContain('paymentGatewayToken');
    const denied = await t.as(agent).put('/api/settings/userRating', { value: 'enabled' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
  });

  it('leaves campaignsEnabled, which the platform owns, to the super user', async () => {
    const denied = await t.as(admin).put('/api/settings/campaignsEnabled', { value: 'false' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect((await t.as(admin).get('/api/settings')).json()).toContainEqual({ key: 'campaignsEnabled', value: 'true' });

    await ensurePlatformAdmin(t.database.db, t.config, t.app.log);
    const root = await t.login(t.config.adminEmail, t.config.adminPassword);
    expect((await t.as(root).put('/api/settings/campaignsEnabled', { value: 'false' })).json()).toEqual({ key: 'campaignsEnabled', value: 'false' });
  });
});
