import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Prompt } from '@atende/contract';
import { startTestApp, unique, type ApiClient, type TestApp } from '../../test/harness.js';

/** The prompts API: defaults, the queue rule, the sealed key, company scope, plan and permission gates. */
let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
let queueId: number;
const KEY = 'sk-live-secret-abcdefghij-1234';
const TEXT = 'Você é a assistente da Loja Exemplo. Responda de forma curta e educada.';

/** PUT /queue takes the whole queue: its name and color with the change. */
async function queueWithPrompt(api: ApiClient, id: number, promptId: number | null) {
  const current = (await api.get(`/api/queue/${id}`)).json();
  return api.put(`/api/queue/${id}`, { name: current.name, color: current.color, promptId });
}

async function queue(api: ApiClient, name = unique('Fila').slice(0, 30)) {
  const color = `#${Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, '0')}`;
  const res = await api.post('/api/queue', { name, color });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
  const company = await t.createCompany();
  admin = t.as(await t.login(company.email, company.password));
  await admin.post('/api/users', { name: 'Bia', email: 'bia@prompts.example', password: 'secret123' });
  agent = t.as(await t.login('bia@prompts.example', 'secret123'));
  queueId = await queue(admin, 'Vendas IA');
});
afterAll(() => t.close());

describe('prompts', () => {
  it('creates with the defaults, lists with the queue name, and never sends the key back', async () => {
    const res = await admin.post('/api/prompt', { name: 'Vendedora', prompt: TEXT, queueId, apiKey: KEY });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as Prompt;
    expect(created).toMatchObject({ name: 'Vendedora', voice: 'texto', maxTokens: 100, temperature: 1, maxMessages: 10, queueId, hasApiKey: true });
    expect(created.apiKey).toBe('••••1234');
    expect(res.body).not.toContain(KEY);

    const list = await admin.get('/api/prompt');
    expect(list.statusCode).toBe(200);
    expect(list.json().prompts).toContainEqual(expect.objectContaining({ id: created.id, queue: expect.objectContaining({ name: 'Vendas IA' }) }));
    expect(list.body).not.toContain(KEY);
    expect((await admin.get(`/api/prompt/${created.id}`)).body).not.toContain(KEY);

    // Stored sealed: the row holds no trace of the key, and the server opens it again.
    const row = await t.database.db.selectFrom('prompts').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.apiKeySealed).toMatch(/^v1\./);
    expect(row.apiKeySealed).not.toContain(KEY);
    expect(row.apiKeySealed).not.toContain(KEY.slice(-10));
    expect(t.ctx.secrets.open(row.apiKeySealed)).toBe(KEY);
  });

  it("answers ERR_PROMPT_QUEUE_REQUIRED ('Informe o setor') without a queue, and stores nothing", async () => {
    const before = (await admin.get('/api/prompt')).json().prompts.length;
    for (const body of [{ name: 'Sem fila', prompt: TEXT }, { name: 'Sem fila', prompt: TEXT, queueId: '' }, { name: 'Sem fila', prompt: TEXT, queueId: null }]) {
      const res = await admin.post('/api/prompt', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'ERR_PROMPT_QUEUE_REQUIRED', fields: { queueId: 'required' } });
    }
    expect((await admin.get('/api/prompt')).json().prompts.length).toBe(before);
  });

  it('updates the fields sent; a blank key keeps the stored one, a new key replaces it; delete answers a message', async () => {
    const { id } = (await admin.post('/api/prompt', { name: 'Suporte', prompt: TEXT, queueId, apiKey: KEY })).json();
    const other = await queue(admin);
    const res = await admin.put(`/api/prompt/${id}`, { maxTokens: 250, temperature: 0.4, voice: 'pt-BR-FranciscaNeural', queueId: other, apiKey: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Suporte', maxTokens: 250, temperature: 0.4, voice: 'pt-BR-FranciscaNeural', queueId: other, apiKey: '••••1234' });
    expect((await admin.put(`/api/prompt/${id}`, { queueId: null })).json()).toMatchObject({ error: 'ERR_PROMPT_QUEUE_REQUIRED' });
    expect((await admin.put(`/api/prompt/${id}`, { voice: 'pt-BR-Robo' })).json()).toMatchObject({ error: 'ERR_VALIDATION', fields: { voice: 'invalid' } });
    expect((await admin.put(`/api/prompt/${id}`, { apiKey: 'sk-other-key-9876' })).json()).toMatchObject({ apiKey: '••••9876' });

    const deleted = await admin.delete(`/api/prompt/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: expect.any(String) });
    expect((await admin.get(`/api/prompt/${id}`)).json()).toEqual({ error: 'ERR_NO_PROMPT_FOUND' });
  });

  it('a queue and a connection name only prompts of their company; deleting the prompt clears them', async () => {
    const { id } = (await admin.post('/api/prompt', { name: 'Fila', prompt: TEXT, queueId })).json();
    const withPrompt = await queueWithPrompt(admin, queueId, id);
    expect(withPrompt.statusCode, withPrompt.body).toBe(200);
    expect(withPrompt.json().promptId).toBe(id);
    expect((await queueWithPrompt(admin, queueId, 2_000_000)).json()).toMatchObject({ error: 'ERR_VALIDATION', fields: { promptId: 'invalid' } });
    await admin.delete(`/api/prompt/${id}`);
    expect((await admin.get(`/api/queue/${queueId}`)).json().promptId).toBeNull();
  });

  it("another company's prompts and queues are not found", async () => {
    const b = await t.createCompany();
    const bAdmin = t.as(await t.login(b.email, b.password));
    const bQueue = await queue(bAdmin);
    const { id } = (await bAdmin.post('/api/prompt', { name: 'Da B', prompt: TEXT, queueId: bQueue, apiKey: KEY })).json();
    expect((await admin.get(`/api/prompt/${id}`)).statusCode).toBe(404);
    expect((await admin.put(`/api/prompt/${id}`, { name: 'Tomado' })).json()).toEqual({ error: 'ERR_NO_PROMPT_FOUND' });
    expect((await admin.delete(`/api/prompt/${id}`)).statusCode).toBe(404);
    expect((await admin.get('/api/prompt')).json().prompts.map((p: Prompt) => p.id)).not.toContain(id);
    expect((await admin.post('/api/prompt', { name: 'Fila alheia', prompt: TEXT, queueId: bQueue })).json()).toMatchObject({ error: 'ERR_VALIDATION', fields: { queueId: 'invalid' } });
    expect((await queueWithPrompt(admin, queueId, id)).json()).toMatchObject({ error: 'ERR_VALIDATION', fields: { promptId: 'invalid' } });
    expect((await bAdmin.get(`/api/prompt/${id}`)).json()).toMatchObject({ name: 'Da B' });
  });

  it('needs the plan flag useOpenAi and an admin', async () => {
    expect((await agent.get('/api/prompt')).json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect((await agent.post('/api/prompt', { name: 'x', prompt: TEXT, queueId })).statusCode).toBe(403);
    const c = await t.createCompany({ plan: { useOpenAi: false } });
    const cAdmin = t.as(await t.login(c.email, c.password));
    const res = await cAdmin.get('/api/prompt');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });
    expect((await cAdmin.post('/api/prompt', { name: 'x', prompt: TEXT, queueId: await queue(cAdmin) })).json()).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });
  });
});
