import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { insertTicketRow } from '../../test/conversation-fixtures.js';
import { startTestApp, type ApiClient, type TestApp, type TestCompany } from '../../test/harness.js';
import { eventually, liveSockets } from '../../test/live-sockets.js';

let t: TestApp;
let url: string;
let company: TestCompany;
let admin: ApiClient;
let agent: ApiClient;
let agentId: number;
let supervisor: ApiClient;
const sockets = liveSockets(() => url);

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
  url = await t.listen();
  company = await t.createCompany();
  admin = t.as(await t.login(company.email, company.password));
  agentId = (await admin.post('/api/users', { name: 'Plain Agent', email: 'agent@tags.example', password: 'secret123' })).json().id;
  agent = t.as(await t.login('agent@tags.example', 'secret123'));
  await admin.post('/api/users', { name: 'Supervisor', email: 'super@tags.example', password: 'secret123', profile: 'supervisor' });
  supervisor = t.as(await t.login('super@tags.example', 'secret123'));
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});
beforeEach(() => vi.restoreAllMocks());

describe('creating and editing tags', () => {
  it('anyone creates tags; the kanban flag counts only from admins and supervisors', async () => {
    const emitted = vi.spyOn(t.ctx.live, 'toCompany');
    const mine = await agent.post('/api/tags', { name: 'Urgente', color: '#FF0000', kanban: 1, userId: 999 });
    expect(mine.statusCode).toBe(200);
    const tag = mine.json();
    expect(tag).toEqual({ id: expect.any(Number), name: 'Urgente', color: '#FF0000', kanban: 0, userId: agentId, ticketsCount: 0 });
    expect(emitted).toHaveBeenCalledWith(company.companyId, 'tag', { action: 'create', tag });
    expect((await admin.post('/api/tags', { name: 'Lane Admin', kanban: 1 })).json()).toMatchObject({ kanban: 1, color: '#5c6bc0' });
    expect((await supervisor.post('/api/tags', { name: 'Lane Supervisor', kanban: 1 })).json().kanban).toBe(1);

    // An agent's edit keeps the flag as it is; an admin's changes it.
    const lane = (await admin.post('/api/tags', { name: 'Lane Kept', kanban: 1 })).json();
    expect((await agent.put(`/api/tags/${lane.id}`, { name: 'Lane Renamed', kanban: 0 })).json()).toMatchObject({ name: 'Lane Renamed', kanban: 1 });
    expect((await agent.put(`/api/tags/${tag.id}`, { kanban: 1 })).json()).toMatchObject({ name: 'Urgente', kanban: 0 });
    const updated = (await admin.put(`/api/tags/${tag.id}`, { kanban: 1 })).json();
    expect(updated).toMatchObject({ name: 'Urgente', color: '#FF0000', kanban: 1 });
    expect(emitted).toHaveBeenCalledWith(company.companyId, 'tag', { action: 'update', tag: updated });
  });

  it('a name is used once per company, in any case', async () => {
    await agent.post('/api/tags', { name: 'Cliente VIP' });
    const again = await agent.post('/api/tags', { name: 'cliente vip' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('ERR_TAG_NAME_ALREADY_EXISTS');
    const other = (await agent.post('/api/tags', { name: 'Cliente Comum' })).json();
    expect((await agent.put(`/api/tags/${other.id}`, { name: 'CLIENTE VIP' })).statusCode).toBe(409);
    const elsewhere = await t.createCompany();
    expect((await t.as(await t.login(elsewhere.email, elsewhere.password)).post('/api/tags', { name: 'Cliente VIP' })).statusCode).toBe(200);
  });

  it('answers each invalid field with its message key', async () => {
    expect((await agent.post('/api/tags', { name: 'ab', color: 'red' })).json()).toEqual({ error: 'ERR_VALIDATION', fields: { name: 'tooShort', color: 'invalid' } });
    expect((await agent.post('/api/tags', {})).json().fields).toEqual({ name: 'required' });
    expect((await agent.post('/api/tags', { name: 'x'.repeat(51), kanban: 2 })).json().fields).toEqual({ name: 'tooLong', kanban: 'invalid' });
  });

  it('deleting a tag takes it off its tickets, which are announced without it', async () => {
    const tag = (await agent.post('/api/tags', { name: 'Passageira' })).json();
    const ticket = await insertTicketRow(t.database.db, company.companyId);
    await admin.post('/api/tags/sync', { ticketId: ticket.id, tags: [{ id: tag.id }] });
    const emitted = vi.spyOn(t.ctx.live, 'toCompany');
    const toRoom = vi.spyOn(t.ctx.live, 'toRoom');
    expect((await agent.delete(`/api/tags/${tag.id}`)).statusCode).toBe(204);
    expect(emitted).toHaveBeenCalledWith(company.companyId, 'tag', { action: 'delete', tagId: tag.id });
    expect(toRoom).toHaveBeenCalledWith(`company:${company.companyId}:admins`, company.companyId, 'ticket', {
      action: 'update',
      ticket: expect.objectContaining({ id: ticket.id, tags: [] }),
    });
    const gone = await agent.get(`/api/tags/${tag.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('ERR_NO_TAG_FOUND');
  });
});

describe('listing tags', () => {
  let lister: ApiClient;
  let companyId: number;
  let tagIds: number[];

  beforeAll(async () => {
    const other = await t.createCompany();
    companyId = other.companyId;
    lister = t.as(await t.login(other.email, other.password));
    tagIds = [];
    for (let i = 0; i < 22; i++) tagIds.push((await lister.post('/api/tags', { name: `Etiqueta ${String(i).padStart(2, '0')}`, kanban: i < 2 ? 1 : 0 })).json().id);
    await lister.post('/api/tags', { name: 'Outra 100%' });
    for (let i = 0; i < 3; i++) {
      const ticket = await insertTicketRow(t.database.db, companyId);
      await lister.post('/api/tags/sync', { ticketId: ticket.id, tags: [{ id: tagIds[0] }, ...(i === 0 ? [{ id: tagIds[1] }] : [])] });
    }
  });

  it('pages 20 at a time by name, with the count of tickets of each tag', async () => {
    const first = (await lister.get('/api/tags')).json();
    expect(first).toMatchObject({ count: 23, hasMore: true });
    expect(first.tags).toHaveLength(20);
    expect(first.tags.slice(0, 2).map((tag: { ticketsCount: number }) => tag.ticketsCount)).toEqual([3, 1]);
    const second = (await lister.get('/api/tags?pageNumber=2')).json();
    expect(second.tags.map((tag: { name: string }) => tag.name)).toEqual(['Etiqueta 20', 'Etiqueta 21', 'Outra 100%']);
    expect(second.hasMore).toBe(false);
    expect((await lister.get(`/api/tags/${tagIds[0]}`)).json().ticketsCount).toBe(3);
  });

  it('searches the name in any case, taking the text literally', async () => {
    expect((await lister.get('/api/tags?searchParam=ETIQUETA%201')).json().count).toBe(10);
    expect((await lister.get('/api/tags?searchParam=100%25')).json().count).toBe(1);
    expect((await lister.get('/api/tags?searchParam=%25')).json().count).toBe(1);
    expect((await lister.get('/api/tags/list?searchParam=outra')).json().map((tag: { name: string }) => tag.name)).toEqual(['Outra 100%']);
  });

  it('the picker list has every tag; the kanban list only the lanes', async () => {
    expect((await lister.get('/api/tags/list')).json()).toHaveLength(23);
    const kanban = (await lister.get('/api/tags/kanban')).json();
    expect(Object.keys(kanban)).toEqual(['lista']);
    expect(kanban.lista.map((tag: { id: number }) => tag.id)).toEqual(tagIds.slice(0, 2));
    expect((await admin.get('/api/tags/list')).json().some((tag: { id: number }) => tagIds.includes(tag.id))).toBe(false);
  });

  it('the kanban calls need a plan with kanban', async () => {
    const small = await t.createCompany({ plan: { useKanban: false } });
    const smallAdmin = t.as(await t.login(small.email, small.password));
    const res = await smallAdmin.get('/api/tags/kanban');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('ERR_PLAN_FEATURE_DISABLED');
    expect((await smallAdmin.delete('/api/ticket-tags/1')).json().error).toBe('ERR_PLAN_FEATURE_DISABLED');
    expect((await smallAdmin.get('/api/tags/list')).statusCode).toBe(200);
  });
});

describe('live tag events', () => {
  it('reach the company’s sockets and no other company’s', async () => {
    const other = await t.createCompany();
    // A new login would end the agent's other session: the socket uses a fresh user.
    await admin.post('/api/users', { name: 'Listener', email: 'listener@tags.example', password: 'secret123' });
    const mineSocket = await sockets.connect(await t.login('listener@tags.example', 'secret123'));
    const otherSession = await t.login(other.email, other.password);
    const otherSocket = await sockets.connect(otherSession);
    const heardHere = sockets.record(mineSocket);
    const heardThere = sockets.record(otherSocket);
    const tag = (await admin.post('/api/tags', { name: 'Ao vivo' })).json();
    await eventually(() => expect(heardHere).toContainEqual({ event: `company-${company.companyId}-tag`, payload: { action: 'create', tag } }));
    await t.as(otherSession).post('/api/tags', { name: 'Lá fora' });
    await eventually(() => expect(heardThere.map((h) => h.event)).toContain(`company-${other.companyId}-tag`));
    expect(heardThere.filter((h) => h.event.startsWith(`company-${company.companyId}-`))).toEqual([]);
    expect(heardHere.filter((h) => h.event.startsWith(`company-${other.companyId}-`))).toEqual([]);
  });
});
