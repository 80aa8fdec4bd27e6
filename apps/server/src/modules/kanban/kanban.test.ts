import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { maySeeTicket, type KanbanTicket, type Profile } from '@atende/contract';
import { insertContactRow, insertTicketRow } from '../../test/conversation-fixtures.js';
import { startTestApp, type ApiClient, type TestApp, type TestCompany } from '../../test/harness.js';

let t: TestApp;
let company: TestCompany;
let admin: ApiClient;
let agent: ApiClient;
let agentId: number;
let supportQueue: number;
let salesQueue: number;
let lanes: Record<'Novo' | 'Andamento' | 'VIP', number>;

const db = () => t.database.db;
const board = async (client: ApiClient, query = '') => {
  const res = await client.get(`/api/ticket/kanban${query}`);
  expect(res.statusCode, res.payload).toBe(200);
  return res.json().tickets as KanbanTicket[];
};
const ids = (tickets: Array<{ id: number }>) => tickets.map((ticket) => ticket.id).sort((a, b) => a - b);
const tagIdsOf = async (ticketId: number) =>
  (await db().selectFrom('ticketTags').select('tagId').where('ticketId', '=', ticketId).execute()).map((row) => row.tagId).sort((a, b) => a - b);

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
  company = await t.createCompany();
  admin = t.as(await t.login(company.email, company.password));
  supportQueue = (await admin.post('/api/queue', { name: 'Suporte', color: '#111111' })).json().id;
  salesQueue = (await admin.post('/api/queue', { name: 'Vendas', color: '#222222' })).json().id;
  agentId = (await admin.post('/api/users', { name: 'Agent', email: 'agent@kanban.example', password: 'secret123', queueIds: [supportQueue] })).json().id;
  agent = t.as(await t.login('agent@kanban.example', 'secret123'));
  const tag = async (name: string, kanban: 0 | 1) => (await admin.post('/api/tags', { name, kanban, color: '#ff0000' })).json().id as number;
  lanes = { Novo: await tag('Novo', 1), Andamento: await tag('Andamento', 1), VIP: await tag('VIP', 0) };
});
afterAll(() => t.close());

describe('GET /ticket/kanban', () => {
  it('an agent sees only the tickets the one visibility rule lets them see, never a closed one', async () => {
    const places = [
      { queueId: supportQueue, userId: null, status: 'pending' },
      { queueId: supportQueue, userId: company.adminId, status: 'open' },
      { queueId: salesQueue, userId: null, status: 'pending' },
      { queueId: salesQueue, userId: agentId, status: 'open' },
      { queueId: null, userId: null, status: 'open' },
      { queueId: supportQueue, userId: agentId, status: 'closed' },
    ] as const;
    const tickets = [];
    for (const place of places) tickets.push({ ...place, id: (await insertTicketRow(db(), company.companyId, place)).id });
    const mine = tickets.filter((ticket) => ticket.status !== 'closed');
    const viewer = { userId: agentId, profile: 'user' as Profile, allTicket: 'desabled', queueIds: [supportQueue] };

    const seen = ids(await board(agent));
    expect(seen).toEqual(ids(mine.filter((ticket) => maySeeTicket(viewer, ticket))));
    // The other queue's waiting ticket and the queue-less one stay hidden; the agent's own one in sales shows.
    expect(seen).toEqual([tickets[0].id, tickets[1].id, tickets[3].id]);
    // Admins see every ticket of the company that is not closed.
    expect(ids(await board(admin))).toEqual(ids(mine));
    // A queue filter narrows to those queues, keeping queue-less tickets, read as the tickets list reads it.
    expect(ids(await board(admin, `?queueIds=${encodeURIComponent(JSON.stringify([salesQueue]))}`))).toEqual([tickets[2].id, tickets[3].id, tickets[4].id]);
    expect(ids(await board(admin, `?queueIds=${salesQueue}`))).toEqual([tickets[2].id, tickets[3].id, tickets[4].id]);

    await admin.put(`/api/users/${agentId}`, { name: 'Agent', email: 'agent@kanban.example', allTicket: 'enabled' });
    expect(ids(await board(agent))).toEqual([tickets[0].id, tickets[1].id, tickets[3].id, tickets[4].id]);
    await admin.put(`/api/users/${agentId}`, { name: 'Agent', email: 'agent@kanban.example', allTicket: 'desabled' });
    await db().deleteFrom('tickets').where('companyId', '=', company.companyId).execute();
  });

  it('a card carries the ticket number, its contact, tags and last message', async () => {
    const contact = await insertContactRow(db(), company.companyId, { name: 'Cliente Quadro', number: '5511912345678' });
    const ticket = await insertTicketRow(db(), company.companyId, { queueId: supportQueue, contactId: contact.id, lastMessage: 'Olá!' });
    await admin.put(`/api/ticket-tags/${ticket.id}/${lanes.Novo}`);
    const [card] = await board(agent);
    expect(card).toEqual({
      id: ticket.id,
      uuid: ticket.uuid,
      status: 'open',
      queueId: supportQueue,
      userId: null,
      contact: { id: contact.id, name: 'Cliente Quadro', number: '5511912345678' },
      tags: [{ id: lanes.Novo, name: 'Novo', color: '#ff0000' }],
      lastMessage: 'Olá!',
      lastMessageAt: expect.any(String),
      unreadMessages: 0,
    });
    await db().deleteFrom('tickets').where('id', '=', ticket.id).execute();
  });

  it('bad queue ids are bad input', async () => {
    for (const query of ['?queueIds=[1,', '?queueIds=["x"]', '?queueIds=-1']) {
      const res = await admin.get(`/api/ticket/kanban${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe('ERR_VALIDATION');
    }
  });
});

describe('moving a card', () => {
  it('removes the old lane’s tag and adds the new one together, keeping other tags; the open lane drops the kanban tag', async () => {
    const ticket = await insertTicketRow(db(), company.companyId, { queueId: supportQueue });
    await agent.post('/api/tags/sync', { ticketId: ticket.id, tags: [{ id: lanes.Novo }, { id: lanes.VIP }] });
    const toRoom = vi.spyOn(t.ctx.live, 'toRoom');
    const moved = await agent.put(`/api/ticket-tags/${ticket.id}/${lanes.Andamento}`);
    expect(moved.statusCode).toBe(200);
    expect(await tagIdsOf(ticket.id)).toEqual([lanes.Andamento, lanes.VIP].sort((a, b) => a - b));
    // Other boards follow through the ticket's update event, which carries its tags.
    expect(toRoom).toHaveBeenCalledWith(`user:${agentId}`, company.companyId, 'ticket', {
      action: 'update',
      ticket: expect.objectContaining({ id: ticket.id, tags: [expect.objectContaining({ id: lanes.Andamento }), expect.objectContaining({ id: lanes.VIP })] }),
    });
    toRoom.mockRestore();
    expect((await agent.delete(`/api/ticket-tags/${ticket.id}`)).statusCode).toBe(200);
    expect(await tagIdsOf(ticket.id)).toEqual([lanes.VIP]);
  });

  it('a move that fails half way leaves both tags as they were', async () => {
    const ticket = await insertTicketRow(db(), company.companyId, { queueId: supportQueue });
    await admin.put(`/api/ticket-tags/${ticket.id}/${lanes.Novo}`);
    // The old lane's link is already deleted inside the move when the new one's insert fails.
    await sql`create function refuse_lane() returns trigger language plpgsql as $$
      begin raise exception 'lane refused'; end $$`.execute(db());
    await sql.raw(`create trigger refuse_lane before insert on ticket_tags for each row when (new.tag_id = ${lanes.Andamento}) execute function refuse_lane()`).execute(db());
    try {
      const failed = await admin.put(`/api/ticket-tags/${ticket.id}/${lanes.Andamento}`);
      expect(failed.statusCode).toBe(500);
      expect(await tagIdsOf(ticket.id)).toEqual([lanes.Novo]);

      // A lane deleted while the move runs is the same: refused whole, as not found.
      await sql`create or replace function refuse_lane() returns trigger language plpgsql as $$
        begin raise exception using errcode = 'foreign_key_violation', message = 'tag gone'; end $$`.execute(db());
      const gone = await admin.put(`/api/ticket-tags/${ticket.id}/${lanes.Andamento}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().error).toBe('ERR_NO_TAG_FOUND');
      expect(await tagIdsOf(ticket.id)).toEqual([lanes.Novo]);
    } finally {
      await sql`drop trigger refuse_lane on ticket_tags`.execute(db());
      await sql`drop function refuse_lane()`.execute(db());
    }
    expect((await admin.put(`/api/ticket-tags/${ticket.id}/${lanes.Andamento}`)).statusCode).toBe(200);
    expect(await tagIdsOf(ticket.id)).toEqual([lanes.Andamento]);
  });

  it('an agent cannot move a ticket they may not see', async () => {
    const sales = await insertTicketRow(db(), company.companyId, { queueId: salesQueue });
    expect((await agent.put(`/api/ticket-tags/${sales.id}/${lanes.Novo}`)).statusCode).toBe(403);
    expect(await tagIdsOf(sales.id)).toEqual([]);
  });
});

describe('another company', () => {
  it('its tickets never show, and its ticket and tag ids are not found', async () => {
    const other = await t.createCompany();
    const otherAdmin = t.as(await t.login(other.email, other.password));
    const foreignTag = (await otherAdmin.post('/api/tags', { name: 'Alheia', kanban: 1 })).json().id;
    const foreignTicket = await insertTicketRow(db(), other.companyId, {});
    const ownTicket = await insertTicketRow(db(), company.companyId, { queueId: supportQueue });

    expect(ids(await board(admin))).not.toContain(foreignTicket.id);
    expect(ids(await board(otherAdmin))).toEqual([foreignTicket.id]);
    const foreignTagMove = await admin.put(`/api/ticket-tags/${ownTicket.id}/${foreignTag}`);
    expect([foreignTagMove.statusCode, foreignTagMove.json().error]).toEqual([404, 'ERR_NO_TAG_FOUND']);
    const foreignTicketMove = await admin.put(`/api/ticket-tags/${foreignTicket.id}/${lanes.Novo}`);
    expect([foreignTicketMove.statusCode, foreignTicketMove.json().error]).toEqual([404, 'ERR_NO_TICKET_FOUND']);
    const foreignTicketOut = await admin.delete(`/api/ticket-tags/${foreignTicket.id}`);
    expect([foreignTicketOut.statusCode, foreignTicketOut.json().error]).toEqual([404, 'ERR_NO_TICKET_FOUND']);
    expect(await tagIdsOf(foreignTicket.id)).toEqual([]);
    expect(await tagIdsOf(ownTicket.id)).toEqual([]);
  });
});

describe('a plan without kanban', () => {
  it('refuses the board and its moves', async () => {
    const off = await t.createCompany({ plan: { useKanban: false } });
    const offAdmin = t.as(await t.login(off.email, off.password));
    const tag = (await offAdmin.post('/api/tags', { name: 'Faixa', kanban: 1 })).json().id;
    const ticket = await insertTicketRow(db(), off.companyId, {});
    for (const res of [
      await offAdmin.get('/api/ticket/kanban'),
      await offAdmin.get('/api/tags/kanban'),
      await offAdmin.put(`/api/ticket-tags/${ticket.id}/${tag}`),
      await offAdmin.delete(`/api/ticket-tags/${ticket.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('ERR_PLAN_FEATURE_DISABLED');
    }
    expect(await tagIdsOf(ticket.id)).toEqual([]);
  });
});
