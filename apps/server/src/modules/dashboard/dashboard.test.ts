import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, TicketsPerDay, TicketsPerUser } from '@atende/contract';
import { startTestApp, unique, type ApiClient, type TestApp } from '../../test/harness.js';
import { COMPANY_TIME_ZONE } from '../messages/message-templates.js';

/**
 * The dashboard: counters, attendants and charts from the attendances of a
 * period, on the company's calendar (São Paulo, UTC-3), for admins of that company only.
 * "Today" is 2025-03-20 (12:00 in São Paulo).
 */
const NOW = new Date('2025-03-20T15:00:00Z');
const at = (iso: string) => new Date(iso);
const plusMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

let t: TestApp;
let admin: ApiClient;
let agentApi: ApiClient;
let adminId: number;
let agentId: number;
let otherAdmin: ApiClient;
let otherUserId: number;
let n = 0;

interface Attendance {
  companyId: number;
  startedAt: Date;
  /** Minutes after arrival. */
  acceptedAfter?: number;
  /** Minutes after acceptance. */
  finishedAfter?: number;
  userId?: number;
  rating?: number;
  /** When the contact was created (default: when the attendance began). */
  contactCreatedAt?: Date;
}

/** A contact, its ticket and one attendance, written as the engine leaves them. */
async function attendance(a: Attendance) {
  const db = t.database.db;
  const acceptedAt = a.acceptedAfter === undefined ? null : plusMinutes(a.startedAt, a.acceptedAfter);
  const finishedAt = a.finishedAfter === undefined ? null : plusMinutes(acceptedAt ?? a.startedAt, a.finishedAfter);
  const status = finishedAt ? 'closed' : acceptedAt ? 'open' : 'pending';
  const contact = await db
    .insertInto('contacts')
    .values({ companyId: a.companyId, name: `Cliente ${++n}`, number: `5511${String(900000000 + n)}`, createdAt: a.contactCreatedAt ?? a.startedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ticket = await db
    .insertInto('tickets')
    .values({ companyId: a.companyId, contactId: contact.id, status, userId: acceptedAt ? (a.userId ?? null) : null, createdAt: a.startedAt })
    .returningAll()
    .executeTakeFirstOrThrow();
  const cycle = await db
    .insertInto('ticketCycles')
    .values({
      companyId: a.companyId, ticketId: ticket.id, contactId: contact.id, userId: acceptedAt ? (a.userId ?? null) : null,
      startedAt: a.startedAt, acceptedAt, finishedAt, rating: a.rating ?? null, ratedAt: a.rating ? finishedAt : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('tickets').set({ currentCycleId: cycle.id }).where('id', '=', ticket.id).execute();
}

beforeAll(async () => {
  t = await startTestApp({ clock: { now: () => new Date(NOW) }, env: { LOGIN_MAX_PER_IP: '100000' } });
  const company = await t.createCompany();
  const adminSession = await t.login(company.email, company.password);
  admin = t.as(adminSession);
  adminId = company.adminId;
  const agentInput = { name: 'Zélia Agente', email: `${unique('agent')}@example.com`, password: 'secret123' };
  agentId = (await admin.post('/api/users', agentInput)).json().id;
  agentApi = t.as(await t.login(agentInput.email, agentInput.password));

  const other = await t.createCompany();
  otherAdmin = t.as(await t.login(other.email, other.password));
  otherUserId = other.adminId;

  const A = company.companyId;
  // c1: 18th, waited 10 min, attended 30 min by the agent, rated 3.
  await attendance({ companyId: A, startedAt: at('2025-03-18T12:00:00Z'), acceptedAfter: 10, finishedAfter: 30, userId: agentId, rating: 3 });
  // c2: 19th, waited 20 min, in conversation with the admin; an old contact.
  await attendance({ companyId: A, startedAt: at('2025-03-19T13:00:00Z'), acceptedAfter: 20, userId: adminId, contactCreatedAt: at('2025-01-05T12:00:00Z') });
  // c3: today, still waiting.
  await attendance({ companyId: A, startedAt: at('2025-03-20T14:00:00Z') });
  // c4: 10th (in the month, not in the last 3 days), the agent, rated 1.
  await attendance({ companyId: A, startedAt: at('2025-03-10T12:00:00Z'), acceptedAfter: 0, finishedAfter: 50, userId: agentId, rating: 1 });
  // c5: 23:30 of the 19th in São Paulo (already the 20th in UTC), the agent, rated 2.
  await attendance({ companyId: A, startedAt: at('2025-03-20T02:30:00Z'), acceptedAfter: 5, finishedAfter: 10, userId: agentId, rating: 2 });
  // Another company's attendance on the 19th: never seen by company A.
  await attendance({ companyId: other.companyId, startedAt: at('2025-03-19T15:00:00Z'), acceptedAfter: 1, finishedAfter: 1, userId: other.adminId, rating: 1 });

  await t.database.db.updateTable('users').set({ online: true, lastSeenAt: plusMinutes(NOW, -2) }).where('id', '=', agentId).execute();
  await t.database.db.updateTable('users').set({ online: true, lastSeenAt: plusMinutes(NOW, -60) }).where('id', '=', adminId).execute();
});
afterAll(() => t.close());

async function dashboard(query: string, api = admin): Promise<Dashboard> {
  const res = await api.get(`/api/dashboard${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

it('reads days on the São Paulo calendar', () => {
  expect(COMPANY_TIME_ZONE).toBe('America/Sao_Paulo');
});

describe('GET /dashboard', () => {
  it('counts the attendances of the last days: live states, finished, new contacts and average times', async () => {
    const body = await dashboard('?days=3');
    expect(body.period).toEqual({ from: '2025-03-18', to: '2025-03-20' });
    expect(body.counters).toEqual({
      supportHappening: 1,
      supportPending: 1,
      supportFinished: 2,
      newContacts: 3,
      avgSupportTime: 20, // (30 + 10) / 2
      avgWaitTime: 11.7, // (10 + 20 + 5) / 3
    });
  });

  it('lists every attendant with rating, average support time and presence from a recent heartbeat', async () => {
    const { attendants } = await dashboard('?days=3');
    expect(attendants.find((a) => a.id === agentId)).toEqual({ id: agentId, name: 'Zélia Agente', rating: 2.5, avgSupportTime: 20, tickets: 2, online: true });
    expect(attendants.find((a) => a.id === adminId)).toMatchObject({ rating: null, avgSupportTime: 0, tickets: 1, online: false });
    expect(attendants.map((a) => a.id)).not.toContain(otherUserId);
  });

  it('narrows everything to one attendant', async () => {
    const body = await dashboard(`?days=3&user_id=${agentId}`);
    expect(body.counters).toEqual({ supportHappening: 0, supportPending: 0, supportFinished: 2, newContacts: 2, avgSupportTime: 20, avgWaitTime: 7.5 });
    expect(body.attendants.map((a) => a.id)).toEqual([agentId]);
  });

  it('takes dates inclusive, and without any filter reads the current month', async () => {
    const month = await dashboard('?date_from=2025-03-01&date_to=2025-03-20');
    expect(month.counters).toMatchObject({ supportFinished: 3, supportHappening: 1, supportPending: 1, newContacts: 4, avgSupportTime: 30 });
    expect(month.attendants.find((a) => a.id === agentId)).toMatchObject({ rating: 2, tickets: 3 });
    expect(await dashboard('')).toEqual(month);
    expect((await dashboard('?date_from=2025-03-10&date_to=2025-03-10')).counters).toMatchObject({ supportFinished: 1, avgSupportTime: 50, avgWaitTime: 0 });
    expect((await dashboard('?date_from=2025-03-19&date_to=2025-03-19')).counters).toMatchObject({ supportHappening: 1, supportFinished: 1, supportPending: 0 });
  });

  it('answers nothing of another company', async () => {
    const body = await dashboard('?days=3', otherAdmin);
    expect(body.counters).toMatchObject({ supportFinished: 1, supportHappening: 0, supportPending: 0, newContacts: 1 });
    expect(body.attendants.map((a) => a.id)).toEqual([otherUserId]);
    const res = await admin.get(`/api/dashboard?days=3&user_id=${otherUserId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'ERR_NO_USER_FOUND' });
  });

  it.each([
    ['days=abc', 'days'],
    ['days=0', 'days'],
    ['days=400', 'days'],
    ['date_from=2025-02-30', 'date_from'],
    ['date_from=2025-03-10&date_to=2025-03-01', 'date_to'],
    ['date_from=2023-01-01&date_to=2025-03-01', 'date_to'],
    ['date_from=2020-01-01', 'date_from'],
    ['user_id=abc', 'user_id'],
    ['user_id=99999999999', 'user_id'],
    ['days=3&days=7', 'days'],
  ])('refuses %s with 400 ERR_VALIDATION', async (query, field) => {
    const res = await admin.get(`/api/dashboard?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: { [field]: expect.any(String) } });
  });
});

describe('charts', () => {
  it('counts attendances per day on the company calendar, with a total', async () => {
    const res = await admin.get('/api/dashboard/ticketsDay?initialDate=2025-03-17&finalDate=2025-03-20');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual<TicketsPerDay>({
      unit: 'day',
      data: [{ label: '2025-03-17', total: 0 }, { label: '2025-03-18', total: 1 }, { label: '2025-03-19', total: 2 }, { label: '2025-03-20', total: 1 }],
      total: 4,
    });
  });

  it('counts per hour when the range is one day', async () => {
    const body: TicketsPerDay = (await admin.get('/api/dashboard/ticketsDay?initialDate=2025-03-19&finalDate=2025-03-19')).json();
    expect(body.unit).toBe('hour');
    expect(body.data).toHaveLength(24);
    expect(body.data.filter((bar) => bar.total > 0)).toEqual([{ label: '10', total: 1 }, { label: '23', total: 1 }]);
    expect(body.total).toBe(2);
  });

  it('counts attendances per attendant, most first', async () => {
    const body: TicketsPerUser = (await admin.get('/api/dashboard/ticketsUsers?initialDate=2025-03-01&finalDate=2025-03-20&companyId=999')).json();
    expect(body.data).toEqual([{ userId: agentId, name: 'Zélia Agente', total: 3 }, expect.objectContaining({ userId: adminId, total: 1 })]);
    const other: TicketsPerUser = (await otherAdmin.get('/api/dashboard/ticketsUsers?initialDate=2025-03-01&finalDate=2025-03-20')).json();
    expect(other.data).toEqual([expect.objectContaining({ userId: otherUserId, total: 1 })]);
  });

  it('refuses missing or reversed dates and another company’s attendant', async () => {
    for (const path of ['ticketsDay', 'ticketsUsers']) {
      expect((await admin.get(`/api/dashboard/${path}`)).json()).toMatchObject({ error: 'ERR_VALIDATION', fields: { initialDate: 'required' } });
      expect((await admin.get(`/api/dashboard/${path}?initialDate=2025-03-05&finalDate=2025-03-01`)).statusCode).toBe(400);
      expect((await admin.get(`/api/dashboard/${path}?initialDate=2025-03-01&finalDate=2025-03-05&user_id=${otherUserId}`)).statusCode).toBe(404);
    }
  });
});

describe('who may read it', () => {
  const paths = ['/api/dashboard?days=3', '/api/dashboard/ticketsUsers?initialDate=2025-03-01&finalDate=2025-03-20', '/api/dashboard/ticketsDay?initialDate=2025-03-01&finalDate=2025-03-20'];

  it.each(paths)('%s needs a signed-in caller (401)', async (url) => {
    const res = await t.request({ method: 'GET', url });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'ERR_SESSION_EXPIRED' });
  });

  it.each(paths)('%s is refused to agents (403)', async (url) => {
    const res = await agentApi.get(url);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
  });
});
