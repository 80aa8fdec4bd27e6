import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePlatformAdmin } from '../seed/seed.js';
import { startTestApp, type ApiClient, type TestApp } from '../../test/harness.js';

let t: TestApp;
let root: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
  await ensurePlatformAdmin(t.database.db, t.config, t.app.log);
  root = t.as(await t.login(t.config.adminEmail, t.config.adminPassword));
  const company = await t.createCompany();
  admin = t.as(await t.login(company.email, company.password));
});
afterAll(() => t.close());

describe('help videos', () => {
  it('are kept by the super user only: a company admin gets 403 and nothing changes', async () => {
    const help = (await root.post('/api/helps', { title: 'Primeiros passos', description: 'Conecte o WhatsApp', video: 'dQw4w9WgXcQ' })).json();
    for (const res of [
      await admin.post('/api/helps', { title: 'Meu', video: 'dQw4w9WgXcQ' }),
      await admin.put(`/api/helps/${help.id}`, { title: 'Tomado' }),
      await admin.delete(`/api/helps/${help.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('ERR_NO_PERMISSION');
    }
    expect((await admin.get(`/api/helps/${help.id}`)).json()).toMatchObject({ title: 'Primeiros passos', video: 'dQw4w9WgXcQ' });
    expect((await t.request({ method: 'GET', url: '/api/helps/list' })).statusCode).toBe(401);
  });

  it('store the video code from a code or a YouTube link', async () => {
    for (const video of [
      'https://www.youtube.com/watch?v=aBcDeFgHiJk&t=10s',
      'youtu.be/aBcDeFgHiJk',
      'https://www.youtube.com/embed/aBcDeFgHiJk',
      'https://youtube.com/shorts/aBcDeFgHiJk',
      ' aBcDeFgHiJk ',
    ]) {
      const res = await root.post('/api/helps', { title: `Vídeo ${video}`, video });
      expect(res.statusCode, video).toBe(200);
      expect(res.json()).toMatchObject({ video: 'aBcDeFgHiJk', description: '' });
    }
  });

  it('refuse a missing title or video and a link that is no video, storing nothing', async () => {
    const before = (await admin.get('/api/helps/list')).json().length;
    for (const [body, fields] of [
      [{ video: 'aBcDeFgHiJk' }, { title: 'required' }],
      [{ title: '   ', video: 'aBcDeFgHiJk' }, { title: 'required' }],
      [{ title: 'Sem vídeo' }, { video: 'required' }],
      [{ title: 'Outro site', video: 'https://example.com/watch?v=aBcDeFgHiJk' }, { video: 'invalid' }],
      [{ title: 'Curto', video: 'abc' }, { video: 'invalid' }],
      [{ title: 'Script', video: 'javascript:alert(1)' }, { video: 'invalid' }],
      [{ title: 'Texto', video: 'aBcDeFgHiJk', description: 5 }, { description: 'invalid' }],
    ] as const) {
      const res = await root.post('/api/helps', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error: 'ERR_VALIDATION', fields });
    }
    expect((await admin.get('/api/helps/list')).json().length).toBe(before);
  });

  it('edit only the fields sent, list for every signed-in user, and answer 404 once gone', async () => {
    const help = (await root.post('/api/helps', { title: 'Filas', description: 'Como criar filas', video: 'zzzzzzzzzzz' })).json();
    const edited = await root.put(`/api/helps/${help.id}`, { description: 'Filas e opções' });
    expect(edited.json()).toMatchObject({ title: 'Filas', description: 'Filas e opções', video: 'zzzzzzzzzzz' });
    expect((await root.put(`/api/helps/${help.id}`, { video: 'nope' })).statusCode).toBe(400);
    const page = (await admin.get('/api/helps?searchParam=filas')).json();
    expect(page).toMatchObject({ count: 1, hasMore: false, helps: [{ id: help.id }] });
    expect((await admin.get('/api/helps/list')).json().map((h: { id: number }) => h.id)).toContain(help.id);
    expect((await root.delete(`/api/helps/${help.id}`)).statusCode).toBe(204);
    for (const res of [await admin.get(`/api/helps/${help.id}`), await root.put(`/api/helps/${help.id}`, { title: 'X' }), await root.delete(`/api/helps/${help.id}`)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('ERR_NO_HELP_FOUND');
    }
  });
});
