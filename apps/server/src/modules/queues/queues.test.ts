import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_QUEUE_SCHEDULES, WEEKDAYS_EN } from '@atende/contract';
import { startTestApp, type ApiClient, type TestApp, type TestCompany } from '../../test/harness.js';

let t: TestApp;
let company: TestCompany;
let admin: ApiClient;
let agent: ApiClient;

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
  company = await t.createCompany();
  admin = t.as(await t.login(company.email, company.password));
  await admin.post('/api/users', { name: 'Plain Agent', email: 'agent@queues.example', password: 'secret123' });
  agent = t.as(await t.login('agent@queues.example', 'secret123'));
});
afterAll(() => t.close());
beforeEach(() => vi.restoreAllMocks());

describe('queues', () => {
  it('an admin creates, renames and deletes a queue; the company hears each change', async () => {
    const emitted = vi.spyOn(t.ctx.live, 'toCompany');
    const created = await admin.post('/api/queue', { name: 'Financeiro', color: '#00AA00' });
    expect(created.statusCode).toBe(200);
    const queue = created.json();
    expect(queue).toEqual({
      id: expect.any(Number),
      name: 'Financeiro',
      color: '#00aa00',
      greetingMessage: '',
      outOfHoursMessage: '',
      orderQueue: null,
      schedules: DEFAULT_QUEUE_SCHEDULES,
      promptId: null,
      integrationId: null,
    });
    expect(emitted).toHaveBeenCalledWith(company.companyId, 'queue', { action: 'create', queueId: queue.id, queue });

    const renamed = await admin.put(`/api/queue/${queue.id}`, { name: 'Cobrança', color: '#00aa01' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...queue, name: 'Cobrança', color: '#00aa01' });
    expect(emitted).toHaveBeenCalledWith(company.companyId, 'queue', { action: 'update', queueId: queue.id, queue: renamed.json() });
    expect((await admin.get(`/api/queue/${queue.id}`)).json().name).toBe('Cobrança');

    expect((await admin.delete(`/api/queue/${queue.id}`)).statusCode).toBe(204);
    expect(emitted).toHaveBeenCalledWith(company.companyId, 'queue', { action: 'delete', queueId: queue.id });
    const gone = await admin.get(`/api/queue/${queue.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('ERR_NO_QUEUE_FOUND');
  });

  it('lists the company’s queues by name for every signed-in user', async () => {
    await admin.post('/api/queue', { name: 'Zulu', color: '#0000f1' });
    await admin.post('/api/queue', { name: 'Alfa', color: '#0000f2' });
    const res = await agent.get('/api/queue');
    expect(res.statusCode).toBe(200);
    const names = res.json().map((q: { name: string }) => q.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['Alfa', 'Zulu']));
    expect(Object.keys(res.json()[0]).sort()).toEqual(
      ['color', 'greetingMessage', 'id', 'integrationId', 'name', 'orderQueue', 'outOfHoursMessage', 'promptId', 'schedules'],
    );
    expect((await t.request({ method: 'GET', url: '/api/queue' })).statusCode).toBe(401);
  });

  it('a plain user cannot create, change or delete queues', async () => {
    const queue = (await admin.post('/api/queue', { name: 'Protegida', color: '#0000f3' })).json();
    for (const res of [
      await agent.post('/api/queue', { name: 'Nope', color: '#0000f4' }),
      await agent.put(`/api/queue/${queue.id}`, { name: 'Nope', color: '#0000f4' }),
      await agent.delete(`/api/queue/${queue.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('ERR_NO_PERMISSION');
    }
    expect((await agent.get(`/api/queue/${queue.id}`)).json()).toEqual(queue);
  });

  it('answers each invalid field with its message key', async () => {
    const res = await admin.post('/api/queue', { name: 'A', color: '#1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'ERR_VALIDATION', fields: { name: 'tooShort', color: 'tooShort' } });
    expect((await admin.post('/api/queue', {})).json().fields).toEqual({ name: 'required', color: 'required' });
    expect((await admin.post('/api/queue', { name: 'x'.repeat(51), color: '#1234567890' })).json().fields).toEqual({ name: 'tooLong', color: 'tooLong' });
  });

  it('a colour is used by one queue per company only, in any case; names are unique too', async () => {
    await admin.post('/api/queue', { name: 'Cor Única', color: '#abcabc' });
    const sameColour = await admin.post('/api/queue', { name: 'Outra', color: '#ABCABC' });
    expect(sameColour.statusCode).toBe(409);
    expect(sameColour.json().error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');
    const sameName = await admin.post('/api/queue', { name: 'Cor Única', color: '#abcabd' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error).toBe('ERR_QUEUE_NAME_ALREADY_EXISTS');
    const other = (await admin.post('/api/queue', { name: 'Outra Cor', color: '#abcabe' })).json();
    const clash = await admin.put(`/api/queue/${other.id}`, { name: 'Outra Cor', color: '#abcabc' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');

    // Another company may use the same colour and name.
    const elsewhere = await t.createCompany();
    const otherAdmin = t.as(await t.login(elsewhere.email, elsewhere.password));
    expect((await otherAdmin.post('/api/queue', { name: 'Cor Única', color: '#abcabc' })).statusCode).toBe(200);
  });

  it('deleting a queue takes it off its users', async () => {
    const queue = (await admin.post('/api/queue', { name: 'Temporária', color: '#0000f5' })).json();
    const user = (await admin.post('/api/users', { name: 'Queued', email: 'queued@queues.example', password: 'secret123', queueIds: [queue.id] })).json();
    expect(user.queues).toHaveLength(1);
    await admin.delete(`/api/queue/${queue.id}`);
    expect((await admin.get(`/api/users/${user.id}`)).json().queues).toEqual([]);
  });
});

describe('plan limit on queues', () => {
  it('stops at the plan’s queue count, also under concurrent creations', async () => {
    const small = await t.createCompany({ plan: { queues: 2 } });
    const smallAdmin = t.as(await t.login(small.email, small.password));
    expect((await smallAdmin.post('/api/queue', { name: 'Um', color: '#000001' })).statusCode).toBe(200);
    // Widen the gap between counting and committing, so a count without the lock would let all in.
    const db = t.database.db;
    await sql`create function slow_queue_insert() returns trigger language plpgsql as $$ begin perform pg_sleep(0.05); return new; end $$`.execute(db);
    await sql`create trigger queues_slow_insert before insert on queues for each row execute function slow_queue_insert()`.execute(db);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => smallAdmin.post('/api/queue', { name: `Fila ${i}`, color: `#00010${i}` })),
    ).finally(async () => {
      await sql`drop trigger queues_slow_insert on queues`.execute(db);
      await sql`drop function slow_queue_insert()`.execute(db);
    });
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403, 403, 403, 403]);
    expect(results.find((r) => r.statusCode === 403)!.json().error).toBe('ERR_PLAN_LIMIT_QUEUES');
    expect((await smallAdmin.get('/api/queue')).json()).toHaveLength(2);
  });
});

describe('greeting, out-of-hours message, order and working hours', () => {
  const schedules = WEEKDAYS_EN.map((weekdayEn, i) => ({ weekday: `Dia ${i}`, weekdayEn, startTime: '09:00', endTime: i < 5 ? '17:30' : '' }));

  it('stores what the queue dialog sends and answers it back', async () => {
    // The queue's AI prompt must exist in the company (it answers for another queue here).
    const host = (await admin.post('/api/queue', { name: 'Recepção IA', color: '#0a0a09' })).json();
    const prompt = (await admin.post('/api/prompt', { name: 'Assistente', prompt: 'Responda com educação.', queueId: host.id })).json();
    const integrationId = (await admin.post('/api/queueIntegration', { type: 'webhook', name: 'Receptor', urlN8N: 'http://n8n.example/hook' })).json().id;
    const res = await admin.post('/api/queue', {
      name: 'Atendimento',
      color: '#0a0a01',
      greetingMessage: 'Olá! Escolha uma opção.',
      outOfHoursMessage: 'Estamos fechados.',
      orderQueue: 2,
      schedules,
      promptId: prompt.id,
      integrationId,
    });
    expect(res.statusCode).toBe(200);
    const queue = res.json();
    expect(queue).toMatchObject({ greetingMessage: 'Olá! Escolha uma opção.', outOfHoursMessage: 'Estamos fechados.', orderQueue: 2, schedules, promptId: prompt.id, integrationId });
    expect((await agent.get(`/api/queue/${queue.id}`)).json()).toEqual(queue);
  });

  it('gives the spec’s default working hours when none are given, on create and when cleared', async () => {
    for (const [i, body] of [{}, { schedules: null }, { schedules: [] }].entries()) {
      const queue = (await admin.post('/api/queue', { name: `Padrão ${i}`, color: `#0b000${i}`, ...body })).json();
      expect(queue.schedules).toEqual(DEFAULT_QUEUE_SCHEDULES);
    }
    expect(DEFAULT_QUEUE_SCHEDULES.map((s) => [s.weekdayEn, s.startTime, s.endTime])).toEqual([
      ['monday', '08:00', '18:00'], ['tuesday', '08:00', '18:00'], ['wednesday', '08:00', '18:00'], ['thursday', '08:00', '18:00'],
      ['friday', '08:00', '18:00'], ['saturday', '08:00', '12:00'], ['sunday', '00:00', '00:00'],
    ]);
    // A queue written by other code (seed, inbound tests) gets them from the column default.
    const row = await t.database.db.insertInto('queues').values({ companyId: company.companyId, name: 'Direta', color: '#0c0c0c' }).returningAll().executeTakeFirstOrThrow();
    expect(row.schedules).toEqual(DEFAULT_QUEUE_SCHEDULES);
  });

  it('an edit changes only what it sends (name and colour always)', async () => {
    const queue = (await admin.post('/api/queue', { name: 'Parcial', color: '#0d0d01', greetingMessage: 'Oi', orderQueue: 1, schedules })).json();
    const res = await admin.put(`/api/queue/${queue.id}`, { name: 'Parcial 2', color: '#0d0d01', outOfHoursMessage: 'Fechado' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...queue, name: 'Parcial 2', outOfHoursMessage: 'Fechado' });
    const cleared = (await admin.put(`/api/queue/${queue.id}`, { name: 'Parcial 2', color: '#0d0d01', orderQueue: null, promptId: null, schedules: [] })).json();
    expect(cleared).toMatchObject({ orderQueue: null, promptId: null, schedules: DEFAULT_QUEUE_SCHEDULES, greetingMessage: 'Oi' });
  });

  it('validates times as HH:MM, one entry per weekday, and the numbers', async () => {
    const bad = async (body: object) => (await admin.post('/api/queue', { name: 'Inválida', color: '#0e0e01', ...body })).json();
    const wrongTime = schedules.map((s, i) => (i === 1 ? { ...s, startTime: '25:00' } : s));
    expect(await bad({ schedules: wrongTime })).toEqual({ error: 'ERR_VALIDATION', fields: { 'schedules.1.startTime': 'invalid' } });
    expect((await bad({ schedules: schedules.map((s, i) => (i === 2 ? { ...s, endTime: '8:00' } : s)) })).fields).toEqual({ 'schedules.2.endTime': 'invalid' });
    expect((await bad({ schedules: schedules.slice(0, 6) })).fields).toEqual({ schedules: 'invalid' });
    expect((await bad({ schedules: [...schedules.slice(0, 6), { ...schedules[0] }] })).fields).toEqual({ schedules: 'invalid' });
    expect((await bad({ schedules: 'always' })).fields).toEqual({ schedules: 'required' });
    expect((await bad({ orderQueue: -1, promptId: 'x', integrationId: 0 })).fields).toEqual({ orderQueue: 'invalid', promptId: 'invalid', integrationId: 'invalid' });
    expect((await bad({ greetingMessage: 'x'.repeat(4001) })).fields).toEqual({ greetingMessage: 'tooLong' });
    // An empty number field of a form is no value.
    expect((await admin.post('/api/queue', { name: 'Vazia', color: '#0e0e02', orderQueue: '', promptId: '', integrationId: '' })).json()).toMatchObject({ orderQueue: null, promptId: null, integrationId: null });
  });

  it('lists numbered queues first, in their order, then the others by name', async () => {
    const other = await t.createCompany();
    const otherAdmin = t.as(await t.login(other.email, other.password));
    for (const [name, orderQueue, color] of [['Bravo', null, '#100001'], ['Charlie', 1, '#100002'], ['Alpha', null, '#100003'], ['Delta', 0, '#100004']] as const) {
      expect((await otherAdmin.post('/api/queue', { name, color, orderQueue })).statusCode).toBe(200);
    }
    expect((await otherAdmin.get('/api/queue')).json().map((q: { name: string }) => q.name)).toEqual(['Delta', 'Charlie', 'Alpha', 'Bravo']);
  });
});
