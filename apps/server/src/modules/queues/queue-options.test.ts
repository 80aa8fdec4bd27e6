import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestApp, type ApiClient, type TestApp, type TestCompany } from '../../test/harness.js';

let t: TestApp;
let company: TestCompany;
let admin: ApiClient;
let agent: ApiClient;
let queueId: number;
let otherQueueId: number;

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
  company = await t.createCompany();
  admin = t.as(await t.login(company.email, company.password));
  await admin.post('/api/users', { name: 'Plain Agent', email: 'agent@options.example', password: 'secret123' });
  agent = t.as(await t.login('agent@options.example', 'secret123'));
  queueId = (await admin.post('/api/queue', { name: 'Suporte', color: '#123456' })).json().id;
  otherQueueId = (await admin.post('/api/queue', { name: 'Vendas', color: '#654321' })).json().id;
});
afterAll(() => t.close());
beforeEach(() => vi.restoreAllMocks());

const create = async (body: object) => {
  const res = await admin.post('/api/queue-options', { queueId, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const titles = (options: Array<{ title: string; option: string; children: unknown[] }>): unknown =>
  options.map((o) => [o.option, o.title, titles(o.children as never)]);

describe('queue options', () => {
  it('builds a menu tree: numbers assigned in order, roots with -1, children by parent, each with its subtree', async () => {
    const emitted = vi.spyOn(t.ctx.live, 'toCompany');
    const financeiro = await create({ title: 'Financeiro', message: 'Escolha:' });
    expect(financeiro).toEqual({ id: expect.any(Number), queueId, parentId: null, title: 'Financeiro', message: 'Escolha:', option: '1', children: [] });
    expect(emitted).toHaveBeenCalledWith(company.companyId, 'queue', {
      action: 'update',
      queueId,
      queue: expect.objectContaining({ id: queueId, name: 'Suporte' }),
      queueOptionId: financeiro.id,
    });
    const tecnico = await create({ title: 'Técnico', parentId: -1 });
    expect(tecnico.option).toBe('2');
    const boleto = await create({ title: 'Boleto', parentId: financeiro.id });
    await create({ title: 'Pix', parentId: financeiro.id, option: 5 });
    await create({ title: 'Segunda via', parentId: boleto.id });
    expect(boleto).toMatchObject({ parentId: financeiro.id, option: '1' });

    const roots = (await agent.get(`/api/queue-options?queueId=${queueId}&parentId=-1`)).json();
    expect(titles(roots)).toEqual([
      ['1', 'Financeiro', [['1', 'Boleto', [['1', 'Segunda via', []]]], ['5', 'Pix', []]]],
      ['2', 'Técnico', []],
    ]);
    expect((await agent.get(`/api/queue-options?queueId=${queueId}`)).json()).toEqual(roots);
    const children = (await agent.get(`/api/queue-options?queueId=${queueId}&parentId=${financeiro.id}`)).json();
    expect(children.map((o: { title: string }) => o.title)).toEqual(['Boleto', 'Pix']);
    expect((await agent.get(`/api/queue-options?queueId=${otherQueueId}`)).json()).toEqual([]);
  });

  it('keeps option numbers unique among siblings and the parent inside the same queue', async () => {
    const root = await create({ title: 'Raiz única', option: '7' });
    const clash = await admin.post('/api/queue-options', { queueId, title: 'Outra', option: '7' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({ error: 'ERR_VALIDATION', fields: { option: 'invalid' } });
    // The same number under another parent, or in another queue, is fine.
    await create({ title: 'Filha 7', parentId: root.id, option: 7 });
    expect((await admin.post('/api/queue-options', { queueId: otherQueueId, title: 'Sete', option: 7 })).statusCode).toBe(200);

    const foreignParent = await admin.post('/api/queue-options', { queueId: otherQueueId, title: 'Perdida', parentId: root.id });
    expect(foreignParent.json()).toEqual({ error: 'ERR_VALIDATION', fields: { parentId: 'invalid' } });
    const missingQueue = await admin.post('/api/queue-options', { queueId: 999_999, title: 'Sem fila' });
    expect(missingQueue.statusCode).toBe(404);
    expect(missingQueue.json().error).toBe('ERR_NO_QUEUE_FOUND');
  });

  it('answers each invalid field with its message key', async () => {
    const res = await admin.post('/api/queue-options', { title: '', option: '0', parentId: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ queueId: 'required', title: 'required', option: 'invalid', parentId: 'invalid' });
    expect((await admin.post('/api/queue-options', { queueId, title: 'x'.repeat(101), option: '1000' })).json().fields).toEqual({ title: 'tooLong', option: 'invalid' });
    expect((await admin.post('/api/queue-options', { queueId, title: 'Menu', option: '#' })).json().fields).toEqual({ option: 'invalid' });
    expect((await agent.get('/api/queue-options')).json().fields).toEqual({ queueId: 'required' });
  });

  it('edits change only what is sent; moving under a descendant or to another queue is refused', async () => {
    const a = await create({ title: 'A', message: 'a' });
    const b = await create({ title: 'B', parentId: a.id });
    const c = await create({ title: 'C', parentId: b.id });
    const renamed = await admin.put(`/api/queue-options/${a.id}`, { title: 'A2' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: a.id, title: 'A2', message: 'a', option: a.option, parentId: null });
    expect(titles(renamed.json().children)).toEqual([['1', 'B', [['1', 'C', []]]]]);

    for (const parentId of [a.id, b.id, c.id]) {
      const cycle = await admin.put(`/api/queue-options/${a.id}`, { parentId });
      expect(cycle.json(), `parent ${parentId}`).toEqual({ error: 'ERR_VALIDATION', fields: { parentId: 'invalid' } });
    }
    expect((await admin.put(`/api/queue-options/${c.id}`, { queueId: otherQueueId })).json()).toEqual({ error: 'ERR_VALIDATION', fields: { queueId: 'invalid' } });
    // Moved to the root without a number: keeps '1' if free there, else takes the next free one.
    const moved = (await admin.put(`/api/queue-options/${c.id}`, { parentId: -1 })).json();
    expect(moved.parentId).toBeNull();
    expect(moved.option).not.toBe('1');
    expect((await admin.put(`/api/queue-options/${c.id}`, { title: '' })).json().fields).toEqual({ title: 'required' });
  });

  it('deleting an option deletes its whole subtree', async () => {
    const top = await create({ title: 'Topo' });
    const mid = await create({ title: 'Meio', parentId: top.id });
    const leaf = await create({ title: 'Folha', parentId: mid.id });
    expect((await admin.delete(`/api/queue-options/${top.id}`)).statusCode).toBe(204);
    const left = await t.database.db.selectFrom('queueOptions').select('id').where('id', 'in', [top.id, mid.id, leaf.id]).execute();
    expect(left).toEqual([]);
    const again = await admin.delete(`/api/queue-options/${top.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('ERR_NO_QUEUE_OPTION_FOUND');
  });

  it('only admins change options; everybody reads them; a deleted queue takes its tree', async () => {
    const option = await create({ title: 'Protegida' });
    for (const res of [
      await agent.post('/api/queue-options', { queueId, title: 'Nope' }),
      await agent.put(`/api/queue-options/${option.id}`, { title: 'Nope' }),
      await agent.delete(`/api/queue-options/${option.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('ERR_NO_PERMISSION');
    }
    const temporary = (await admin.post('/api/queue', { name: 'Temporária', color: '#777777' })).json();
    const doomed = (await admin.post('/api/queue-options', { queueId: temporary.id, title: 'Some' })).json();
    await admin.delete(`/api/queue/${temporary.id}`);
    expect(await t.database.db.selectFrom('queueOptions').select('id').where('id', '=', doomed.id).executeTakeFirst()).toBeUndefined();
    expect((await agent.get(`/api/queue-options?queueId=${temporary.id}`)).statusCode).toBe(404);
  });

  it('another company’s queue or option is not found', async () => {
    const other = await t.createCompany();
    const otherAdmin = t.as(await t.login(other.email, other.password));
    const option = await create({ title: 'Minha' });
    const list = await otherAdmin.get(`/api/queue-options?queueId=${queueId}`);
    expect(list.statusCode).toBe(404);
    expect((await otherAdmin.post('/api/queue-options', { queueId, title: 'Intrusa' })).json().error).toBe('ERR_NO_QUEUE_FOUND');
    expect((await otherAdmin.put(`/api/queue-options/${option.id}`, { title: 'Intrusa' })).json().error).toBe('ERR_NO_QUEUE_OPTION_FOUND');
    expect((await otherAdmin.delete(`/api/queue-options/${option.id}`)).statusCode).toBe(404);
    expect((await agent.get(`/api/queue-options?queueId=${queueId}&parentId=${option.id}`)).statusCode).toBe(200);
  });
});
