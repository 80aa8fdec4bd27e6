import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inTicketLists, maySeeTicket, rooms, TICKET_STATUSES, type AllTicket, type Profile, type TicketPage, type TicketPlace, type TicketViewer,
} from '@atende/contract';
import { startTestApp, unique, type ApiClient, type TestApp } from '../../test/harness.js';
import { presentedWithAudience, ticketAudience } from './tickets.audience.js';

/**
 * The visibility rule is written once (the contract's tickets/visibility.ts) and its SQL forms
 * once (tickets.queries.ts): every combination of viewer (admin, agent, allTicket agent,
 * supervisor, agent without queues), queue (none, the viewer's, another), owner (none, the
 * viewer, someone else) and status, with and without 'show all' and a text search, answers the
 * same through GET /tickets, GET /tickets/:id and the live audience as the predicate says.
 */
let t: TestApp;
let companyId: number;
let mine: number;
let other: number;

interface Person extends TicketViewer {
  api: ApiClient;
}
const people: Record<string, Person> = {};
interface Row extends TicketPlace {
  id: number;
}
const tickets: Row[] = [];

async function person(admin: ApiClient, profile: Profile, allTicket: AllTicket, queueIds: number[]): Promise<Person> {
  const input = { name: unique('Pessoa').slice(0, 40), email: `${unique('p')}@example.com`, password: 'secret123', profile, allTicket, queueIds };
  const res = await admin.post('/api/users', input);
  expect(res.statusCode, res.body).toBe(200);
  const session = await t.login(input.email, input.password);
  return { userId: res.json().id, profile, allTicket, queueIds, api: t.as(session) };
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
  const company = await t.createCompany();
  companyId = company.companyId;
  const admin = t.as(await t.login(company.email, company.password));
  const queue = async (name: string, color: string) => {
    const res = await admin.post('/api/queue', { name, color });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  };
  mine = await queue('Minha', '#123456');
  other = await queue('Outra', '#654321');
  people.admin = await person(admin, 'admin', 'desabled', [mine]);
  people.agent = await person(admin, 'user', 'desabled', [mine]);
  people.agentAll = await person(admin, 'user', 'enabled', [mine]);
  people.supervisor = await person(admin, 'supervisor', 'desabled', [mine]);
  people.noQueue = await person(admin, 'user', 'desabled', []);
  people.otherQueue = await person(admin, 'user', 'enabled', [other]);

  const db = t.database.db;
  const now = new Date();
  let n = 0;
  for (const queueId of [null, mine, other]) {
    for (const userId of [null, ...Object.values(people).map((p) => p.userId)]) {
      for (const status of TICKET_STATUSES) {
        const contact = await db.insertInto('contacts').values({ companyId, name: `Cliente Tabela ${++n}`, number: `55119800${String(n).padStart(5, '0')}`, createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow();
        const row = await db
          .insertInto('tickets')
          .values({ companyId, contactId: contact.id, whatsappId: null, status, userId, queueId, botState: '{}', lastMessageAt: now, createdAt: now, updatedAt: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        tickets.push({ id: row.id, status, queueId, userId });
      }
    }
  }
});
afterAll(() => t.close());

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
const roomSet = (list: string[]) => [...list].sort();

describe('one visibility rule', () => {
  it('GET /tickets lists exactly what inTicketLists says, for every viewer, status, show all and search', async () => {
    for (const [name, viewer] of Object.entries(people)) {
      for (const showAll of [false, true]) {
        for (const searching of [false, true]) {
          for (const status of [...TICKET_STATUSES, undefined]) {
            const query = new URLSearchParams({ showAll: String(showAll), ...(status ? { status } : {}), ...(searching ? { searchParam: 'tabela' } : {}) });
            const res = await viewer.api.get(`/api/tickets?${query}`);
            expect(res.statusCode, res.body).toBe(200);
            const page = res.json() as TicketPage;
            const expected = tickets.filter((ticket) => (!status || ticket.status === status) && inTicketLists(viewer, ticket, { showAll, searching }));
            const label = `${name} showAll=${showAll} search=${searching} status=${status ?? 'any'}`;
            if (!searching) expect(page.count, label).toBe(expected.length);
            if (expected.length <= 40) expect(sorted(page.tickets.map((ticket) => ticket.id)), label).toEqual(sorted(expected.map((ticket) => ticket.id)));
            else expect(page.tickets.every((ticket) => expected.some((e) => e.id === ticket.id)), label).toBe(true);
          }
        }
      }
    }
  });

  it('GET /tickets/:id opens exactly what maySeeTicket says', async () => {
    for (const [name, viewer] of Object.entries(people)) {
      for (const ticket of tickets) {
        const res = await viewer.api.get(`/api/tickets/${ticket.id}`);
        expect(res.statusCode, `${name} ${JSON.stringify(ticket)}`).toBe(maySeeTicket(viewer, ticket) ? 200 : 403);
      }
    }
  });

  it('a ticket’s live events reach exactly the admins’ room and the users maySeeTicket lets see it', async () => {
    const others = Object.values(people).filter((p) => p.profile !== 'admin');
    const expected = (ticket: Row) => roomSet([rooms.admins(companyId), ...others.filter((p) => maySeeTicket(p, ticket)).map((p) => rooms.user(p.userId))]);
    const presented = await presentedWithAudience(t.database.db, companyId, tickets.map((ticket) => ticket.id));
    for (const ticket of tickets) {
      const label = JSON.stringify(ticket);
      expect(roomSet(await ticketAudience(t.database.db, { companyId, ...ticket })), label).toEqual(expected(ticket));
      expect(roomSet(presented.get(ticket.id)!.audience), label).toEqual(expected(ticket));
    }
  });
});
