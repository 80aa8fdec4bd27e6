import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../test/harness.js';

let t: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  const company = await t.createCompany();
  admin = t.as(await t.login(company.email, company.password));
});
afterAll(() => t.close());

describe('addresses with a final slash', () => {
  it.each(['/api/settings/', '/api/whatsapp/?session=0', '/api/contacts/?pageNumber=1', '/api/users/?pageNumber=1', '/api/tags/?pageNumber=1', '/api/schedules/?pageNumber=1'])(
    'answers %s as the same address without the slash',
    async (url) => {
      const withSlash = await admin.get(url);
      const without = await admin.get(url.replace('/?', '?').replace(/\/$/, ''));
      expect(without.statusCode).toBe(200);
      expect(withSlash.statusCode).toBe(200);
      expect(withSlash.json()).toEqual(without.json());
    },
  );

  it('still reads one record with a final slash, and still refuses a bad id', async () => {
    const created = await admin.post('/api/tags', { name: 'vip', color: '#ff0000' });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    const one = await admin.get(`/api/tags/${id}/`);
    expect(one.statusCode).toBe(200);
    expect(one.json().name).toBe('vip');
    expect((await admin.get('/api/tags/abc/')).statusCode).toBe(400);
    expect((await admin.get('/api/tags/abc')).statusCode).toBe(400);
  });
});
