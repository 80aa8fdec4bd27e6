import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_EVENTS, companyEvent, type AuthEventPayload, type User, type UserEventPayload } from '@atende/contract';
import { startTestApp, unique, type ApiClient, type TestApp, type TestCompany, type TestSession } from '../test/harness.js';

/**
 * The live channel over a real socket: authentication, company isolation, the
 * end of a replaced session, and presence.
 */

/** How long a socket must stay silent to count as "heard nothing". */
const SILENCE_MS = 300;
/** Upper bound for an expected event; it normally arrives within milliseconds. */
const EVENT_MS = 10_000;

let t: TestApp;
let url: string;
const open: Socket[] = [];

function socketFor(token: string | undefined): Socket {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], query: token ? { token } : {}, reconnection: false, forceNew: true });
  open.push(socket);
  return socket;
}

/**
 * A socket that has authenticated and joined its rooms. `andThen` starts listening before the
 * handshake, for events that may come right after it (the user's own presence update).
 */
async function connect(session: TestSession, andThen?: (socket: Socket) => Promise<unknown>): Promise<Socket> {
  const socket = socketFor(session.token);
  const after = andThen?.(socket);
  await new Promise((resolve, reject) => {
    socket.once(SERVER_EVENTS.ready, resolve);
    socket.once('connect_error', reject);
  });
  await after;
  return socket;
}

/** The next `event` on `socket` whose payload passes `accept`. Call before causing it. */
function nextEvent<T>(socket: Socket, event: string, accept: (payload: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${EVENT_MS} ms`));
    }, EVENT_MS);
    const listener = (payload: T) => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

const presenceOf = (companyId: number, userId: number, online: boolean) => (socket: Socket) =>
  nextEvent<UserEventPayload>(socket, companyEvent(companyId, 'user'), (p) => p.action === 'update' && p.userId === userId && (p.user as User).online === online);

/** Every event a socket receives, from the moment this is called. */
function record(socket: Socket): Array<{ event: string; payload: unknown }> {
  const heard: Array<{ event: string; payload: unknown }> = [];
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
  return heard;
}

const silence = () => new Promise((resolve) => setTimeout(resolve, SILENCE_MS));

async function companyWithAdmin(): Promise<{ company: TestCompany; session: TestSession; api: ApiClient }> {
  const company = await t.createCompany();
  const session = await t.login(company.email, company.password);
  return { company, session, api: t.as(session) };
}

async function agentOf(api: ApiClient) {
  const input = { name: unique('Agent'), email: `${unique('agent')}@live.example`, password: 'secret123' };
  const user = (await api.post('/api/users', input)).json() as User;
  return { user, session: await t.login(input.email, input.password) };
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
  url = await t.listen();
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

describe('socket authentication', () => {
  it('refuses a socket with a bad token, or none', async () => {
    for (const token of ['not-a-token', undefined]) {
      const socket = socketFor(token);
      const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
      expect(error.message).toBe('ERR_SESSION_EXPIRED');
      expect(socket.connected).toBe(false);
    }
  });
});

describe('company isolation', () => {
  it("a change in company A reaches A's sockets and nothing reaches B's", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const socketA = await connect(a.session);
    // B's own presence update comes first; only what follows it counts.
    const socketB = await connect(b.session, presenceOf(b.company.companyId, b.company.adminId, true));
    const heardByB = record(socketB);

    const userCreated = nextEvent<UserEventPayload>(socketA, companyEvent(a.company.companyId, 'user'), (p) => p.action === 'create');
    const queueCreated = nextEvent<{ action: string; queueId: number }>(socketA, companyEvent(a.company.companyId, 'queue'));
    const created = await a.api.post('/api/users', { name: 'Nova Pessoa', email: `${unique('nova')}@a.example`, password: 'secret123' });
    const queue = await a.api.post('/api/queue', { name: 'Fila Viva', color: '#123456' });

    expect(await userCreated).toMatchObject({ action: 'create', userId: created.json().id, user: { name: 'Nova Pessoa' } });
    expect(await queueCreated).toMatchObject({ action: 'create', queueId: queue.json().id });
    await silence();
    expect(heardByB).toEqual([]);
  });
});

describe('a replaced session', () => {
  it('a second login tells the first socket its session ended, then disconnects it', async () => {
    const { api, company } = await companyWithAdmin();
    const agent = await agentOf(api);
    const first = await connect(agent.session);
    const ended = nextEvent<AuthEventPayload>(first, companyEvent(company.companyId, 'auth'));
    const disconnected = new Promise<string>((resolve) => first.once('disconnect', resolve));

    await t.login(agent.user.email, 'secret123');

    expect(await ended).toEqual({ action: 'sessionEnded', userId: agent.user.id, endedSessionIds: [agent.session.sessionId] });
    expect(await disconnected).toBe('io server disconnect');
  });

  it('deleting a user cuts their socket', async () => {
    const { api } = await companyWithAdmin();
    const agent = await agentOf(api);
    const socket = await connect(agent.session);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await api.delete(`/api/users/${agent.user.id}`)).statusCode).toBe(204);
    expect(await disconnected).toBe('io server disconnect');
  });
});

describe('presence', () => {
  it('connecting marks the user online, and the last socket leaving marks them offline', async () => {
    const { api, session, company } = await companyWithAdmin();
    const observer = await connect(session);
    const agent = await agentOf(api);
    const onlineOf = async () => ((await api.get('/api/users')).json().users as User[]).find((u) => u.id === agent.user.id)!.online;
    expect(await onlineOf()).toBe(false);

    const cameOnline = presenceOf(company.companyId, agent.user.id, true)(observer);
    const socket = await connect(agent.session);
    await cameOnline;
    expect(await onlineOf()).toBe(true);

    const wentOffline = presenceOf(company.companyId, agent.user.id, false)(observer);
    socket.disconnect();
    await wentOffline;
    expect(await onlineOf()).toBe(false);
  });

  it('tells the user themselves as the session answers them, with the company; the others get the users list’s row', async () => {
    const { api, session, company } = await companyWithAdmin();
    const observer = await connect(session);
    const agent = await agentOf(api);
    const me = (await t.as(agent.session).get('/api/auth/me')).json();

    const othersHear = presenceOf(company.companyId, agent.user.id, true)(observer);
    let ownHeard: Promise<UserEventPayload> | undefined;
    await connect(agent.session, (socket) => (ownHeard = presenceOf(company.companyId, agent.user.id, true)(socket)));
    const own = await ownHeard!;
    expect(own.user).toEqual({ ...me, online: true, updatedAt: expect.any(String) });
    expect(own.user).toMatchObject({ company: { id: company.companyId, name: me.company.name, dueDate: me.company.dueDate } });

    const listed = ((await api.get('/api/users')).json().users as User[]).find((u) => u.id === agent.user.id);
    expect((await othersHear).user).toEqual(listed);
  });
});
