import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyEvent, rooms, type Ticket } from '@atende/contract';
import { buildApp, type BuiltApp } from '../../app.js';
import { MINUTE, connectionWith, customer, queueWith } from '../../test/bot-world.js';
import { settle, startWorld, type World } from '../../test/conversation-world.js';
import { eventually, type HeardEvent } from '../../test/live-sockets.js';
import { createTicketTimers } from './ticket-timers.js';

/**
 * The connection's ticket timers: timeToTransfer and expiresTicket fire once,
 * also when two sweeps race (run on PostgreSQL too) and when they fell due while the server was
 * stopped.
 */
let w: World;
let sales: number;
let support: number;
let overflow: number;
let second: BuiltApp | undefined;

beforeAll(async () => {
  w = await startWorld({ listen: true });
  sales = await queueWith(w, 'Vendas');
  support = await queueWith(w, 'Suporte');
  overflow = await queueWith(w, 'Transbordo');
});
afterAll(async () => {
  w.sockets.closeAll();
  await second?.app.close();
  await w.t.close();
});

const sweep = () => w.t.parts.ticketTimers.runDue();
const ticketUpdates = (heard: HeardEvent[], ticketId: number) =>
  heard
    .filter((h) => h.event === companyEvent(w.company.companyId, 'ticket'))
    .map((h) => (h.payload as { ticket?: Ticket }).ticket)
    .filter((t) => t?.id === ticketId);

describe('timeToTransfer', () => {
  it('moves a ticket still in the bot to the transfer queue once the minutes pass without activity', async () => {
    const heard = w.sockets.record(await w.sockets.connect(w.adminSession));
    const whatsappId = await connectionWith(w, [sales, support], { transferQueueId: overflow, timeToTransfer: 5 });
    const ana = customer(w, whatsappId, '5511933330001');
    const beto = customer(w, whatsappId, '5511933330002');
    await ana.writes('oi');
    await beto.writes('oi');
    await beto.writes('2'); // chose a queue: waits for an agent there, not in the bot

    await w.clock.advance(4 * MINUTE);
    await sweep();
    expect(await ana.ticket()).toMatchObject({ queueId: null, chatbot: true });

    await w.clock.advance(2 * MINUTE);
    await sweep();
    const moved = await ana.ticket();
    expect(moved).toMatchObject({ status: 'pending', queueId: overflow, chatbot: false, userId: null });
    expect(await ana.cycle()).toMatchObject({ queueId: overflow });
    expect(await beto.ticket()).toMatchObject({ queueId: sales, chatbot: false });
    await eventually(() => expect(ticketUpdates(heard, moved.id)).toContainEqual(expect.objectContaining({ queueId: overflow, chatbot: false })));

    // Moved once: the next sweep changes nothing, and the bot is done with this attendance.
    await sweep();
    expect((await ana.ticket()).updatedAt).toEqual(moved.updatedAt);
    await w.clock.advance(MINUTE);
    await ana.writes('alguém?');
    expect(ana.received()).toHaveLength(1);
  });
});

describe('expiresTicket', () => {
  it('closes an inactive ticket once and tells the customer; the next message starts a new attendance', async () => {
    const heard = w.sockets.record(await w.sockets.connect(w.adminSession));
    const whatsappId = await connectionWith(w, [sales], { expiresTicket: 10, expiresInactiveMessage: 'Encerramos por inatividade, {{firstName}}.' });
    const bia = customer(w, whatsappId, '5511933330003');
    await bia.writes('oi');
    const ticket = await bia.ticket();
    expect((await w.admin.put(`/api/tickets/${ticket.id}`, { action: 'accept' })).statusCode).toBe(200);

    await w.clock.advance(9 * MINUTE);
    await sweep();
    expect(await bia.ticket()).toMatchObject({ status: 'open' });

    await w.clock.advance(2 * MINUTE);
    await sweep();
    await sweep();
    await settle(w);
    expect(await bia.ticket()).toMatchObject({ status: 'closed', chatbot: false, unreadMessages: 0 });
    expect((await bia.cycle()).finishedAt).not.toBeNull();
    expect(bia.received()).toEqual(['Encerramos por inatividade, Carla.']);
    await eventually(() => expect(ticketUpdates(heard, ticket.id)).toContainEqual(expect.objectContaining({ status: 'closed' })));

    const closedCycle = (await bia.cycle()).id;
    await bia.writes('voltei');
    expect(await bia.ticket()).toMatchObject({ status: 'pending', userId: null });
    expect((await bia.cycle()).id).not.toBe(closedCycle);
  });

  it('is off at 0 minutes', async () => {
    const whatsappId = await connectionWith(w, [sales], { expiresTicket: 0, expiresInactiveMessage: 'Nunca' });
    const caio = customer(w, whatsappId, '5511933330004');
    await caio.writes('oi');
    await w.clock.advance(24 * 60 * MINUTE);
    await sweep();
    expect(await caio.ticket()).toMatchObject({ status: 'pending' });
  });
});

describe('sweeps that race', () => {
  it('fire each timer once when several sweeps run at the same time', async () => {
    const whatsappId = await connectionWith(w, [sales, support], { transferQueueId: overflow, timeToTransfer: 5, expiresTicket: 30, expiresInactiveMessage: 'Até logo.' });
    const people = ['5511933330011', '5511933330012', '5511933330013', '5511933330014'].map((n) => customer(w, whatsappId, n));
    for (const person of people) await person.writes('oi');
    await w.clock.advance(6 * MINUTE);
    await Promise.all([createTicketTimers(w.t.ctx).runDue(), createTicketTimers(w.t.ctx).runDue(), sweep()]);
    for (const person of people) expect(await person.ticket()).toMatchObject({ queueId: overflow, chatbot: false });

    // Every close is announced once to the admins: a second firing would announce it again.
    const closings: number[] = [];
    const live = w.t.ctx.live;
    const toRoom = live.toRoom;
    live.toRoom = (room, companyId, entity, payload) => {
      const ticket = (payload as { ticket?: Ticket }).ticket;
      if (entity === 'ticket' && room === rooms.admins(companyId) && ticket?.status === 'closed') closings.push(ticket.id);
      toRoom(room, companyId, entity, payload);
    };
    await w.clock.advance(30 * MINUTE);
    try {
      await Promise.all([createTicketTimers(w.t.ctx).runDue(), createTicketTimers(w.t.ctx).runDue(), sweep()]);
    } finally {
      live.toRoom = toRoom;
    }
    const ids = [];
    for (const person of people) {
      const ticket = await person.ticket();
      ids.push(ticket.id);
      expect(ticket).toMatchObject({ status: 'closed' });
      expect((await person.automated()).filter((m) => m.body === 'Até logo.')).toHaveLength(1);
    }
    expect(closings.sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b));
  });
});

describe('after a restart', () => {
  it('timers that fell due while the server was stopped fire once on the first sweep', async () => {
    const inBot = await connectionWith(w, [sales, support], { transferQueueId: overflow, timeToTransfer: 5 });
    const expiring = await connectionWith(w, [sales], { expiresTicket: 10, expiresInactiveMessage: 'Encerrado.' });
    const duda = customer(w, inBot, '5511933330021');
    const edu = customer(w, expiring, '5511933330022');
    await duda.writes('oi');
    await edu.writes('oi');

    await w.t.app.close(); // the server stops before either timer is due...
    await w.clock.advance(15 * MINUTE); // ...and starts again after both are
    second = await buildApp({
      config: w.t.config,
      database: w.t.database,
      clock: { now: () => new Date(w.clock.now()) },
      whatsapp: { simulator: w.network, simulatorSession: { openDelayMs: 300, reconnect: { maxRetries: 3, baseDelayMs: 1_000, jitter: 0 } } },
    });
    await second.app.ready();
    await second.startWorker();
    await Promise.all([second.parts.ticketTimers.runDue(), createTicketTimers(second.ctx).runDue()]);

    expect(await duda.ticket()).toMatchObject({ queueId: overflow, chatbot: false });
    expect(await edu.ticket()).toMatchObject({ status: 'closed' });
    await second.parts.ticketTimers.runDue();
    expect((await edu.automated()).map((m) => m.body)).toEqual(['Encerrado.']);
  });
});
