import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertContactRow, insertTicketRow } from '../../test/conversation-fixtures.js';
import { startTestApp, type ApiClient, type TestApp, type TestCompany } from '../../test/harness.js';

let t: TestApp;
let company: TestCompany;
let admin: ApiClient;
let agent: ApiClient;
let agentId: number;
let supportQueue: number;
let salesQueue: number;

const db = () => t.database.db;

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
  company = await t.createCompany();
  admin = t.as(await t.login(company.email, company.password));
  supportQueue = (await admin.post('/api/queue', { name: 'Suporte', color: '#111111' })).json().id;
  salesQueue = (await admin.post('/api/queue', { name: 'Vendas', color: '#222222' })).json().id;
  agentId = (await admin.post('/api/users', { name: 'Agente Ana', email: 'ana@notes.example', password: 'secret123', queueIds: [supportQueue] })).json().id;
  agent = t.as(await t.login('ana@notes.example', 'secret123'));
});
afterAll(() => t.close());

describe('ticket notes', () => {
  it('adds notes to a ticket and lists them newest first with their author', async () => {
    const ticket = await insertTicketRow(db(), company.companyId, { queueId: supportQueue });
    const first = await agent.post('/api/ticket-notes', { note: 'Cliente pediu retorno', ticketId: ticket.id, contactId: ticket.contactId });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      note: 'Cliente pediu retorno',
      ticketId: ticket.id,
      contactId: ticket.contactId,
      createdAt: expect.any(String),
      user: { id: agentId, name: 'Agente Ana' },
    });
    await admin.post('/api/ticket-notes', { note: 'Retorno feito', ticketId: String(ticket.id), contactId: String(ticket.contactId) });
    const list = (await agent.get(`/api/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`)).json();
    expect(list.map((n: { note: string; user: { name: string } }) => [n.note, n.user.name])).toEqual([
      ['Retorno feito', expect.any(String)],
      ['Cliente pediu retorno', 'Agente Ana'],
    ]);
    expect((await agent.get(`/api/ticket-notes/list?ticketId=${ticket.id}`)).json()).toEqual(list);
  });

  it('answers each invalid field with its message key', async () => {
    const ticket = await insertTicketRow(db(), company.companyId, { queueId: supportQueue });
    const short = await agent.post('/api/ticket-notes', { note: 'x', ticketId: ticket.id, contactId: ticket.contactId });
    expect(short.json()).toEqual({ error: 'ERR_VALIDATION', fields: { note: 'tooShort' } });
    expect((await agent.post('/api/ticket-notes', { note: '   ' })).json().fields).toEqual({ note: 'required', ticketId: 'required', contactId: 'required' });
    expect((await agent.get('/api/ticket-notes/list')).json().fields).toEqual({ ticketId: 'required' });
  });

  it('the ticket must be the company’s and the contact must be its contact', async () => {
    const ticket = await insertTicketRow(db(), company.companyId, { queueId: supportQueue });
    const stranger = await insertContactRow(db(), company.companyId);
    const mismatch = await agent.post('/api/ticket-notes', { note: 'Nota errada', ticketId: ticket.id, contactId: stranger.id });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ error: 'ERR_VALIDATION', fields: { contactId: 'invalid' } });
    expect((await agent.get(`/api/ticket-notes/list?ticketId=${ticket.id}&contactId=${stranger.id}`)).statusCode).toBe(400);

    const other = await t.createCompany();
    const foreign = await insertTicketRow(db(), other.companyId);
    const res = await admin.post('/api/ticket-notes', { note: 'Intrusa', ticketId: foreign.id, contactId: foreign.contactId });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('ERR_NO_TICKET_FOUND');
    expect((await admin.get(`/api/ticket-notes/list?ticketId=${foreign.id}`)).statusCode).toBe(404);
  });

  it('a user reaches only the notes of tickets they may open', async () => {
    const sales = await insertTicketRow(db(), company.companyId, { queueId: salesQueue });
    await admin.post('/api/ticket-notes', { note: 'Nota de vendas', ticketId: sales.id, contactId: sales.contactId });
    for (const res of [
      await agent.get(`/api/ticket-notes/list?ticketId=${sales.id}`),
      await agent.post('/api/ticket-notes', { note: 'Não devo', ticketId: sales.id, contactId: sales.contactId }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('ERR_NO_PERMISSION');
    }
  });

  it('only the author or an admin deletes a note', async () => {
    const ticket = await insertTicketRow(db(), company.companyId, { queueId: supportQueue });
    const byAdmin = (await admin.post('/api/ticket-notes', { note: 'Do admin', ticketId: ticket.id, contactId: ticket.contactId })).json();
    const byAgent = (await agent.post('/api/ticket-notes', { note: 'Da agente', ticketId: ticket.id, contactId: ticket.contactId })).json();
    const denied = await agent.delete(`/api/ticket-notes/${byAdmin.id}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe('ERR_NO_PERMISSION');
    expect((await agent.delete(`/api/ticket-notes/${byAgent.id}`)).statusCode).toBe(204);
    const again = await agent.delete(`/api/ticket-notes/${byAgent.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('ERR_NO_TICKET_NOTE_FOUND');
    expect((await admin.delete(`/api/ticket-notes/${byAdmin.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/ticket-notes/list?ticketId=${ticket.id}`)).json()).toEqual([]);
  });

  it('notes go with their ticket, and a deleted author leaves the note without a user', async () => {
    const ticket = await insertTicketRow(db(), company.companyId, { queueId: supportQueue });
    const temp = (await admin.post('/api/users', { name: 'Temporário', email: 'temp@notes.example', password: 'secret123', queueIds: [supportQueue] })).json();
    const tempApi = t.as(await t.login('temp@notes.example', 'secret123'));
    await tempApi.post('/api/ticket-notes', { note: 'Vou sair', ticketId: ticket.id, contactId: ticket.contactId });
    await admin.delete(`/api/users/${temp.id}`);
    expect((await admin.get(`/api/ticket-notes/list?ticketId=${ticket.id}`)).json()).toMatchObject([{ note: 'Vou sair', user: null }]);
    await db().deleteFrom('tickets').where('id', '=', ticket.id).execute();
    expect(await db().selectFrom('ticketNotes').select('id').where('ticketId', '=', ticket.id).execute()).toEqual([]);
  });
});
