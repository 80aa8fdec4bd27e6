import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { insertContactRow, insertTicketRow } from '../../test/conversation-fixtures.js';
import { startTestApp, type ApiClient, type TestApp, type TestCompany } from '../../test/harness.js';

let t: TestApp;
let company: TestCompany;
let admin: ApiClient;
let agent: ApiClient;
let agentId: number;
let supportQueue: number;
let salesQueue: number;
let tags: Record<string, number>;

const db = () => t.database.db;
const tagNames = (list: Array<{ name: string }>) => list.map((tag) => tag.name);

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
  company = await t.createCompany();
  admin = t.as(await t.login(company.email, company.password));
  supportQueue = (await admin.post('/api/queue', { name: 'Suporte', color: '#111111' })).json().id;
  salesQueue = (await admin.post('/api/queue', { name: 'Vendas', color: '#222222' })).json().id;
  agentId = (await admin.post('/api/users', { name: 'Agent', email: 'agent@ticket-tags.example', password: 'secret123', queueIds: [supportQueue] })).json().id;
  agent = t.as(await t.login('agent@ticket-tags.example', 'secret123'));
  tags = {};
  for (const [name, kanban] of [['Novo', 1], ['Em andamento', 1], ['Concluído', 1], ['VIP', 0], ['Atrasado', 0]] as const) {
    tags[name] = (await admin.post('/api/tags', { name, kanban })).json().id;
  }
});
afterAll(() => t.close());
beforeEach(() => vi.restoreAllMocks());

describe('POST /tags/sync', () => {
  it('the ticket’s tags become exactly the ones sent, and whoever sees the ticket hears it', async () => {
    const ticket = await insertTicketRow(db(), company.companyId, { queueId: supportQueue });
    const first = await agent.post('/api/tags/sync', { ticketId: ticket.id, tags: [{ id: tags.VIP, name: 'ignored' }, { id: tags.Novo }] });
    expect(first.statusCode).toBe(200);
    expect(tagNames(first.json())).toEqual(['Novo', 'VIP']);

    const toRoom = vi.spyOn(t.ctx.live, 'toRoom');
    const second = await agent.post('/api/tags/sync', { ticketId: ticket.id, tags: [{ id: tags.Atrasado }, { id: tags.VIP }, { id: tags.VIP }] });
    expect(tagNames(second.json())).toEqual(['Atrasado', 'VIP']);
    const update = { action: 'update', ticket: expect.objectContaining({ id: ticket.id, tags: [expect.objectContaining({ name: 'Atrasado' }), expect.objectContaining({ name: 'VIP' })] }) };
    expect(toRoom).toHaveBeenCalledWith(`company:${company.companyId}:admins`, company.companyId, 'ticket', update);
    expect(toRoom).toHaveBeenCalledWith(`user:${agentId}`, company.companyId, 'ticket', update);

    expect(tagNames((await agent.post('/api/tags/sync', { ticketId: ticket.id, tags: [] })).json())).toEqual([]);
    expect(await db().selectFrom('ticketTags').selectAll().where('ticketId', '=', ticket.id).execute()).toEqual([]);
  });

  it('refuses tags of another company, unknown tickets and tickets of queues that are not the user’s', async () => {
    const other = await t.createCompany();
    const foreignTag = (await t.as(await t.login(other.email, other.password)).post('/api/tags', { name: 'Alheia' })).json().id;
    const ticket = await insertTicketRow(db(), company.companyId, { queueId: supportQueue });
    const foreign = await agent.post('/api/tags/sync', { ticketId: ticket.id, tags: [{ id: tags.VIP }, { id: foreignTag }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ error: 'ERR_VALIDATION', fields: { tags: 'invalid' } });
    expect(await db().selectFrom('ticketTags').selectAll().where('ticketId', '=', ticket.id).execute()).toEqual([]);

    const missing = await agent.post('/api/tags/sync', { ticketId: 999_999, tags: [] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('ERR_NO_TICKET_FOUND');

    const salesTicket = await insertTicketRow(db(), company.companyId, { queueId: salesQueue });
    const denied = await agent.post('/api/tags/sync', { ticketId: salesTicket.id, tags: [{ id: tags.VIP }] });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe('ERR_NO_PERMISSION');
    // Their own ticket in another queue, and any ticket for an admin, are fine.
    const own = await insertTicketRow(db(), company.companyId, { queueId: salesQueue, userId: agentId });
    expect((await agent.post('/api/tags/sync', { ticketId: own.id, tags: [{ id: tags.VIP }] })).statusCode).toBe(200);
    expect((await admin.post('/api/tags/sync', { ticketId: salesTicket.id, tags: [{ id: tags.VIP }] })).statusCode).toBe(200);
    expect((await agent.post('/api/tags/sync', { tags: 'x' })).json().fields).toEqual({ ticketId: 'required', tags: 'invalid' });
  });

  it('concurrent syncs of one ticket apply one after the other: the result is one of the sets, never a mix', async () => {
    const ticket = await insertTicketRow(db(), company.companyId, { queueId: supportQueue });
    const sets = [[tags.Novo, tags.VIP], [tags.Atrasado], [tags.Concluído, tags['Em andamento']], []];
    await Promise.all(sets.map((ids) => admin.post('/api/tags/sync', { ticketId: ticket.id, tags: ids.map((id) => ({ id })) })));
    const final = (await db().selectFrom('ticketTags').select('tagId').where('ticketId', '=', ticket.id).execute()).map((r) => r.tagId).sort();
    expect(sets.map((ids) => [...ids].sort())).toContainEqual(final);
  });
});

describe('kanban moves', () => {
  it('PUT /ticket-tags moves the ticket to one lane, keeping its other tags; DELETE takes it out of every lane', async () => {
    const ticket = await insertTicketRow(db(), company.companyId, { queueId: supportQueue });
    await agent.post('/api/tags/sync', { ticketId: ticket.id, tags: [{ id: tags.Novo }, { id: tags['Em andamento'] }, { id: tags.VIP }] });
    const moved = await agent.put(`/api/ticket-tags/${ticket.id}/${tags.Concluído}`);
    expect(moved.statusCode).toBe(200);
    expect(tagNames(moved.json())).toEqual(['Concluído', 'VIP']);
    expect(tagNames((await agent.put(`/api/ticket-tags/${ticket.id}/${tags.Concluído}`)).json())).toEqual(['Concluído', 'VIP']);

    const toRoom = vi.spyOn(t.ctx.live, 'toRoom');
    const out = await agent.delete(`/api/ticket-tags/${ticket.id}`);
    expect(out.statusCode).toBe(200);
    expect(tagNames(out.json())).toEqual(['VIP']);
    expect(toRoom).toHaveBeenCalledWith(`company:${company.companyId}:admins`, company.companyId, 'ticket', {
      action: 'update',
      ticket: expect.objectContaining({ id: ticket.id, tags: [expect.objectContaining({ name: 'VIP' })] }),
    });
  });

  it('an unknown tag or ticket is not found; another queue’s ticket is not the user’s to move', async () => {
    const ticket = await insertTicketRow(db(), company.companyId, { queueId: supportQueue });
    expect((await agent.put(`/api/ticket-tags/${ticket.id}/999999`)).json().error).toBe('ERR_NO_TAG_FOUND');
    expect((await agent.put(`/api/ticket-tags/999999/${tags.Novo}`)).json().error).toBe('ERR_NO_TICKET_FOUND');
    const salesTicket = await insertTicketRow(db(), company.companyId, { queueId: salesQueue });
    expect((await agent.put(`/api/ticket-tags/${salesTicket.id}/${tags.Novo}`)).statusCode).toBe(403);
    expect((await agent.delete(`/api/ticket-tags/${salesTicket.id}`)).statusCode).toBe(403);
  });
});

describe('GET /tags/:id/tickets', () => {
  it('lists the tag’s tickets the caller may reach, newest change first, with contact, tags and counters', async () => {
    const tag = (await admin.post('/api/tags', { name: 'Diálogo' })).json().id;
    const contact = await insertContactRow(db(), company.companyId, { name: 'Cliente Diálogo', number: '5511987659999' });
    const mine = await insertTicketRow(db(), company.companyId, { queueId: supportQueue, contactId: contact.id, lastMessage: 'oi', status: 'pending' });
    const hidden = await insertTicketRow(db(), company.companyId, { queueId: salesQueue });
    const queueLess = await insertTicketRow(db(), company.companyId, { queueId: null });
    for (const ticket of [mine, hidden, queueLess]) await admin.post('/api/tags/sync', { ticketId: ticket.id, tags: [{ id: tag }, { id: tags.VIP }] });
    await db().updateTable('tickets').set({ updatedAt: new Date(Date.now() + 60_000), unreadMessages: 2 }).where('id', '=', mine.id).execute();

    const all = (await admin.get(`/api/tags/${tag}/tickets`)).json();
    expect(all).toMatchObject({ count: 3, hasMore: false });
    expect(all.tickets[0]).toEqual({
      id: mine.id,
      uuid: mine.uuid,
      status: 'pending',
      contact: { id: contact.id, name: 'Cliente Diálogo', number: '5511987659999', profilePicUrl: '' },
      tags: [{ id: tag, name: 'Diálogo', color: '#5c6bc0' }, { id: tags.VIP, name: 'VIP', color: '#5c6bc0' }],
      lastMessage: 'oi',
      unreadMessages: 2,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await agent.get(`/api/tags/${tag}/tickets`)).json().tickets.map((row: { id: number }) => row.id)).toEqual([mine.id]);
    // With allTicket the queue-less ticket joins the agent's share.
    await admin.put(`/api/users/${agentId}`, { name: 'Agent', email: 'agent@ticket-tags.example', allTicket: 'enabled' });
    expect((await agent.get(`/api/tags/${tag}/tickets`)).json().count).toBe(2);
    await admin.put(`/api/users/${agentId}`, { name: 'Agent', email: 'agent@ticket-tags.example', allTicket: 'desabled' });
  });

  it('pages 40 at a time', async () => {
    const tag = (await admin.post('/api/tags', { name: 'Muitos' })).json().id;
    for (let i = 0; i < 41; i++) {
      const ticket = await insertTicketRow(db(), company.companyId, { queueId: supportQueue });
      await db().insertInto('ticketTags').values({ ticketId: ticket.id, tagId: tag }).execute();
    }
    const first = (await admin.get(`/api/tags/${tag}/tickets`)).json();
    expect(first.tickets).toHaveLength(40);
    expect(first).toMatchObject({ count: 41, hasMore: true });
    const second = (await admin.get(`/api/tags/${tag}/tickets?pageNumber=2`)).json();
    expect(second.tickets).toHaveLength(1);
    expect(new Set([...first.tickets, ...second.tickets].map((row: { id: number }) => row.id)).size).toBe(41);
    expect((await admin.get('/api/tags/999999/tickets')).json().error).toBe('ERR_NO_TAG_FOUND');
  });
});
