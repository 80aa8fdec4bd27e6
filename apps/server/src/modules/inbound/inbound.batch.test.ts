import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MessageEvent, TicketEvent } from '@atende/contract';
import { companyEvent } from '@atende/contract';
import {
  createAgent, createQueue, handlerSource, inboundEvent, messagesOf, pairedConnection, setSetting, settle, startWorld, ticketOf,
  type Agent, type World,
} from '../../test/conversation-world.js';
import type { HeardEvent } from '../../test/live-sockets.js';
import type { InboundMessageEvent } from '../../platform/automation.js';
import { InboundBatcher, type BatchOutcome } from './inbound.batch.js';
import { createInboundHandler } from './inbound.handler.js';

/**
 * Messages of many chats arriving together share one transaction (inbound.batch). Whatever shares
 * a batch, each chat must end exactly as if its message had been stored alone: stored once, in
 * order, the right ticket counters, the live events to the right agents, the bot told, and the
 * unusual cases (reopen, rating answer, new contact, a name to learn) handled by the one-message
 * path. Run on PostgreSQL too (TEST_DATABASE_URL).
 */
let w: World;
let whatsappId: number;
let otherWhatsappId: number;
let agent: Agent;
let outsider: Agent;
let agentHeard: HeardEvent[];
let outsiderHeard: HeardEvent[];
const hooked: InboundMessageEvent[] = [];
const outcomes: BatchOutcome[] = [];

const numberOf = (i: number) => `55119777${String(i).padStart(5, '0')}`;
const chatOf = (i: number) => `${numberOf(i)}@s.whatsapp.net`;

beforeAll(async () => {
  w = await startWorld({ listen: true });
  const queueId = await createQueue(w);
  const otherQueue = await createQueue(w);
  whatsappId = await pairedConnection(w, [queueId]);
  otherWhatsappId = await pairedConnection(w, [queueId]);
  agent = await createAgent(w, [queueId]);
  outsider = await createAgent(w, [otherQueue]);
  agentHeard = w.sockets.record(await w.sockets.connect(agent.session));
  outsiderHeard = w.sockets.record(await w.sockets.connect(outsider.session));
  w.t.ctx.automation.register({ afterInboundMessage: async (_ctx, event) => void hooked.push(event) });
  const store = InboundBatcher.prototype.store;
  vi.spyOn(InboundBatcher.prototype, 'store').mockImplementation(async function (this: InboundBatcher, entry) {
    const outcome = await store.call(this, entry);
    outcomes.push(outcome);
    return outcome;
  });
  // Every chat's first message: its contact and ticket (the one-message path).
  const handler = createInboundHandler(w.t.ctx);
  for (let i = 0; i < 30; i++) await handler.message(handlerSource(w, i < 20 ? whatsappId : otherWhatsappId), inboundEvent(chatOf(i), { body: 'oi', pushName: `Cliente ${i}` }));
  await settle(w);
});
afterAll(async () => {
  vi.restoreAllMocks();
  w.sockets.closeAll();
  await w.t.close();
});

const appMessages = (heard: HeardEvent[], body: string) =>
  heard.filter((h) => h.event === companyEvent(w.company.companyId, 'appMessage') && (h.payload as MessageEvent).message.body === body);

describe('messages of many chats at once', () => {
  it('stores each once, in order, with its ticket counters, its live events and the bot told', async () => {
    outcomes.length = 0;
    const handler = createInboundHandler(w.t.ctx);
    const sends: Promise<void>[] = [];
    const events = Array.from({ length: 30 }, (_, i) => [
      inboundEvent(chatOf(i), { body: `lote ${i} a`, pushName: `Cliente ${i}` }),
      inboundEvent(chatOf(i), { body: `lote ${i} b`, pushName: `Cliente ${i}` }),
    ]);
    events.forEach(([first, second], i) => {
      const source = handlerSource(w, i < 20 ? whatsappId : otherWhatsappId);
      sends.push(handler.message(source, first), handler.message(source, second));
    });
    await Promise.all(sends);
    // Redelivered all at once: nothing more is stored.
    await Promise.all(events.flat().map((event, n) => handler.message(handlerSource(w, Math.floor(n / 2) < 20 ? whatsappId : otherWhatsappId), event)));
    await settle(w);

    expect(outcomes.filter((o) => o && o !== 'single')).toHaveLength(60); // every message went through a shared batch
    expect(outcomes.filter((o) => o === null)).toHaveLength(60); // and every redelivery was recognised there
    for (let i = 0; i < 30; i++) {
      const ticket = (await ticketOf(w, i < 20 ? whatsappId : otherWhatsappId, numberOf(i)))!;
      expect(ticket).toMatchObject({ status: 'pending', unreadMessages: 3, lastMessage: `lote ${i} b` });
      expect((await messagesOf(w, ticket.id)).map((m) => m.body)).toEqual(['oi', `lote ${i} a`, `lote ${i} b`]);
    }
    const bodies = hooked.filter((e) => e.message.body.startsWith('lote ')).map((e) => e.message.body);
    expect(bodies).toHaveLength(60);
    expect(hooked.find((e) => e.message.body === 'lote 3 b')).toMatchObject({ mayAutomate: true, ticketCreated: false, ticketReopened: false });
    // The queue's agent hears each message once, with its ticket; an agent of another queue hears nothing.
    const heard = appMessages(agentHeard, 'lote 7 b');
    expect(heard).toHaveLength(1);
    expect((heard[0].payload as MessageEvent).ticket).toMatchObject({ unreadMessages: 3, lastMessage: 'lote 7 b' });
    expect(agentHeard.some((h) => h.event === companyEvent(w.company.companyId, 'ticket') && (h.payload as TicketEvent).action === 'update')).toBe(true);
    expect(outsiderHeard.filter((h) => h.event.endsWith('appMessage'))).toHaveLength(0);
  });

  it('leaves the unusual ones to the one-message path, whatever shares their batch', async () => {
    await setSetting(w, 'userRating', 'enabled');
    const closed = (await ticketOf(w, whatsappId, numberOf(0)))!;
    await agent.api.put(`/api/tickets/${closed.id}`, { action: 'accept' });
    await agent.api.put(`/api/tickets/${closed.id}`, { action: 'finish' }); // asks for a rating
    const reopened = (await ticketOf(w, whatsappId, numberOf(1)))!;
    await agent.api.put(`/api/tickets/${reopened.id}`, { action: 'accept' });
    await setSetting(w, 'userRating', 'disabled');
    await agent.api.put(`/api/tickets/${reopened.id}`, { action: 'finish' });
    await settle(w);
    outcomes.length = 0;

    const handler = createInboundHandler(w.t.ctx);
    const source = handlerSource(w, whatsappId);
    await Promise.all([
      handler.message(source, inboundEvent(chatOf(0), { body: '3', pushName: 'Cliente 0' })), // the rating answer
      handler.message(source, inboundEvent(chatOf(1), { body: 'voltei', pushName: 'Cliente 1' })), // reopens
      handler.message(source, inboundEvent(chatOf(99), { body: 'sou novo', pushName: 'Novo' })), // new contact and ticket
      ...Array.from({ length: 10 }, (_, k) => handler.message(source, inboundEvent(chatOf(k + 2), { body: `junto ${k}`, pushName: `Cliente ${k + 2}` }))),
    ]);
    await settle(w);

    expect(outcomes.filter((o) => o === 'single')).toHaveLength(3);
    expect(outcomes.filter((o) => o && o !== 'single')).toHaveLength(10);
    const rated = await w.t.database.db.selectFrom('ticketCycles').select('rating').where('ticketId', '=', closed.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(rated.rating).toBe(3);
    expect(await ticketOf(w, whatsappId, numberOf(0))).toMatchObject({ status: 'closed' });
    expect(await ticketOf(w, whatsappId, numberOf(1))).toMatchObject({ status: 'pending', userId: null, unreadMessages: 1, lastMessage: 'voltei' });
    expect(await ticketOf(w, whatsappId, numberOf(99))).toMatchObject({ status: 'pending', lastMessage: 'sou novo' });
    expect(await ticketOf(w, whatsappId, numberOf(5))).toMatchObject({ lastMessage: 'junto 3', unreadMessages: 4 });
  });

  it('learns a better name through the one-message path', async () => {
    const handler = createInboundHandler(w.t.ctx);
    const number = numberOf(200);
    await handler.message(handlerSource(w, whatsappId), inboundEvent(`${number}@s.whatsapp.net`, { body: 'sem nome', pushName: '' }));
    outcomes.length = 0;
    await handler.message(handlerSource(w, whatsappId), inboundEvent(`${number}@s.whatsapp.net`, { body: 'agora com nome', pushName: 'Beatriz Lima' }));
    await settle(w);
    expect(outcomes).toEqual(['single']);
    const contact = await w.t.database.db.selectFrom('contacts').select('name').where('number', '=', number).executeTakeFirstOrThrow();
    expect(contact.name).toBe('Beatriz Lima');
  });
});
