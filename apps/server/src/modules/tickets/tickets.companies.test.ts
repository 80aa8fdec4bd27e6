import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketPage } from '@atende/contract';
import { createAgent, createQueue, handlerSource, inboundEvent, pairedConnection, settle, startWorld, ticketOf, type Agent, type World } from '../../test/conversation-world.js';
import type { ApiClient } from '../../test/harness.js';
import { createInboundHandler } from '../inbound/inbound.handler.js';

/**
 * Two companies with the same data (contact names, words in messages, tag and queue names): every
 * filter of GET /tickets, and its count, answers the caller's company's tickets only.
 */
let w: World;

interface Side {
  companyId: number;
  admin: ApiClient;
  agent: Agent;
  sales: number;
  support: number;
  vip: number;
  ticketIds: Set<number>;
}
const sides: Side[] = [];
const day = '2025-01-06'; // the world's clock

async function company(admin: ApiClient, companyId: number): Promise<Side> {
  const sales = await createQueue(w, 'Vendas', admin);
  const support = await createQueue(w, 'Suporte', admin);
  const whatsappId = await pairedConnection(w, [sales], admin);
  const agent = await createAgent(w, [sales], {}, admin);
  const vip = (await admin.post('/api/tags', { name: 'VIP', color: '#aa0000' })).json().id as number;
  const handler = createInboundHandler(w.t.ctx);
  const customers = [
    { number: '5511933330001', name: 'Maria Souza', body: 'pedido 4471 atrasado' },
    { number: '5511933330002', name: 'João Lima', body: 'quero trocar a geladeira' },
    { number: '5511933330003', name: 'Ana Paula', body: 'pedido 4471 chegou, obrigada' },
    { number: '5511933330004', name: 'Carlos Dias', body: 'sem fila ainda' },
  ];
  const ids: number[] = [];
  for (const c of customers) {
    await handler.message(handlerSource(w, whatsappId, companyId), inboundEvent(`${c.number}@s.whatsapp.net`, { pushName: c.name, body: c.body }));
    ids.push((await ticketOf(w, whatsappId, c.number))!.id);
  }
  await settle(w);
  const [maria, joao, ana, carlos] = ids;
  expect((await agent.api.put(`/api/tickets/${maria}`, { action: 'accept' })).statusCode).toBe(200);
  expect((await admin.post('/api/tags/sync', { ticketId: joao, tags: [{ id: vip }] })).statusCode).toBe(200);
  expect((await admin.put(`/api/tickets/${ana}`, { action: 'finish', skipRating: true })).statusCode).toBe(200);
  // A ticket without a queue: queue filters keep those.
  await w.t.database.db.updateTable('tickets').set({ queueId: null }).where('id', '=', carlos).execute();
  // The agent reads Maria's messages: her ticket has none unread, the others do.
  await agent.api.get(`/api/messages/${maria}`);
  await settle(w);
  return { companyId, admin, agent, sales, support, vip, ticketIds: new Set(ids) };
}

beforeAll(async () => {
  w = await startWorld();
  sides.push(await company(w.admin, w.company.companyId));
  const other = await w.t.createCompany();
  sides.push(await company(w.t.as(await w.t.login(other.email, other.password)), other.companyId));
});
afterAll(() => w.t.close());

/** Every filter of the list, with the caller's own queue, tag and user ids. */
function filtersOf(side: Side): Array<Record<string, string>> {
  return [
    {},
    { status: 'pending' },
    { status: 'open' },
    { status: 'closed' },
    { queueIds: String(side.sales) },
    { queueIds: `[${side.support}]` },
    { tags: String(side.vip) },
    { users: String(side.agent.id) },
    { withUnreadMessages: 'true' },
    { date: day },
    { updatedAt: day },
    { searchParam: 'pedido' },
    { searchParam: 'Maria Souza' },
    { searchParam: 'geladeira' },
    { searchParam: '4471' },
    { searchParam: '11933330002' },
    { searchParam: 'pedido', status: 'closed' },
    { tags: String(side.vip), status: 'pending' },
  ];
}

async function list(api: ApiClient, query: Record<string, string>): Promise<TicketPage> {
  const res = await api.get(`/api/tickets?${new URLSearchParams(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TicketPage;
}

describe('the ticket list of one company never shows another’s', () => {
  it('every filter and its count, for an admin with and without show all and for an agent', async () => {
    for (const side of sides) {
      const callers = [
        { api: side.admin, showAll: 'true' },
        { api: side.admin, showAll: 'false' },
        { api: side.agent.api, showAll: 'false' },
      ];
      for (const caller of callers) {
        for (const filters of filtersOf(side)) {
          const query = { ...filters, showAll: caller.showAll };
          const page = await list(caller.api, query);
          const label = `company ${side.companyId} ${JSON.stringify(query)}`;
          expect(page.tickets.filter((t) => !side.ticketIds.has(t.id)), label).toEqual([]);
          expect(page.count, label).toBe(page.tickets.length);
          // With show all each filter finds something of the caller's own: the test means something.
          if (caller.showAll === 'true') expect(page.tickets.length, label).toBeGreaterThan(0);
        }
      }
    }
  });

  it('the other company’s queue, tag and user ids find nothing of theirs', async () => {
    const [mine, theirs] = sides;
    const foreign: Array<Record<string, string>> = [
      { queueIds: String(theirs.sales) },
      { tags: String(theirs.vip) },
      { users: String(theirs.agent.id) },
      { tags: String(theirs.vip), searchParam: 'geladeira' },
    ];
    for (const filters of foreign) {
      const page = await list(mine.admin, { ...filters, showAll: 'true' });
      expect(page.tickets.filter((t) => !mine.ticketIds.has(t.id)), JSON.stringify(filters)).toEqual([]);
      expect(page.count).toBe(page.tickets.length);
    }
  });
});
