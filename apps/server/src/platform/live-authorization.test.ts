import { createClient, type RedisClientType } from 'redis';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_EVENTS, companyEvent, rooms, type AuthEventPayload, type User } from '@atende/contract';
import { buildApp, type BuiltApp } from '../app.js';
import { ensurePlatformAdmin } from '../modules/seed/seed.js';
import { insertTicketRow } from '../test/conversation-fixtures.js';
import { startTestApp, unique, type ApiClient, type TestApp, type TestSession } from '../test/harness.js';
import { eventually, liveSockets } from '../test/live-sockets.js';

/**
 * A socket keeps hearing only what its user may hear now, not what they could when it connected:
 * a change of profile, queues or company status re-checks it at once, and a periodic re-check
 * catches what nobody announced (a session revoked in the database).
 */
const EVENT_MS = 10_000;
const SILENCE_MS = 300;

let t: TestApp;
let url = '';
let root: ApiClient;
const sockets = liveSockets(() => url);

beforeAll(async () => {
  // The periodic re-check stays at its minute here: what these tests see comes from the changes themselves.
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
  url = await t.listen();
  await ensurePlatformAdmin(t.database.db, t.config, t.app.log);
  root = t.as(await t.login(t.config.adminEmail, t.config.adminPassword));
});
afterEach(() => sockets.closeAll());
afterAll(() => t.close());

const silence = () => new Promise((resolve) => setTimeout(resolve, SILENCE_MS));

/** Ids of the users whose sockets are in `room`, as the server sees it. */
async function usersIn(app: TestApp, room: string): Promise<number[]> {
  return (await app.live.io.in(room).fetchSockets()).map((s) => (s.data.actor as { userId: number }).userId);
}

function cutWith(socket: Socket, companyId: number): Promise<{ auth: AuthEventPayload; reason: string }> {
  return new Promise((resolve, reject) => {
    let auth: AuthEventPayload | undefined;
    const timer = setTimeout(() => reject(new Error(`not cut within ${EVENT_MS} ms`)), EVENT_MS);
    socket.once(companyEvent(companyId, 'auth'), (payload: AuthEventPayload) => (auth = payload));
    socket.once('disconnect', (reason: string) => {
      clearTimeout(timer);
      resolve({ auth: auth!, reason });
    });
  });
}

async function companyWithAdmin(app = t) {
  const company = await app.createCompany({ dueDate: '2999-01-01' });
  const session = await app.login(company.email, company.password);
  return { company, session, api: app.as(session) };
}

async function member(app: TestApp, api: ApiClient, fields: Record<string, unknown> = {}): Promise<{ user: User; session: TestSession }> {
  const input = { name: unique('Pessoa'), email: `${unique('pessoa')}@live.example`, password: 'secret123', ...fields };
  const res = await api.post('/api/users', input);
  expect(res.statusCode, res.body).toBe(200);
  return { user: res.json(), session: await app.login(input.email, input.password) };
}

describe('a change of profile or queues', () => {
  it('a demoted admin leaves the admins room at once and hears no more connection QR codes', async () => {
    const { company, api } = await companyWithAdmin();
    const second = await member(t, api, { profile: 'admin' });
    const socket = await sockets.connect(second.session);
    expect(await usersIn(t, rooms.admins(company.companyId))).toContain(second.user.id);

    expect((await api.put(`/api/users/${second.user.id}`, { name: second.user.name, email: second.user.email, profile: 'user' })).statusCode).toBe(200);
    await eventually(async () => expect(await usersIn(t, rooms.admins(company.companyId))).not.toContain(second.user.id));

    const heard = sockets.record(socket);
    t.live.toRoom(rooms.admins(company.companyId), company.companyId, 'whatsappSession', { action: 'update', session: { id: 1, status: 'qrcode', qrcode: 'QR', retries: 0, updatedAt: new Date().toISOString() } });
    await silence();
    expect(heard.filter((h) => h.event === companyEvent(company.companyId, 'whatsappSession'))).toEqual([]);
    expect(socket.connected).toBe(true);
  });

  it("an agent taken off a queue leaves its tickets' rooms, hears no more of them and may not join them again", async () => {
    const { company, api, session: adminSession } = await companyWithAdmin();
    const queueId = (await api.post('/api/queue', { name: unique('Fila'), color: '#123456' })).json().id as number;
    const agent = await member(t, api, { queueIds: [queueId] });
    const ticket = await insertTicketRow(t.ctx.db, company.companyId, { queueId, status: 'pending' });
    const ticketRoom = rooms.ticket(company.companyId, ticket.id);
    const socket = await sockets.connect(agent.session);
    socket.emit(CLIENT_EVENTS.joinChatBox, ticket.id);
    await eventually(async () => expect(await usersIn(t, ticketRoom)).toEqual([agent.user.id]));

    expect((await api.put(`/api/users/${agent.user.id}`, { name: agent.user.name, email: agent.user.email, queueIds: [] })).statusCode).toBe(200);
    await eventually(async () => expect(await usersIn(t, ticketRoom)).toEqual([]));

    const heard = sockets.record(socket);
    const adminSocket = await sockets.connect(adminSession);
    const adminHeard = new Promise((resolve) => adminSocket.once(companyEvent(company.companyId, 'ticket'), resolve));
    expect((await api.put(`/api/tickets/${ticket.id}`, { status: 'open', userId: adminSession.userId })).statusCode).toBe(200);
    await adminHeard;
    socket.emit(CLIENT_EVENTS.joinChatBox, ticket.id);
    await silence();
    expect(heard.filter((h) => h.event === companyEvent(company.companyId, 'ticket'))).toEqual([]);
    expect(await usersIn(t, ticketRoom)).toEqual([]);
  });
});

describe('a company that stops working', () => {
  it('cuts the sockets of a company deactivated by the super user at once, telling why', async () => {
    const { company, session } = await companyWithAdmin();
    const socket = await sockets.connect(session);
    const cut = cutWith(socket, company.companyId);
    const row = (await root.get(`/api/companies/${company.companyId}`)).json();
    const res = await root.put(`/api/companies/${company.companyId}`, { name: row.name, email: row.email, planId: row.planId, status: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(await cut).toEqual({
      auth: { action: 'sessionEnded', userId: session.userId, endedSessionIds: [session.sessionId], reason: 'ERR_COMPANY_INACTIVE' },
      reason: 'io server disconnect',
    });
  });

  it('cuts the sockets of a company whose due date is set in the past', async () => {
    const { company, session } = await companyWithAdmin();
    const socket = await sockets.connect(session);
    const cut = cutWith(socket, company.companyId);
    const row = (await root.get(`/api/companies/${company.companyId}`)).json();
    await root.put(`/api/companies/${company.companyId}`, { name: row.name, email: row.email, planId: row.planId, dueDate: '2001-01-01' });
    expect((await cut).auth.reason).toBe('ERR_SUBSCRIPTION_EXPIRED');
  });
});

describe('an ended session', () => {
  it('logout cuts the socket', async () => {
    const { session } = await companyWithAdmin();
    const socket = await sockets.connect(session);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const out = await t.request({ method: 'DELETE', url: '/api/auth/logout', headers: { cookie: session.cookie, authorization: `Bearer ${session.token}` } });
    expect(out.statusCode).toBe(204);
    expect(await disconnected).toBe('io server disconnect');
  });

  it('a session revoked in the database is cut by the periodic re-check', async () => {
    const quick = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000', LIVE_RECHECK_MS: '100' } });
    try {
      const quickUrl = await quick.listen();
      const quickSockets = liveSockets(() => quickUrl);
      const { company, session } = await companyWithAdmin(quick);
      const socket = await quickSockets.connect(session);
      const cut = cutWith(socket, company.companyId);
      await quick.database.db.updateTable('authSessions').set({ revokedAt: new Date() }).where('id', '=', session.sessionId).execute();
      expect(await cut).toEqual({
        auth: { action: 'sessionEnded', userId: session.userId, endedSessionIds: [session.sessionId], reason: 'ERR_SESSION_EXPIRED' },
        reason: 'io server disconnect',
      });
      quickSockets.closeAll();
    } finally {
      await quick.close();
    }
  });
});

describe.skipIf(!process.env.REDIS_URL)('two processes joined by Redis', () => {
  it('a change made through one process re-checks the sockets held by the other', async () => {
    const clients: RedisClientType[] = [];
    const apps: BuiltApp[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const redis = createClient({ url: process.env.REDIS_URL }) as RedisClientType;
        await redis.connect();
        clients.push(redis);
        apps.push(await buildApp({ config: t.config, database: t.database, redis }));
      }
      const [changing, holding] = apps;
      await holding.app.listen({ port: 0, host: '127.0.0.1' });
      const address = holding.app.server.address();
      const holdingSockets = liveSockets(() => `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
      const call = (session: TestSession, method: 'PUT', path: string, payload: object) =>
        changing.app.inject({ method, url: path, headers: { authorization: `Bearer ${session.token}` }, payload });

      const { company, session } = await companyWithAdmin();
      const second = await member(t, t.as(session), { profile: 'admin' });
      const adminsOnHolder = async () =>
        (await holding.live.io.local.in(rooms.admins(company.companyId)).fetchSockets()).map((s) => (s.data.actor as { userId: number }).userId);
      await holdingSockets.connect(second.session);
      expect(await adminsOnHolder()).toContain(second.user.id);
      const demoted = await call(session, 'PUT', `/api/users/${second.user.id}`, { name: second.user.name, email: second.user.email, profile: 'user' });
      expect(demoted.statusCode, demoted.body).toBe(200);
      await eventually(async () => expect(await adminsOnHolder()).not.toContain(second.user.id));

      const socket = await holdingSockets.connect(session);
      const cut = cutWith(socket, company.companyId);
      // A login of the super user here ends its session of the other tests: read through this one.
      const rootSession = await t.login(t.config.adminEmail, t.config.adminPassword);
      root = t.as(rootSession);
      const row = (await root.get(`/api/companies/${company.companyId}`)).json();
      const off = await call(rootSession, 'PUT', `/api/companies/${company.companyId}`, { name: row.name, email: row.email, planId: row.planId, status: false });
      expect(off.statusCode, off.body).toBe(200);
      expect((await cut).auth.reason).toBe('ERR_COMPANY_INACTIVE');
      holdingSockets.closeAll();
    } finally {
      for (const built of apps) {
        await built.app.close();
        // The app leaves the socket server's adapter to its owner: stop its Redis polling before the clients go.
        built.live.io.of('/').adapter.close();
      }
      for (const redis of clients) await redis.quit();
    }
  });
});
