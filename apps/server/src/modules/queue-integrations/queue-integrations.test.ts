import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueIntegration } from '@atende/contract';
import { startFakeDialogflow, type FakeDialogflow } from '../../test/fake-dialogflow-server.js';
import { startTestApp, type ApiClient, type TestApp, type TestCompany } from '../../test/harness.js';

let t: TestApp;
let dialogflow: FakeDialogflow;
let company: TestCompany;
let admin: ApiClient;
let agent: ApiClient;
let other: ApiClient;

beforeAll(async () => {
  dialogflow = await startFakeDialogflow();
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000', DIALOGFLOW_API_URL: dialogflow.url, INTEGRATION_TIMEOUT_MS: '3000', WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  company = await t.createCompany();
  admin = t.as(await t.login(company.email, company.password));
  await admin.post('/api/users', { name: 'Ana', email: 'ana@integrations.example', password: 'secret123' });
  agent = t.as(await t.login('ana@integrations.example', 'secret123'));
  const second = await t.createCompany();
  other = t.as(await t.login(second.email, second.password));
});
afterAll(async () => {
  await t.close();
  await dialogflow.close();
});

const typebot = { type: 'typebot', name: 'Fluxo de vendas', urlN8N: 'https://typebot.example.com/', typebotSlug: 'vendas' };

describe('queue integrations', () => {
  it('creates a Typebot integration with the defaults and reads it back', async () => {
    const res = await admin.post('/api/queueIntegration', typebot);
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as QueueIntegration;
    expect(created).toMatchObject({ type: 'typebot', name: 'Fluxo de vendas', urlN8N: 'https://typebot.example.com', typebotSlug: 'vendas', typebotDelayMessage: 1000, typebotExpires: 1, language: 'pt-BR', jsonContent: '', signingSecret: null });
    expect((await admin.get(`/api/queueIntegration/${created.id}`)).json()).toEqual(created);
  });

  it('answers every field of the entity', async () => {
    const [row] = (await admin.get('/api/queueIntegration/')).json().queueIntegrations;
    for (const field of ['id', 'type', 'name', 'projectName', 'jsonContent', 'language', 'urlN8N', 'typebotSlug', 'typebotExpires', 'typebotDelayMessage',
      'typebotKeywordFinish', 'typebotKeywordRestart', 'typebotUnknownMessage', 'typebotRestartMessage']) expect(row).toHaveProperty(field);
  });

  it('validates the name (2-50), the type, the URL and what each type needs', async () => {
    const fields = async (body: Record<string, unknown>) => {
      const res = await admin.post('/api/queueIntegration', body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().fields;
    };
    expect(await fields({ ...typebot, name: 'A' })).toEqual({ name: 'tooShort' });
    expect(await fields({ ...typebot, name: 'x'.repeat(51) })).toEqual({ name: 'tooLong' });
    expect(await fields({ ...typebot, name: '' })).toEqual({ name: 'required' });
    expect(await fields({ ...typebot, type: 'telegram' })).toEqual({ type: 'invalid' });
    expect(await fields({ ...typebot, urlN8N: 'ftp://x' })).toEqual({ urlN8N: 'invalid' });
    expect(await fields({ ...typebot, typebotSlug: '' })).toEqual({ typebotSlug: 'required' });
    expect(await fields({ type: 'webhook', name: 'Sem URL' })).toEqual({ urlN8N: 'required' });
    expect(await fields({ type: 'dialogflow', name: 'Agente', projectName: 'p', language: 'en' })).toEqual({ jsonContent: 'required' });
    expect(await fields({ type: 'dialogflow', name: 'Agente', projectName: 'p', jsonContent: '{"client_email":"a@b"}' })).toEqual({ jsonContent: 'invalid' });
    expect(await fields({ type: 'dialogflow', name: 'Agente', projectName: 'p', jsonContent: dialogflow.serviceAccount, language: 'fr' })).toEqual({ language: 'invalid' });
    expect(await fields({ ...typebot, typebotDelayMessage: -1 })).toEqual({ typebotDelayMessage: 'invalid' });
  });

  it('keeps the Dialogflow service account sealed and never answers it', async () => {
    const res = await admin.post('/api/queueIntegration', { type: 'dialogflow', name: 'Agente', projectName: dialogflow.project, jsonContent: dialogflow.serviceAccount, language: 'es' });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as QueueIntegration;
    expect(created).toMatchObject({ jsonContent: '', hasJsonContent: true, serviceAccountEmail: `bot@${dialogflow.project}.iam.gserviceaccount.com` });
    expect(res.body).not.toContain('PRIVATE KEY');
    const row = await t.database.db.selectFrom('queueIntegrations').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.jsonContentSealed).toMatch(/^v1\./);
    expect(row.jsonContentSealed).not.toContain('PRIVATE');
    // A blank jsonContent keeps the stored one.
    const updated = await admin.put(`/api/queueIntegration/${created.id}`, { name: 'Agente 2', jsonContent: '' });
    expect(updated.json()).toMatchObject({ name: 'Agente 2', hasJsonContent: true, language: 'es' });
  });

  it('reads a credential sealed under another key as none stored, never as a server error', async () => {
    const created = (await admin.post('/api/queueIntegration', { type: 'webhook', name: 'Chave antiga', urlN8N: 'http://n8n.local/x' })).json() as QueueIntegration;
    const foreign = 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA';
    await t.database.db.updateTable('queueIntegrations').set({ secretSealed: foreign, jsonContentSealed: foreign }).where('id', '=', created.id).execute();
    const res = await admin.get(`/api/queueIntegration/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ signingSecret: null, hasJsonContent: false });
  });

  it('gives n8n and webhook integrations a signing secret shown to admins', async () => {
    const created = (await admin.post('/api/queueIntegration', { type: 'n8n', name: 'Fluxo n8n', urlN8N: 'http://n8n.local/webhook/x' })).json() as QueueIntegration;
    expect(created.signingSecret).toMatch(/^[\w-]{40,}$/);
    expect((await admin.get(`/api/queueIntegration/${created.id}`)).json().signingSecret).toBe(created.signingSecret);
  });

  it('pages and searches by name, with hasMore', async () => {
    for (let i = 0; i < 21; i++) expect((await admin.post('/api/queueIntegration', { ...typebot, name: `Página ${String(i).padStart(2, '0')}` })).statusCode).toBe(200);
    const first = (await admin.get('/api/queueIntegration/?searchParam=página&pageNumber=1')).json();
    expect(first.queueIntegrations).toHaveLength(20);
    expect(first).toMatchObject({ count: 21, hasMore: true });
    const second = (await admin.get('/api/queueIntegration?searchParam=PÁGINA&pageNumber=2')).json();
    expect(second).toMatchObject({ count: 21, hasMore: false });
    expect(second.queueIntegrations.map((i: QueueIntegration) => i.name)).toEqual(['Página 20']);
  });

  it('updates only the fields sent and deletes, clearing the queues and connections that named it', async () => {
    const created = (await admin.post('/api/queueIntegration', { ...typebot, name: 'Para apagar' })).json() as QueueIntegration;
    const updated = (await admin.put(`/api/queueIntegration/${created.id}`, { typebotKeywordFinish: 'sair', typebotExpires: 5 })).json();
    expect(updated).toMatchObject({ name: 'Para apagar', typebotSlug: 'vendas', typebotKeywordFinish: 'sair', typebotExpires: 5 });
    const queue = (await admin.post('/api/queue', { name: 'Fila integrada', color: '#123456', integrationId: created.id })).json();
    expect(queue.integrationId).toBe(created.id);
    expect((await admin.delete(`/api/queueIntegration/${created.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/queue/${queue.id}`)).json().integrationId).toBeNull();
    expect((await admin.get(`/api/queueIntegration/${created.id}`)).json()).toEqual({ error: 'ERR_NO_INTEGRATION_FOUND' });
  });

  it('another company\'s integration is not found, and queues or tickets cannot name it', async () => {
    const created = (await admin.post('/api/queueIntegration', { ...typebot, name: 'Só nossa' })).json() as QueueIntegration;
    for (const res of [
      await other.get(`/api/queueIntegration/${created.id}`),
      await other.put(`/api/queueIntegration/${created.id}`, { name: 'Roubada' }),
      await other.delete(`/api/queueIntegration/${created.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'ERR_NO_INTEGRATION_FOUND' });
    }
    expect((await other.get('/api/queueIntegration')).json().queueIntegrations).toEqual([]);
    const refused = await other.post('/api/queue', { name: 'Fila alheia', color: '#654321', integrationId: created.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ integrationId: 'invalid' });
    expect((await admin.get(`/api/queueIntegration/${created.id}`)).json().name).toBe('Só nossa');
  });

  it('is for admins of plans with integrations', async () => {
    expect((await agent.get('/api/queueIntegration')).json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect((await agent.post('/api/queueIntegration', typebot)).statusCode).toBe(403);
    const off = await t.createCompany({ plan: { useIntegrations: false } });
    const offAdmin = t.as(await t.login(off.email, off.password));
    for (const res of [await offAdmin.get('/api/queueIntegration'), await offAdmin.post('/api/queueIntegration', typebot), await offAdmin.post('/api/queueIntegration/testSession', {})]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });
    }
  });

  it('testSession opens a real Dialogflow session with good credentials and says why bad ones fail', async () => {
    const good = await admin.post('/api/queueIntegration/testSession', { projectName: dialogflow.project, jsonContent: dialogflow.serviceAccount, language: 'pt-BR' });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({ ok: true, reply: 'Olá! Em que posso ajudar?\nDigite "atendente" para falar com uma pessoa.' });
    expect(dialogflow.queries.at(-1)).toMatchObject({ text: 'Olá', languageCode: 'pt-BR' });

    const wrongKey = await admin.post('/api/queueIntegration/testSession', { projectName: dialogflow.project, jsonContent: dialogflow.wrongKeyAccount });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json()).toMatchObject({ error: 'ERR_DIALOGFLOW_AUTH_FAILED' });

    const wrongProject = await admin.post('/api/queueIntegration/testSession', { projectName: 'outro-projeto', jsonContent: dialogflow.serviceAccount });
    expect(wrongProject.statusCode).toBe(502);
    expect(wrongProject.json()).toMatchObject({ error: 'ERR_DIALOGFLOW_REQUEST_FAILED', details: { status: 403 } });

    const notJson = await admin.post('/api/queueIntegration/testSession', { projectName: dialogflow.project, jsonContent: 'nada' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: { jsonContent: 'invalid' } });
  });
});

describe('addresses inside the network', () => {
  it('refuses a service URL or token endpoint on a private, loopback or metadata address, and stores nothing', async () => {
    const strict = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
    try {
      const owner = await strict.createCompany();
      const api = strict.as(await strict.login(owner.email, owner.password));
      for (const urlN8N of ['http://127.0.0.1:8080/hook', 'http://169.254.169.254/latest/meta-data', 'http://10.1.2.3/n8n', 'http://localhost:5678/webhook', 'http://[::ffff:7f00:1]/x']) {
        const res = await api.post('/api/queueIntegration', { type: 'webhook', name: 'Interno', urlN8N });
        expect(res.statusCode, urlN8N).toBe(400);
        expect(res.json()).toMatchObject({ error: 'ERR_WEBHOOK_URL_NOT_ALLOWED', fields: { urlN8N: 'invalid' } });
      }
      // The fake's service account names its token endpoint on 127.0.0.1: inside the network here.
      const dialog = await api.post('/api/queueIntegration', { type: 'dialogflow', name: 'Agente', projectName: 'p', jsonContent: dialogflow.serviceAccount, language: 'pt-BR' });
      expect(dialog.json()).toMatchObject({ error: 'ERR_WEBHOOK_URL_NOT_ALLOWED', fields: { jsonContent: 'invalid' } });
      const test = await api.post('/api/queueIntegration/testSession', { projectName: 'p', jsonContent: dialogflow.serviceAccount, language: 'pt-BR' });
      expect(test.statusCode).toBe(400);
      expect((await api.get('/api/queueIntegration/')).json().queueIntegrations).toEqual([]);
      // A public address is taken.
      expect((await api.post('/api/queueIntegration', { type: 'webhook', name: 'Externo', urlN8N: 'https://n8n.example.com/webhook/atende' })).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
