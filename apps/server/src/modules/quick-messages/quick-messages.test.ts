import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { multipartOf as multipart } from '../../test/multipart.js';
import { startTestApp, type ApiClient, type TestApp, type TestCompany, type TestSession } from '../../test/harness.js';

let t: TestApp;
let company: TestCompany;
let admin: ApiClient;
let adminSession: TestSession;
let ana: ApiClient;
let anaSession: TestSession;
let bruno: ApiClient;

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
  company = await t.createCompany();
  adminSession = await t.login(company.email, company.password);
  admin = t.as(adminSession);
  for (const name of ['ana', 'bruno']) await admin.post('/api/users', { name, email: `${name}@quick.example`, password: 'secret123' });
  anaSession = await t.login('ana@quick.example', 'secret123');
  ana = t.as(anaSession);
  bruno = t.as(await t.login('bruno@quick.example', 'secret123'));
});
afterAll(() => t.close());
beforeEach(() => vi.restoreAllMocks());

function upload(session: TestSession, id: number, parts: Parameters<typeof multipart>[0]) {
  const body = multipart(parts);
  return t.request({ method: 'POST', url: `/api/quick-messages/${id}/media-upload`, headers: { ...body.headers, authorization: `Bearer ${session.token}` }, payload: body.payload });
}

describe('quick messages', () => {
  it('a user sees the company’s shared quick messages and their own, never someone else’s private ones', async () => {
    const shared = (await ana.post('/api/quick-messages', { shortcode: 'ola', message: 'Olá, {{name}}!', userId: 999 })).json();
    expect(shared).toEqual({ id: expect.any(Number), shortcode: 'ola', message: 'Olá, {{name}}!', geral: true, userId: anaSession.userId, mediaPath: null, mediaName: null, isMedia: false });
    const anaOnly = (await ana.post('/api/quick-messages', { shortcode: 'minha', message: 'Só minha', geral: false })).json();
    const brunoOnly = (await bruno.post('/api/quick-messages', { shortcode: 'dele', message: 'Só dele', geral: false })).json();

    const shortcodes = async (api: ApiClient, url: string) => {
      const body = (await api.get(url)).json();
      return (Array.isArray(body) ? body : body.records).map((q: { shortcode: string }) => q.shortcode);
    };
    expect(await shortcodes(ana, '/api/quick-messages/list')).toEqual(['minha', 'ola']);
    expect(await shortcodes(bruno, '/api/quick-messages/list')).toEqual(['dele', 'ola']);
    expect(await shortcodes(admin, '/api/quick-messages')).toEqual(['ola']);
    expect((await bruno.get(`/api/quick-messages/${anaOnly.id}`)).json().error).toBe('ERR_NO_QUICK_MESSAGE_FOUND');
    expect((await admin.get(`/api/quick-messages/${brunoOnly.id}`)).statusCode).toBe(404);
    expect((await bruno.get(`/api/quick-messages/${shared.id}`)).json()).toEqual(shared);
  });

  it('takes “shared” as 1/0 as well as true/false', async () => {
    const mine = await ana.post('/api/quick-messages', { shortcode: 'umzero', message: 'Privada', geral: 0 });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().geral).toBe(false);
    expect((await bruno.get(`/api/quick-messages/${mine.json().id}`)).statusCode).toBe(404);
    const shared = await ana.put(`/api/quick-messages/${mine.json().id}`, { shortcode: 'umzero', message: 'Privada', geral: 1 });
    expect(shared.json().geral).toBe(true);
    expect((await ana.post('/api/quick-messages', { shortcode: 'dois', message: 'x', geral: 2 })).statusCode).toBe(400);
  });

  it('pages 20 at a time and searches shortcode and text literally', async () => {
    const other = await t.createCompany();
    const api = t.as(await t.login(other.email, other.password));
    for (let i = 0; i < 21; i++) await api.post('/api/quick-messages', { shortcode: `atalho${String(i).padStart(2, '0')}`, message: i === 3 ? 'Desconto de 10%' : 'texto' });
    const first = (await api.get('/api/quick-messages')).json();
    expect(first).toMatchObject({ count: 21, hasMore: true });
    expect(first.records).toHaveLength(20);
    expect((await api.get('/api/quick-messages?pageNumber=2')).json()).toMatchObject({ count: 21, hasMore: false, records: [{ shortcode: 'atalho20' }] });
    expect((await api.get('/api/quick-messages?searchParam=ATALHO1')).json().count).toBe(10);
    expect((await api.get('/api/quick-messages?searchParam=10%25')).json().records.map((q: { shortcode: string }) => q.shortcode)).toEqual(['atalho03']);
    expect((await admin.get('/api/quick-messages?searchParam=atalho')).json().count).toBe(0);
  });

  it('one shortcode per company, in any case; shortcode is required', async () => {
    await ana.post('/api/quick-messages', { shortcode: 'Preco', message: 'x' });
    const again = await bruno.post('/api/quick-messages', { shortcode: 'preco', geral: false });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('ERR_QUICK_MESSAGE_SHORTCODE_ALREADY_EXISTS');
    const mine = (await bruno.post('/api/quick-messages', { shortcode: 'prazo' })).json();
    expect((await bruno.put(`/api/quick-messages/${mine.id}`, { shortcode: 'PRECO' })).statusCode).toBe(409);
    expect((await ana.post('/api/quick-messages', { message: 'sem atalho' })).json()).toEqual({ error: 'ERR_VALIDATION', fields: { shortcode: 'required' } });
    expect((await ana.post('/api/quick-messages', { shortcode: '  ' })).json().fields).toEqual({ shortcode: 'required' });
  });

  it('only the author or an admin changes or deletes one', async () => {
    const shared = (await ana.post('/api/quick-messages', { shortcode: 'horario', message: 'Das 8 às 18' })).json();
    for (const res of [await bruno.put(`/api/quick-messages/${shared.id}`, { message: 'Hacked' }), await bruno.delete(`/api/quick-messages/${shared.id}`)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('ERR_NO_PERMISSION');
    }
    const edited = (await ana.put(`/api/quick-messages/${shared.id}`, { message: 'Das 9 às 18' })).json();
    expect(edited).toMatchObject({ shortcode: 'horario', message: 'Das 9 às 18', geral: true });
    expect((await admin.put(`/api/quick-messages/${shared.id}`, { geral: false })).json()).toMatchObject({ geral: false, userId: anaSession.userId });
    expect((await admin.delete(`/api/quick-messages/${shared.id}`)).statusCode).toBe(404);
    expect((await ana.delete(`/api/quick-messages/${shared.id}`)).statusCode).toBe(204);
    expect((await ana.get(`/api/quick-messages/${shared.id}`)).statusCode).toBe(404);
  });

  it('an attachment is uploaded, replaced, served only to the company, and removed', async () => {
    const quick = (await ana.post('/api/quick-messages', { shortcode: 'catalogo', message: 'Segue o catálogo' })).json();
    const first = await upload(anaSession, quick.id, { typeArch: 'quickMessage', file: { filename: 'catálogo.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1 first') } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ mediaName: 'catálogo.pdf', isMedia: true, mediaPath: expect.stringMatching(/^\/api\/media\/[A-Za-z0-9_-]{32}\.pdf$/) });
    const served = await ana.get(first.json().mediaPath);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.payload).toBe('%PDF-1 first');
    const stranger = await t.createCompany();
    expect((await t.as(await t.login(stranger.email, stranger.password)).get(first.json().mediaPath)).statusCode).toBe(404);

    const second = (await upload(anaSession, quick.id, { file: { filename: 'foto.png', type: 'image/png', data: Buffer.from('png bytes') } })).json();
    expect(second).toMatchObject({ mediaName: 'foto.png', mediaPath: expect.stringMatching(/\.png$/) });
    expect(second.mediaPath).not.toBe(first.json().mediaPath);
    expect((await bruno.get('/api/quick-messages/list')).json().find((q: { id: number }) => q.id === quick.id).mediaPath).toBe(second.mediaPath);

    const removed = await ana.delete(`/api/quick-messages/${quick.id}/media-upload`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ mediaPath: null, mediaName: null, isMedia: false });
  });

  it('an upload needs a file, and the right to change the quick message', async () => {
    const quick = (await ana.post('/api/quick-messages', { shortcode: 'semarquivo' })).json();
    const none = await upload(anaSession, quick.id, { typeArch: 'quickMessage' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: 'ERR_VALIDATION', fields: { file: 'required' } });
    expect((await ana.post(`/api/quick-messages/${quick.id}/media-upload`, { file: 'x' })).json().fields).toEqual({ file: 'required' });
    const brunoSession = await t.login('bruno@quick.example', 'secret123');
    bruno = t.as(brunoSession);
    const denied = await upload(brunoSession, quick.id, { file: { filename: 'a.txt', type: 'text/plain', data: Buffer.from('x') } });
    expect(denied.statusCode).toBe(403);
    expect((await bruno.delete(`/api/quick-messages/${quick.id}/media-upload`)).statusCode).toBe(403);
    expect((await upload(adminSession, quick.id, { file: { filename: 'a.txt', type: 'text/plain', data: Buffer.from('x') } })).statusCode).toBe(200);
  });
});
