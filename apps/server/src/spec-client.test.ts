import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInboundHandler } from './modules/inbound/inbound.handler.js';
import { createQueue, handlerSource, inboundEvent, pairedConnection, settle, startWorld, ticketOf, type World } from './test/conversation-world.js';
import { eventually, type HeardEvent } from './test/live-sockets.js';

/**
 * The API and the live channel as a client written by others for the specification's calls
 * speaks them: paths with a final slash, list queries as the spec writes them (`queueIds=[1,2]`,
 * `showAll=true`), yes/no fields as 1/0, the token as the socket's query parameter and the rooms
 * joined by name. Each answer has the fields that client reads.
 */
let w: World;
let token: string;
let queueId: number;
let whatsappId: number;
let ticketId: number;
let ticketUuid: string;
let contactId: number;

/** The spec client's call: bearer token, JSON, the path as written in the spec under /api. */
async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) {
  const res = await w.t.request({
    method,
    url: `/api${path}`,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => {
  const res = await call(method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
};

const fields = (value: unknown, names: string[]) => expect(Object.keys(value as object)).toEqual(expect.arrayContaining(names));

beforeAll(async () => {
  w = await startWorld({ listen: true });
  queueId = await createQueue(w);
  whatsappId = await pairedConnection(w, [queueId]);
  await createInboundHandler(w.t.ctx).message(handlerSource(w, whatsappId), inboundEvent('5511966660001@s.whatsapp.net', { pushName: 'Cliente Spec', body: 'preciso de ajuda' }));
  await settle(w);
  const ticket = (await ticketOf(w, whatsappId, '5511966660001'))!;
  ticketId = ticket.id;
  ticketUuid = ticket.uuid;
  contactId = ticket.contactId;
});
afterAll(() => w.t.close());

describe('a client written for the specification', () => {
  it('signs in and reads what its first screen needs', async () => {
    const login = await w.t.request({ method: 'POST', url: '/api/auth/login', payload: { email: w.company.email, password: w.company.password } });
    expect(login.statusCode).toBe(200);
    token = login.json().token;
    fields(login.json().user, ['id', 'name', 'profile', 'companyId', 'company', 'queues', 'super']);
    fields(login.json().user.company, ['name', 'dueDate', 'settings']);
    fields(await ok('GET', '/auth/me'), ['id', 'company']);
    fields(await ok('GET', '/version'), ['version']);
    expect(Array.isArray(await ok('GET', '/whatsapp/?session=0'))).toBe(true);
    expect(Array.isArray(await ok('GET', `/whatsapp/?session=0&companyId=${w.company.companyId}`))).toBe(true);
    fields((await ok('GET', `/companies/listPlan/${w.company.companyId}`)).plan, ['useCampaigns', 'useKanban', 'useSchedules', 'useInternalChat', 'useExternalApi', 'useOpenAi', 'useIntegrations']);
    expect(Array.isArray(await ok('GET', '/plans/list'))).toBe(true);
    for (const setting of await ok('GET', '/settings/')) fields(setting, ['key', 'value']);
    expect(Array.isArray(await ok('GET', '/queue'))).toBe(true);
    expect(Array.isArray(await ok('GET', '/queue/'))).toBe(true);
  });

  it('reads its lists with the spec’s queries and answer shapes', async () => {
    fields(await ok('GET', '/users/?searchParam=&pageNumber=1'), ['users', 'hasMore', 'count']);
    expect(Array.isArray(await ok('GET', '/users/list'))).toBe(true);
    fields(await ok('GET', '/contacts/?searchParam=&pageNumber=1'), ['contacts', 'hasMore', 'count']);
    fields(await ok('GET', '/contacts?searchParam=Spec&pageNumber=1&dateStart=&dateEnd='), ['contacts', 'hasMore']);
    expect(Array.isArray(await ok('GET', `/contacts/list?companyId=${w.company.companyId}`))).toBe(true);
    fields(await ok('GET', '/announcements/?searchParam=&pageNumber=1'), ['records', 'hasMore']);
    fields(await ok('GET', '/chats/?searchParam=&pageNumber=1'), ['records', 'hasMore']);
    fields(await ok('GET', '/dashboard?days=7'), ['counters', 'attendants']);
    fields(await ok('GET', '/dashboard?date_from=2025-01-01&date_to=2025-01-31'), ['counters', 'attendants']);
    await ok('GET', `/dashboard/ticketsUsers?initialDate=2025-01-01&finalDate=2025-01-31&companyId=${w.company.companyId}`);
    await ok('GET', `/dashboard/ticketsDay?initialDate=2025-01-01&finalDate=2025-01-31&companyId=${w.company.companyId}`);
    const list = await ok('GET', `/tickets?searchParam=&pageNumber=1&status=pending&showAll=true&queueIds=[${queueId}]&withUnreadMessages=false&tags=[]&users=[]`);
    fields(list, ['tickets', 'hasMore']);
    expect(list.tickets.map((t: { id: number }) => t.id)).toContain(ticketId);
    // The same list with 1/0 and the other spelling of an empty filter.
    fields(await ok('GET', `/tickets/?pageNumber=1&status=pending&showAll=1&queueIds=[${queueId}]&withUnreadMessages=0`), ['tickets', 'hasMore']);
    expect(Array.isArray(await ok('GET', `/quick-messages/list?companyId=${w.company.companyId}&userId=${w.adminSession.userId}`))).toBe(true);
    expect(Array.isArray(await ok('GET', '/tags/list'))).toBe(true);
  });

  it('hears a ticket and its messages live in the rooms it joins by name, then works the ticket', async () => {
    const socket: Socket = io(w.url(), { transports: ['websocket'], query: { token }, reconnection: false, forceNew: true });
    const heard: HeardEvent[] = [];
    socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    try {
      socket.emit('joinNotification');
      socket.emit('joinChatBox', String(ticketId));
      const company = w.company.companyId;
      const heardOf = (event: string, action: string) => heard.filter((e) => e.event === `company-${company}-${event}` && (e.payload as { action: string }).action === action);

      // Accept (PUT with status and userId), answer with 1/0 yes/no fields, read the messages.
      const ticket = await ok('PUT', `/tickets/${ticketId}`, { status: 'open', userId: w.adminSession.userId });
      fields(ticket, ['id', 'uuid', 'status', 'userId', 'queueId', 'contact', 'whatsappId', 'lastMessage', 'unreadMessages']);
      expect(ticket.status).toBe('open');
      await eventually(() => expect(heardOf('ticket', 'update').length).toBeGreaterThan(0));
      // It left the pending list: the client removes it from there on `delete`.
      await eventually(() => expect(heardOf('ticket', 'delete').some((e) => (e.payload as { ticketId: number }).ticketId === ticketId)).toBe(true));

      await ok('POST', `/messages/${ticketId}`, { read: 1, fromMe: 1, mediaUrl: '', body: 'Olá! Posso ajudar.' });
      await eventually(() => {
        const created = heardOf('appMessage', 'create').map((e) => e.payload as { message: { body: string }; ticket: unknown; contact: unknown });
        const mine = created.find((p) => p.message.body === 'Olá! Posso ajudar.');
        expect(mine).toBeDefined();
        fields(mine!, ['message', 'ticket', 'contact']);
      });
      const page = await ok('GET', `/messages/${ticketId}?pageNumber=1`);
      fields(page, ['messages', 'hasMore']);
      const sent = page.messages.find((m: { body: string }) => m.body === 'Olá! Posso ajudar.');
      fields(sent, ['id', 'ticketId', 'body', 'fromMe', 'read', 'mediaType', 'mediaUrl', 'quotedMsg', 'isDeleted', 'ack', 'createdAt', 'contact']);
      fields(await ok('GET', `/tickets/u/${ticketUuid}`), ['id', 'uuid', 'contact']);
      fields(await ok('GET', `/tickets/${ticketId}`), ['id', 'uuid', 'contact']);

      // Notes, tags, contact and a schedule, as the ticket screen writes them.
      fields(await ok('POST', '/ticket-notes', { note: 'Cliente pediu retorno', ticketId, contactId }), ['id', 'note', 'user']);
      expect(Array.isArray(await ok('GET', `/ticket-notes/list?ticketId=${ticketId}&contactId=${contactId}`))).toBe(true);
      const tag = await ok('POST', '/tags', { name: 'Spec', color: '#123456', kanban: 0 });
      await ok('POST', '/tags/sync', { ticketId, tags: [{ id: tag.id, name: tag.name }] });
      fields(await ok('PUT', `/contacts/${contactId}`, { name: 'Cliente Spec', number: '5511966660001', email: '' }), ['id', 'name', 'number']);
      fields(await ok('POST', '/schedules', { body: 'Retorno', contactId, sendAt: '2030-01-01 12:00:00' }), ['id', 'sendAt', 'status']);

      // Deleting the message answers and says so live.
      await ok('DELETE', `/messages/${sent.id}`);
      await eventually(() => expect(heardOf('appMessage', 'update').some((e) => (e.payload as { message: { id: number; isDeleted: boolean } }).message.id === sent.id)).toBe(true));
    } finally {
      socket.disconnect();
    }
  });
});
