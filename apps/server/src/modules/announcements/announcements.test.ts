import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_IMAGE } from '@atende/contract';
import { ensurePlatformAdmin } from '../seed/seed.js';
import { startTestApp, type ApiClient, type TestApp, type TestCompany, type TestSession } from '../../test/harness.js';
import { eventually, liveSockets } from '../../test/live-sockets.js';

let t: TestApp;
let url: string;
let rootSession: TestSession;
let root: ApiClient;
let company: TestCompany;
let admin: ApiClient;
let adminSession: TestSession;
const sockets = liveSockets(() => url);

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a tiny picture')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('a tiny photo')]);

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
  url = await t.listen();
  await ensurePlatformAdmin(t.database.db, t.config, t.app.log);
  rootSession = await t.login(t.config.adminEmail, t.config.adminPassword);
  root = t.as(rootSession);
  company = await t.createCompany();
  adminSession = await t.login(company.email, company.password);
  admin = t.as(adminSession);
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

function multipart(file: { filename: string; type: string; data: Buffer }) {
  const boundary = `----atende${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${ANNOUNCEMENT_IMAGE.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file.data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(session: TestSession, id: number, file: { filename: string; type: string; data: Buffer }) {
  const body = multipart(file);
  return t.request({ method: 'POST', url: `/api/announcements/${id}/media-upload`, headers: { ...body.headers, authorization: `Bearer ${session.token}` }, payload: body.payload });
}

async function created(input: Record<string, unknown>) {
  const res = await root.post('/api/announcements', input);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; status: boolean; priority: number };
}

describe('writing announcements', () => {
  it('is for the super user only: a company admin gets 403 and nothing changes', async () => {
    const mine = await created({ title: 'Manutenção', text: 'Sábado às 22h' });
    for (const res of [
      await admin.post('/api/announcements', { title: 'Meu', text: 'Aviso' }),
      await admin.get(`/api/announcements/${mine.id}`),
      await admin.put(`/api/announcements/${mine.id}`, { title: 'Tomado' }),
      await admin.delete(`/api/announcements/${mine.id}`),
      await admin.delete(`/api/announcements/${mine.id}/media-upload`),
      await upload(adminSession, mine.id, { filename: 'a.png', type: 'image/png', data: PNG }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('ERR_NO_PERMISSION');
    }
    expect((await root.get(`/api/announcements/${mine.id}`)).json()).toMatchObject({ title: 'Manutenção', mediaPath: null });
    expect((await t.request({ method: 'GET', url: '/api/announcements' })).statusCode).toBe(401);
  });

  it('creates with priority 3 and active by default, and edits only the fields sent', async () => {
    const a = await created({ title: 'Novidade', text: 'Relatórios novos' });
    expect(a).toMatchObject({ priority: 3, status: true, mediaPath: null, mediaName: null });
    const edited = await root.put(`/api/announcements/${a.id}`, { priority: 1 });
    expect(edited.json()).toMatchObject({ title: 'Novidade', text: 'Relatórios novos', priority: 1, status: true });
    expect((await root.put(`/api/announcements/${a.id}`, { status: 0 })).json()).toMatchObject({ priority: 1, status: false });
  });

  it('refuses a missing title or text and a priority outside 1 to 3, storing nothing', async () => {
    const before = (await root.get('/api/announcements')).json().count;
    for (const [body, fields] of [
      [{ text: 'Sem título' }, { title: 'required' }],
      [{ title: '  ', text: 'x' }, { title: 'required' }],
      [{ title: 'Sem texto' }, { text: 'required' }],
      [{ title: 'T', text: 'x', priority: 0 }, { priority: 'invalid' }],
      [{ title: 'T', text: 'x', priority: 4 }, { priority: 'invalid' }],
      [{ title: 'T', text: 'x', priority: 1.5 }, { priority: 'invalid' }],
      [{ title: 'T', text: 'x', status: 'yes' }, { status: 'invalid' }],
    ] as const) {
      const res = await root.post('/api/announcements', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error: 'ERR_VALIDATION', fields });
    }
    expect((await root.get('/api/announcements')).json().count).toBe(before);
    const a = await created({ title: 'T', text: 'x', priority: '2' });
    expect(a.priority).toBe(2);
    expect((await root.put(`/api/announcements/${a.id}`, { priority: 9 })).statusCode).toBe(400);
    expect((await root.get(`/api/announcements/${a.id}`)).json().priority).toBe(2);
  });

  it('answers 404 for an announcement that does not exist', async () => {
    for (const res of [await root.get('/api/announcements/999999'), await root.put('/api/announcements/999999', { title: 'X' }), await root.delete('/api/announcements/999999')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('ERR_NO_ANNOUNCEMENT_FOUND');
    }
  });
});

describe('the image', () => {
  it('is served publicly, without a token, under an unguessable name', async () => {
    const a = await created({ title: 'Com imagem', text: 'Veja' });
    const res = await upload(rootSession, a.id, { filename: 'banner.PNG', type: 'image/png', data: PNG });
    expect(res.statusCode, res.body).toBe(200);
    const { mediaPath, mediaName } = res.json();
    expect(mediaName).toBe('banner.PNG');
    expect(mediaPath).toMatch(/^\/api\/announcements\/media\/[A-Za-z0-9_-]{32}\.png$/);
    const image = await t.request({ method: 'GET', url: mediaPath });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const photo = await upload(rootSession, a.id, { filename: 'foto.jpeg', type: 'image/jpeg', data: JPEG });
    expect(photo.json().mediaPath).toMatch(/\.jpg$/);
    // The replaced image is no longer served.
    expect((await t.request({ method: 'GET', url: mediaPath })).statusCode).toBe(404);
    expect((await root.delete(`/api/announcements/${a.id}/media-upload`)).json()).toMatchObject({ mediaPath: null, mediaName: null });
    expect((await t.request({ method: 'GET', url: photo.json().mediaPath })).statusCode).toBe(404);
  });

  it('serves no other media through the public path: a company’s files stay private', async () => {
    const name = await t.ctx.media.save(company.companyId, { data: PNG, mimeType: 'image/png' });
    expect((await t.request({ method: 'GET', url: `/api/announcements/media/${name}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/announcements/media/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });

  it('accepts only .png, .jpg and .jpeg pictures, within the size limit', async () => {
    const a = await created({ title: 'Imagem ruim', text: 'x' });
    for (const file of [
      { filename: 'doc.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4') },
      { filename: 'anim.gif', type: 'image/gif', data: Buffer.from('GIF89a') },
      { filename: 'fake.png', type: 'image/png', data: Buffer.from('<svg onload=alert(1)>') },
      { filename: 'page.html', type: 'image/png', data: PNG },
      { filename: 'noext', type: 'image/jpeg', data: JPEG },
    ]) {
      const res = await upload(rootSession, a.id, file);
      expect(res.statusCode, file.filename).toBe(400);
      expect(res.json()).toEqual({ error: 'ERR_INVALID_IMAGE', fields: { file: 'invalid' } });
    }
    const big = Buffer.concat([PNG, Buffer.alloc(ANNOUNCEMENT_IMAGE.maxBytes)]);
    const tooLarge = await upload(rootSession, a.id, { filename: 'huge.png', type: 'image/png', data: big });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toBe('ERR_FILE_TOO_LARGE');
    expect((await root.get(`/api/announcements/${a.id}`)).json().mediaPath).toBeNull();
    expect((await upload(rootSession, 999999, { filename: 'a.png', type: 'image/png', data: PNG })).statusCode).toBe(404);
  });
});

describe('reading announcements', () => {
  it('lists only the active ones to a company, and every one to the super user', async () => {
    const active = await created({ title: 'Ativo para todos', text: 'Olá', priority: 1 });
    const inactive = await created({ title: 'Rascunho', text: 'Ainda não', status: false });
    const agent = await admin.post('/api/users', { name: 'Agente', email: 'agente@announce.example', password: 'secret123' });
    expect(agent.statusCode).toBe(200);
    const agentApi = t.as(await t.login('agente@announce.example', 'secret123'));
    for (const api of [admin, agentApi]) {
      const page = (await api.get('/api/announcements')).json();
      const ids = page.records.map((r: { id: number }) => r.id);
      expect(ids).toContain(active.id);
      expect(ids).not.toContain(inactive.id);
      expect(page.records.every((r: { status: boolean }) => r.status)).toBe(true);
      expect(page.count).toBe(page.records.length);
    }
    const all = (await root.get('/api/announcements')).json().records.map((r: { id: number }) => r.id);
    expect(all).toEqual(expect.arrayContaining([active.id, inactive.id]));
    // The super user's own top bar asks for the active ones only.
    const topBar = (await root.get('/api/announcements?activeOnly=true')).json().records.map((r: { id: number }) => r.id);
    expect(topBar).toContain(active.id);
    expect(topBar).not.toContain(inactive.id);
    // High priority first.
    const priorities = (await root.get('/api/announcements')).json().records.map((r: { priority: number }) => r.priority);
    expect(priorities).toEqual([...priorities].sort());
    expect((await admin.get('/api/announcements?searchParam=rascunho')).json().records).toEqual([]);
  });

  it('tells every company at once, each in its own event name, without the content', async () => {
    const other = await t.createCompany();
    const otherSession = await t.login(other.email, other.password);
    const mineHeard = sockets.record(await sockets.connect(adminSession));
    const otherHeard = sockets.record(await sockets.connect(otherSession));
    const a = await created({ title: 'Ao vivo', text: 'Agora' });
    await root.put(`/api/announcements/${a.id}`, { text: 'Mudou' });
    await root.delete(`/api/announcements/${a.id}`);
    const expected = (companyId: number) =>
      ['create', 'update', 'delete'].map((action) => ({ event: `company-${companyId}-announcement`, payload: { action, announcementId: a.id } }));
    await eventually(() => expect(mineHeard.filter((e) => e.event.endsWith('-announcement'))).toEqual(expected(company.companyId)));
    await eventually(() => expect(otherHeard.filter((e) => e.event.endsWith('-announcement'))).toEqual(expected(other.companyId)));
  });
});
