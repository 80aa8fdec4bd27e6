import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_EVENTS, companyEvent, rooms, type MessageEvent, type TicketEvent } from '@atende/contract';
import { createAgent, createQueue, pairedConnection, settle, startWorld, type Agent, type World } from '../../test/conversation-world.js';
import { eventually, type HeardEvent } from '../../test/live-sockets.js';
import type { TestSession } from '../../test/harness.js';

/**
 * Lessons 10-11: a ticket's events reach exactly the users who may see it. An agent of another
 * queue and the admin of another company hear nothing of it; users who lose it (transfer) are
 * told to drop it (delete) and those who see it where it is now get an update; the ticket room only admits users who may open the ticket.
 */
let w: World;
let whatsappId: number;
let queueA: number;
let queueB: number;
let agentA: Agent;
let agentB: Agent;
let outsider: TestSession;

beforeAll(async () => {
  w = await startWorld({ listen: true });
  queueA = await createQueue(w, 'Vendas');
  queueB = await createQueue(w, 'Suporte');
  whatsappId = await pairedConnection(w, [queueA]);
  agentA = await createAgent(w, [queueA]);
  agentB = await createAgent(w, [queueB]);
  const other = await w.t.createCompany();
  outsider = await w.t.login(other.email, other.password);
});
afterAll(async () => {
  w.sockets.closeAll();
  await w.t.close();
});

const about = (ticketId: number) => (h: HeardEvent) => {
  const p = h.payload as Partial<TicketEvent & MessageEvent> & { ticketId?: number };
  return p.ticket?.id === ticketId || p.ticketId === ticketId || p.message?.ticketId === ticketId;
};

describe('who hears a ticket', () => {
  it('admins and the queue’s agents hear its messages; another queue and another company hear nothing', async () => {
    const heardAdmin = w.sockets.record(await w.sockets.connect(w.adminSession));
    const heardA = w.sockets.record(await w.sockets.connect(agentA.session));
    const heardB = w.sockets.record(await w.sockets.connect(agentB.session));
    const heardOutsider = w.sockets.record(await w.sockets.connect(outsider));
    const socketB = await w.sockets.connect(agentB.session);
    socketB.emit(CLIENT_EVENTS.joinTickets, 'pending'); // every member may join a status room: ticket events never go there
    socketB.emit(CLIENT_EVENTS.joinNotification);

    w.network.customerSends({ connectionId: whatsappId, from: '5511955550001', name: 'Olga', body: 'segredo da fila A' });
    const messageEvent = companyEvent(w.company.companyId, 'appMessage');
    const ticketEvent = companyEvent(w.company.companyId, 'ticket');
    await eventually(() => expect(heardA.some((h) => h.event === messageEvent)).toBe(true));
    const created = heardA.find((h) => h.event === messageEvent)!.payload as MessageEvent;
    expect(created).toMatchObject({ action: 'create', message: { body: 'segredo da fila A' }, ticket: { queueId: queueA, status: 'pending' } });
    const ticketId = created.ticket.id;
    await eventually(() => expect(heardAdmin.filter(about(ticketId)).map((h) => h.event)).toEqual(expect.arrayContaining([messageEvent, ticketEvent])));

    // The agent accepts and answers: still only the allowed users hear it.
    await agentA.api.put(`/api/tickets/${ticketId}`, { action: 'accept' });
    await agentA.api.post(`/api/messages/${ticketId}`, { body: 'resposta' });
    await settle(w);
    await agentA.api.get(`/api/messages/${ticketId}`);
    await eventually(() => expect(heardA.some((h) => (h.payload as TicketEvent).action === 'updateUnread')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(heardB.filter(about(ticketId))).toEqual([]);
    // The other company hears its own presence events, never ours.
    expect(heardOutsider.filter((h) => h.event.startsWith(`company-${w.company.companyId}-`) || about(ticketId)(h))).toEqual([]);
  });

  it('a transfer: the old queue hears delete, the new one update, an admin delete then update', async () => {
    const heardAdmin = w.sockets.record(await w.sockets.connect(w.adminSession));
    const heardA = w.sockets.record(await w.sockets.connect(agentA.session));
    const heardB = w.sockets.record(await w.sockets.connect(agentB.session));
    w.network.customerSends({ connectionId: whatsappId, from: '5511955550002', body: 'transferir' });
    const ticketEvent = companyEvent(w.company.companyId, 'ticket');
    await eventually(() => expect(heardA.some((h) => h.event === ticketEvent)).toBe(true));
    const ticketId = (heardA.find((h) => h.event === ticketEvent)!.payload as { ticket: { id: number } }).ticket.id;
    await settle(w);
    expect(heardB.filter(about(ticketId))).toEqual([]);
    const actionsOf = (heard: HeardEvent[]) => heard.filter((h) => h.event === ticketEvent && about(ticketId)(h)).map((h) => (h.payload as TicketEvent).action);
    const before = { admin: actionsOf(heardAdmin).length, a: actionsOf(heardA).length };

    expect((await w.admin.put(`/api/tickets/${ticketId}`, { queueId: queueB })).statusCode).toBe(200);
    await eventually(() => expect(actionsOf(heardB)).toEqual(['update']));
    await eventually(() => expect(actionsOf(heardAdmin).slice(before.admin)).toEqual(['delete', 'update']));
    await eventually(() => expect(actionsOf(heardA).slice(before.a)).toEqual(['delete']));
    const moved = heardB.find((h) => h.event === ticketEvent && about(ticketId)(h))!.payload as TicketEvent;
    expect(moved).toMatchObject({ action: 'update', ticket: { id: ticketId, queueId: queueB } });
  });

  it('a change that moves nothing (its settings) is an update only', async () => {
    const heardA = w.sockets.record(await w.sockets.connect(agentA.session));
    w.network.customerSends({ connectionId: whatsappId, from: '5511955550003', body: 'só atualizar' });
    const ticketEvent = companyEvent(w.company.companyId, 'ticket');
    await eventually(() => expect(heardA.some((h) => h.event === ticketEvent)).toBe(true));
    await settle(w);
    const ticketId = (heardA.find((h) => h.event === ticketEvent)!.payload as { ticket: { id: number } }).ticket.id;
    const seen = heardA.length;
    expect((await agentA.api.put(`/api/tickets/${ticketId}`, { useIntegration: true })).statusCode).toBe(200);
    await eventually(() => expect(heardA.slice(seen).filter((h) => h.event === ticketEvent).map((h) => (h.payload as TicketEvent).action)).toEqual(['update']));
  });

  it('admits to a ticket room only users who may open the ticket', async () => {
    const row = await w.t.database.db.selectFrom('tickets').select(['id', 'queueId']).where('queueId', '=', queueA).executeTakeFirstOrThrow();
    const socketA = await w.sockets.connect(agentA.session);
    const socketB = await w.sockets.connect(agentB.session);
    const socketOutsider = await w.sockets.connect(outsider);
    for (const socket of [socketA, socketB, socketOutsider]) socket.emit(CLIENT_EVENTS.joinChatBox, row.id);
    const room = rooms.ticket(w.company.companyId, row.id);
    await eventually(async () => {
      const members = await w.t.live.io.in(room).fetchSockets();
      expect(members.map((s) => s.id)).toEqual([socketA.id]);
    });
  });
});
