import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket, TicketPage } from '@atende/contract';
import {
  createAgent, createQueue, handlerSource, inboundEvent, pairedConnection, setSetting, settle, startWorld,
  type Agent, type World,
} from '../../test/conversation-world.js';
import { createInboundHandler } from '../inbound/inbound.handler.js';

/**
 * Who sees which tickets and what agents do with them:
 * visibility for admins, queue agents and allTicket users, the list's filters and search, the
 * holder notice of ERR_OTHER_OPEN_TICKET, and every state change.
 */
let w: World;
let whatsappId: number;
let queueA: number;
let queueB: number;
let agentA: Agent;
let agentA2: Agent;
let agentB: Agent;
let agentAll: Agent;
let agentNone: Agent;

beforeAll(async () => {
  w = await startWorld();
  queueA = await createQueue(w, 'Vendas');
  queueB = await createQueue(w, 'Suporte');
  whatsappId = await pairedConnection(w, [queueA, queueB]);
  agentA = await createAgent(w, [queueA]);
  agentA2 = await createAgent(w, [queueA]);
  agentB = await createAgent(w, [queueB]);
  agentAll = await createAgent(w, [], { allTicket: 'enabled' });
  agentNone = await createAgent(w, []);
});
afterAll(() => w.t.close());

let n = 0;
/** A customer writes; answers the (pending, queue-less) ticket, moved to `queueId` when given. */
async function ticketFrom(name: string, body: string, queueId?: number): Promise<Ticket> {
  const number = `55119${String(20000000 + ++n).padStart(8, '0')}`;
  await createInboundHandler(w.t.ctx).message(handlerSource(w, whatsappId), inboundEvent(`${number}@s.whatsapp.net`, { pushName: name, body }));
  const row = await w.t.database.db
    .selectFrom('tickets').innerJoin('contacts', 'contacts.id', 'tickets.contactId').select('tickets.id').where('contacts.number', '=', number).executeTakeFirstOrThrow();
  if (queueId) expect((await w.admin.put(`/api/tickets/${row.id}`, { action: 'transfer', queueId })).statusCode).toBe(200);
  return (await w.admin.get(`/api/tickets/${row.id}`)).json();
}

/** The queue bot's menu (the connection has two queues): what the agents' actions say comes after it. */
const isBotMenu = (body: string) => body.startsWith('Escolha uma fila');

const ids = (page: TicketPage) => page.tickets.map((t) => t.id).sort((a, b) => a - b);
const list = async (api: { get(url: string): Promise<{ json(): unknown; statusCode: number }> }, query = '') => {
  const res = await api.get(`/api/tickets${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as TicketPage;
};

describe('visibility', () => {
  let inA: Ticket;
  let inB: Ticket;
  let queueLess: Ticket;
  let openOfA2: Ticket;

  beforeAll(async () => {
    inA = await ticketFrom('Ana Lima', 'quero comprar', queueA);
    inB = await ticketFrom('Bruno Reis', 'meu aparelho quebrou', queueB);
    queueLess = await ticketFrom('Caio Melo', 'olá');
    openOfA2 = await ticketFrom('Dora Nunes', 'orçamento', queueA);
    expect((await agentA2.api.put(`/api/tickets/${openOfA2.id}`, { action: 'accept' })).json()).toMatchObject({ status: 'open', userId: agentA2.id });
  });

  it('lists the waiting tickets of the caller’s queues, and queue-less ones only with allTicket', async () => {
    const mine = [inA.id, inB.id, queueLess.id, openOfA2.id];
    const seen = async (api: Agent['api'], query: string) => ids(await list(api, query)).filter((id) => mine.includes(id));
    expect(await seen(agentA.api, '?status=pending')).toEqual([inA.id]);
    expect(await seen(agentB.api, '?status=pending')).toEqual([inB.id]);
    expect(await seen(agentAll.api, '?status=pending')).toEqual([queueLess.id]);
    expect(await seen(agentNone.api, '?status=pending')).toEqual([]);
    expect(await seen(agentA.api, '?status=open')).toEqual([]);
    expect(await seen(agentA2.api, '?status=open')).toEqual([openOfA2.id]);
    expect(await seen(w.admin, '?status=pending&showAll=true')).toEqual([inA.id, inB.id, queueLess.id]);
    expect(await seen(w.admin, '?showAll=true')).toEqual(mine);
    // Not an admin: showAll changes nothing.
    expect(await seen(agentA.api, '?status=pending&showAll=true')).toEqual([inA.id]);
  });

  it('opens a ticket of the caller’s reach, and answers ERR_NO_PERMISSION for another queue’s', async () => {
    expect((await agentA.api.get(`/api/tickets/${inA.id}`)).statusCode).toBe(200);
    expect((await agentA.api.get(`/api/tickets/u/${inA.uuid}`)).json()).toMatchObject({ id: inA.id, queue: { id: queueA, name: 'Vendas' } });
    expect((await agentA.api.get(`/api/tickets/${openOfA2.id}`)).statusCode).toBe(200);
    for (const [api, ticket] of [[agentA.api, inB], [agentB.api, inA], [agentA.api, queueLess], [agentNone.api, inA]] as const) {
      const res = await api.get(`/api/tickets/${ticket.id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
      expect((await api.get(`/api/messages/${ticket.id}`)).statusCode).toBe(403);
      expect((await api.put(`/api/tickets/${ticket.id}`, { action: 'accept' })).statusCode).toBe(403);
    }
    expect((await agentAll.api.get(`/api/tickets/${queueLess.id}`)).statusCode).toBe(200);
    expect((await agentA.api.get('/api/tickets/u/not-a-uuid')).statusCode).toBe(404);
  });

  it('searches contact names, numbers and message text through the indexes, within reach', async () => {
    const search = async (api: Agent['api'], text: string) => ids(await list(api, `?searchParam=${encodeURIComponent(text)}`));
    expect(await search(agentA.api, 'ana')).toEqual([inA.id]);
    expect(await search(agentA.api, 'comprar')).toEqual([inA.id]);
    expect(await search(agentA.api, 'aparelho')).toEqual([]); // queue B's
    expect(await search(w.admin, 'aparelho quebr')).toEqual([]); // an admin without showAll sees its own share
    expect(ids(await list(w.admin, `?showAll=true&searchParam=aparelho`))).toEqual([inB.id]);
    const number = inB.contact.number;
    expect(ids(await list(w.admin, `?showAll=true&searchParam=${encodeURIComponent(`(${number.slice(2, 4)}) ${number.slice(4, 9)}-${number.slice(9)}`)}`))).toEqual([inB.id]);
    expect(ids(await list(w.admin, `?showAll=true&searchParam=${encodeURIComponent("'):* | !")}`))).toEqual([]);
  });

  it('search finds words across the contact and the messages, later messages, number fragments and new names', async () => {
    const admin = async (text: string) => ids(await list(w.admin, `?showAll=true&searchParam=${encodeURIComponent(text)}`));
    // A name and a message's word, or words of two messages: one ticket holds them all.
    expect(await admin('bruno aparelho')).toEqual([inB.id]);
    await createInboundHandler(w.t.ctx).message(handlerSource(w, whatsappId), inboundEvent(`${inB.contact.number}@s.whatsapp.net`, { pushName: 'Bruno Reis', body: 'a tela da geladeira apagou' }));
    expect(await admin('geladeira')).toEqual([inB.id]);
    expect(await admin('geladeira quebrou')).toEqual([inB.id]);
    // A long conversation: its words stay findable, old and new, one by one or together.
    for (const word of ['alfa', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliett', 'kilo', 'luz', 'mike', 'november', 'oscar', 'papa', 'quebec', 'romeo']) {
      await createInboundHandler(w.t.ctx).message(handlerSource(w, whatsappId), inboundEvent(`${inB.contact.number}@s.whatsapp.net`, { pushName: 'Bruno Reis', body: `código ${word}` }));
    }
    expect(await admin('alfa')).toEqual([inB.id]);
    expect(await admin('romeo geladeira bruno')).toEqual([inB.id]);
    // The number without country and area code, as customers say it.
    const number = inB.contact.number;
    expect(await admin(`${number.slice(4, 9)}-${number.slice(9)}`)).toEqual([inB.id]);
    // A contact renamed is found by the new name, no longer by the old one.
    expect((await w.admin.put(`/api/contacts/${inA.contactId}`, { name: 'Anabela Prado' })).statusCode).toBe(200);
    expect(await admin('prado')).toEqual([inA.id]);
    expect(await admin('lima')).toEqual([]);
    expect(await admin('comprar')).toEqual([inA.id]);
  });

  it('tags: tickets having every tag chosen', async () => {
    const [red, blue] = await Promise.all(['Vermelha', 'Azul'].map(async (name) => (await w.admin.post('/api/tags', { name })).json().id as number));
    expect((await w.admin.post('/api/tags/sync', { ticketId: inA.id, tags: [{ id: red }, { id: blue }] })).statusCode).toBe(200);
    expect((await w.admin.post('/api/tags/sync', { ticketId: inB.id, tags: [{ id: red }] })).statusCode).toBe(200);
    expect(await list(w.admin, `?showAll=true&tags=[${red}]`)).toMatchObject({ count: 2, hasMore: false });
    expect(ids(await list(w.admin, `?showAll=true&tags=[${red}]`))).toEqual([inA.id, inB.id]);
    expect(ids(await list(w.admin, `?showAll=true&tags=[${red},${blue}]`))).toEqual([inA.id]);
    expect(ids(await list(w.admin, `?showAll=true&tags=[${blue},${blue}]`))).toEqual([inA.id]);
    expect(ids(await list(agentB.api, `?status=pending&tags=[${red}]`))).toEqual([inB.id]);
  });

  it('filters by queue, user, connection, unread and date, unread tickets first, 40 per page', async () => {
    expect(ids(await list(w.admin, `?showAll=true&queueIds=[${queueB}]`))).toEqual(expect.arrayContaining([inB.id, queueLess.id]));
    expect(ids(await list(w.admin, `?showAll=true&queueIds=[${queueB}]`))).not.toContain(inA.id);
    expect(ids(await list(w.admin, `?showAll=true&users=${agentA2.id}`))).toEqual([openOfA2.id]);
    expect(ids(await list(w.admin, `?showAll=true&whatsappIds=${whatsappId + 1000}`))).toEqual([]);
    expect(ids(await list(w.admin, `?showAll=true&date=2025-01-06`))).toEqual(expect.arrayContaining([inA.id, inB.id]));
    expect(ids(await list(w.admin, `?showAll=true&date=2025-01-07`))).toEqual([]);
    await agentA.api.get(`/api/messages/${inA.id}`); // read
    const unread = await list(w.admin, '?showAll=true&withUnreadMessages=true');
    expect(unread.tickets.map((t) => t.id)).not.toContain(inA.id);
    const all = await list(w.admin, '?showAll=true');
    const firstRead = all.tickets.findIndex((t) => t.unreadMessages === 0);
    expect(all.tickets.slice(firstRead).every((t) => t.unreadMessages === 0)).toBe(true);
    expect(all).toMatchObject({ count: all.tickets.length, hasMore: false });
  });

  it('a search matching more than a page pages like the list, newest first', async () => {
    const made: number[] = [];
    for (let i = 0; i < 41; i++) {
      const contact = (await w.admin.post('/api/contacts', { name: `Paginada ${i}`, number: `55219${String(30000000 + i).padStart(8, '0')}` })).json();
      const ticket = await w.admin.post('/api/tickets', { contactId: contact.id, status: 'open', userId: agentA.id, queueId: queueA });
      expect(ticket.statusCode).toBe(200);
      made.push(ticket.json().id);
    }
    const first = await list(w.admin, '?showAll=true&searchParam=paginada');
    expect(first.tickets).toHaveLength(40);
    expect(first.hasMore).toBe(true);
    const second = await list(w.admin, '?showAll=true&searchParam=paginada&pageNumber=2');
    expect(second).toMatchObject({ hasMore: false, count: 41 });
    expect([...first.tickets, ...second.tickets].map((t) => t.id).sort((a, b) => a - b)).toEqual(made);
    // The agent who holds them finds them too; another queue's agent does not.
    expect((await list(agentA.api, '?searchParam=paginada')).tickets).toHaveLength(40);
    expect((await list(agentB.api, '?searchParam=paginada')).tickets).toEqual([]);
  });
});

describe('ERR_OTHER_OPEN_TICKET and new tickets', () => {
  it('names who holds the contact’s live ticket and in which queue; a closed one is reopened, not duplicated', async () => {
    const waiting = await ticketFrom('Eva Prado', 'oi', queueA);
    const body = { contactId: waiting.contactId, whatsappId, queueId: queueA };
    let res = await agentA.api.post('/api/tickets', body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'ERR_OTHER_OPEN_TICKET',
      details: { ticketId: waiting.id, uuid: waiting.uuid, userId: null, userName: null, queueName: 'Vendas' },
    });
    await agentA2.api.put(`/api/tickets/${waiting.id}`, { action: 'accept' });
    res = await agentA.api.post('/api/tickets', body);
    expect(res.json().details).toMatchObject({ userId: agentA2.id, userName: expect.any(String), queueName: 'Vendas' });

    await agentA2.api.put(`/api/tickets/${waiting.id}`, { status: 'closed' });
    res = await agentA.api.post('/api/tickets', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: waiting.id, status: 'open', userId: agentA.id, queueId: queueA });
    const cycles = await w.t.database.db.selectFrom('ticketCycles').selectAll().where('ticketId', '=', waiting.id).execute();
    expect(cycles).toHaveLength(2);
  });

  it('creates an open ticket for a new contact; users must pick one of their queues', async () => {
    const contact = await w.t.database.db
      .insertInto('contacts').values({ companyId: w.company.companyId, name: 'Fábio Luz', number: '5511977770001' }).returningAll().executeTakeFirstOrThrow();
    let res = await agentA.api.post('/api/tickets', { contactId: contact.id, whatsappId });
    expect(res.json()).toEqual({ error: 'ERR_VALIDATION', fields: { queueId: 'required' } });
    res = await agentA.api.post('/api/tickets', { contactId: contact.id, whatsappId, queueId: queueB });
    expect(res.statusCode).toBe(403);
    res = await agentA.api.post('/api/tickets', { contactId: contact.id, whatsappId, queueId: queueA });
    expect(res.json()).toMatchObject({ status: 'open', userId: agentA.id, contact: { name: 'Fábio Luz' }, whatsapp: { id: whatsappId } });
    expect((await agentA.api.post('/api/tickets', { contactId: 999_999, queueId: queueA })).json()).toEqual({ error: 'ERR_NO_CONTACT_FOUND' });
  });
});

describe('state changes', () => {
  it('accept: the second agent learns who took it; return clears the owner; greeting when enabled', async () => {
    await setSetting(w, 'sendGreetingAccepted', 'enabled');
    const ticket = await ticketFrom('Gil Rocha', 'alô', queueA);
    expect((await agentA.api.put(`/api/tickets/${ticket.id}`, { status: 'open', userId: agentA.id })).json()).toMatchObject({ status: 'open', userId: agentA.id });
    const late = await agentA2.api.put(`/api/tickets/${ticket.id}`, { action: 'accept' });
    expect(late.statusCode).toBe(409);
    expect(late.json().details).toMatchObject({ userId: agentA.id });
    await settle(w);
    const phone = w.network.conversation(whatsappId, ticket.contact.number);
    expect(phone.filter((e) => e.direction === 'out' && !isBotMenu(e.body)).map((e) => e.body)).toEqual([expect.stringMatching(/^Olá \*Gil Rocha\*, meu nome é \*.+\*/)]);
    expect((await agentA2.api.put(`/api/tickets/${ticket.id}`, { action: 'return' })).statusCode).toBe(403);
    expect((await agentA.api.put(`/api/tickets/${ticket.id}`, { status: 'pending', userId: null })).json()).toMatchObject({ status: 'pending', userId: null });
    await setSetting(w, 'sendGreetingAccepted', 'disabled');
  });

  it('transfer: queue required; users hand over only to members of the target queue; the customer is told when enabled', async () => {
    const ticket = await ticketFrom('Hugo Dias', 'transferência', queueA);
    await setSetting(w, 'sendMsgTransfTicket', 'enabled');
    await agentA.api.put(`/api/tickets/${ticket.id}`, { action: 'accept' });
    expect((await agentA.api.put(`/api/tickets/${ticket.id}`, { action: 'transfer', queueId: null })).json()).toEqual({ error: 'ERR_VALIDATION', fields: { queueId: 'required' } });
    expect((await agentA.api.put(`/api/tickets/${ticket.id}`, { queueId: queueB, userId: agentA2.id })).statusCode).toBe(403);
    const moved = await agentA.api.put(`/api/tickets/${ticket.id}`, { queueId: queueB, userId: agentB.id, status: 'open' });
    expect(moved.json()).toMatchObject({ queueId: queueB, userId: agentB.id, status: 'open' });
    expect((await agentA.api.get(`/api/tickets/${ticket.id}`)).statusCode).toBe(403);
    const toQueue = await w.admin.put(`/api/tickets/${ticket.id}`, { queueId: queueA, userId: null });
    expect(toQueue.json()).toMatchObject({ queueId: queueA, userId: null, status: 'pending' });
    await settle(w);
    const told = w.network.conversation(whatsappId, ticket.contact.number).filter((e) => e.direction === 'out' && !isBotMenu(e.body)).map((e) => e.body);
    expect(told).toEqual([expect.stringContaining('*Suporte*'), expect.stringContaining('*Vendas*')]);
    expect(told[0]).toContain('Contate com');
    await setSetting(w, 'sendMsgTransfTicket', 'disabled');
  });

  it('finish keeps the queue and clears integration and prompt; reopen makes a new attendance', async () => {
    const ticket = await ticketFrom('Ines Paz', 'encerrar', queueA);
    await agentA.api.put(`/api/tickets/${ticket.id}`, { action: 'accept' });
    const integrationId = (await w.admin.post('/api/queueIntegration', { type: 'webhook', name: 'Receptor', urlN8N: 'http://n8n.example/hook' })).json().id;
    const marked = await agentA.api.put(`/api/tickets/${ticket.id}`, { useIntegration: true, integrationId, promptId: 4 });
    expect(marked.json()).toMatchObject({ useIntegration: true, integrationId, promptId: 4 });
    // Another company's or an unknown integration is refused.
    expect((await agentA.api.put(`/api/tickets/${ticket.id}`, { integrationId: integrationId + 1000 })).json()).toMatchObject({ error: 'ERR_VALIDATION', fields: { integrationId: 'invalid' } });
    const finished = (await agentA.api.put(`/api/tickets/${ticket.id}`, { status: 'closed' })).json();
    expect(finished).toMatchObject({ status: 'closed', userId: agentA.id, queueId: queueA, useIntegration: false, integrationId: null, promptId: null });
    const reopened = (await agentA2.api.put(`/api/tickets/${ticket.id}`, { status: 'open' })).json();
    expect(reopened).toMatchObject({ status: 'open', userId: agentA2.id, queueId: queueA });
    const cycles = await w.t.database.db.selectFrom('ticketCycles').selectAll().where('ticketId', '=', ticket.id).orderBy('id').execute();
    expect(cycles.map((c) => [c.userId, Boolean(c.acceptedAt), Boolean(c.finishedAt)])).toEqual([
      [agentA.id, true, true],
      [agentA2.id, true, false],
    ]);
  });

  it('delete needs ticket-options:deleteTicket', async () => {
    const ticket = await ticketFrom('Júlia Sá', 'apagar', queueA);
    expect((await agentA.api.delete(`/api/tickets/${ticket.id}`)).statusCode).toBe(403);
    expect((await w.admin.delete(`/api/tickets/${ticket.id}`)).statusCode).toBe(204);
    expect((await w.admin.get(`/api/tickets/${ticket.id}`)).json()).toEqual({ error: 'ERR_NO_TICKET_FOUND' });
    expect(await w.t.database.db.selectFrom('messages').select('id').where('ticketId', '=', ticket.id).execute()).toEqual([]);
  });
});
