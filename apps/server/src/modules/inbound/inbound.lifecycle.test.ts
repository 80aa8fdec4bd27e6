import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message, MessagePage, Ticket } from '@atende/contract';
import {
  createAgent, createQueue, handlerSource, inboundEvent, messagesOf, pairedConnection, setSetting, settle, startWorld, ticketOf,
  type Agent, type World,
} from '../../test/conversation-world.js';
import { eventually } from '../../test/live-sockets.js';
import type { InboundMessageEvent } from '../../platform/automation.js';
import { CALL_REFUSED_MESSAGE } from './inbound.calls.js';
import { createInboundHandler } from './inbound.handler.js';

/**
 * A conversation's life through the inbound pipeline: attendances as cycles of one ticket,
 * the rating answer, edits and revokes, calls, groups, the phone's own messages,
 * history, and what the automation hooks are told; our own automatic messages are never answered.
 */
let w: World;
let whatsappId: number;
let agent: Agent;
const heard: InboundMessageEvent[] = [];

beforeAll(async () => {
  w = await startWorld();
  const queueId = await createQueue(w);
  whatsappId = await pairedConnection(w, [queueId]);
  agent = await createAgent(w, [queueId]);
  w.t.ctx.automation.register({ afterInboundMessage: async (_ctx, event) => void heard.push(event) });
});
afterAll(() => w.t.close());

async function customerWrites(from: string, body: string) {
  const { id } = w.network.customerSends({ connectionId: w.network ? whatsappId : 0, from, body, name: 'Carla Dias' });
  await eventually(async () => expect(await w.t.database.db.selectFrom('messages').select('id').where('providerMessageId', '=', id).executeTakeFirst()).toBeDefined());
  await settle(w);
  return id;
}

const cyclesOf = (ticketId: number) => w.t.database.db.selectFrom('ticketCycles').selectAll().where('ticketId', '=', ticketId).orderBy('id').execute();
const phone = (from: string) => w.network.conversation(whatsappId, from);

describe('attendances of one ticket', () => {
  it('a finished ticket is reopened by the next message: same ticket, a new cycle', async () => {
    const from = '5511911110001';
    await customerWrites(from, 'primeiro atendimento');
    const ticket = (await ticketOf(w, whatsappId, from))!;
    expect((await agent.api.put(`/api/tickets/${ticket.id}`, { status: 'open' })).statusCode).toBe(200);
    expect((await agent.api.put(`/api/tickets/${ticket.id}`, { status: 'closed' })).json()).toMatchObject({ status: 'closed' });

    await customerWrites(from, 'voltei');
    const again = (await ticketOf(w, whatsappId, from))!;
    expect(again).toMatchObject({ id: ticket.id, status: 'pending', userId: null, unreadMessages: 1 });
    const cycles = await cyclesOf(ticket.id);
    expect(cycles).toHaveLength(2);
    expect(cycles[0]).toMatchObject({ userId: agent.id });
    expect(cycles[0].acceptedAt).not.toBeNull();
    expect(cycles[0].finishedAt).not.toBeNull();
    expect(cycles[1]).toMatchObject({ acceptedAt: null, finishedAt: null });
    const page = (await agent.api.get(`/api/messages/${ticket.id}`)).json() as MessagePage;
    // The screen draws 'conversation ended / new one began' where the cycle changes.
    expect(page.messages.map((m) => m.cycleId)).toEqual([cycles[0].id, cycles[1].id]);
    const last = heard.at(-1)!;
    expect(last).toMatchObject({ ticketReopened: true, mayAutomate: true, fromMe: false, history: false });
  });

  it('asks for a rating on finish, records the 1-3 answer on the cycle and sends the completion message', async () => {
    await setSetting(w, 'userRating', 'enabled');
    await w.admin.put(`/api/whatsapp/${whatsappId}`, { complationMessage: 'Obrigado, {{firstName}}!' });
    const from = '5511911110002';
    await customerWrites(from, 'preciso de ajuda');
    const ticket = (await ticketOf(w, whatsappId, from))!;
    await agent.api.put(`/api/tickets/${ticket.id}`, { action: 'accept' });
    await agent.api.put(`/api/tickets/${ticket.id}`, { action: 'finish' });
    await settle(w);
    expect(phone(from).at(-1)).toMatchObject({ direction: 'out', body: expect.stringContaining('*1* - Insatisfeito') });
    const before = heard.length;

    await customerWrites(from, ' 3 ');
    const after = (await ticketOf(w, whatsappId, from))!;
    expect(after).toMatchObject({ status: 'closed', unreadMessages: 0 });
    expect((await cyclesOf(ticket.id)).at(-1)).toMatchObject({ rating: 3 });
    await settle(w);
    expect(phone(from).at(-1)).toMatchObject({ direction: 'out', body: 'Obrigado, Carla!' });
    expect(heard.slice(before).map((e) => [e.consumed, e.mayAutomate])).toEqual([[true, false]]);

    await customerWrites(from, '2'); // the question was answered: a new conversation now
    expect((await ticketOf(w, whatsappId, from))!.status).toBe('pending');
    expect((await cyclesOf(ticket.id)).filter((c) => c.rating !== null)).toHaveLength(1);
    await setSetting(w, 'userRating', 'disabled');
  });
});

describe('what the customer does to messages', () => {
  it('edits keep the previous text; revokes keep the message, marked deleted; media is saved', async () => {
    const from = '5511911110003';
    const id = await customerWrites(from, 'texto original');
    w.network.customerEdits({ connectionId: whatsappId, from, id, body: 'texto corrigido' });
    const photo = w.network.customerSends({ connectionId: whatsappId, from, mediaType: 'image', dataBase64: Buffer.from('png-bytes').toString('base64') });
    await eventually(async () => expect(await w.t.database.db.selectFrom('messages').select('id').where('providerMessageId', '=', photo.id).executeTakeFirst()).toBeDefined());
    w.network.customerRevokes({ connectionId: whatsappId, from, id: photo.id });
    await settle(w);
    const ticket = (await ticketOf(w, whatsappId, from))!;
    const page = (await agent.api.get(`/api/messages/${ticket.id}`)).json() as MessagePage;
    const [text, image] = page.messages;
    expect(text).toMatchObject({ body: 'texto corrigido', isEdited: true });
    const row = (await messagesOf(w, ticket.id))[0];
    expect(row.previousBodies).toEqual(['texto original']);
    expect(image).toMatchObject({ mediaType: 'image', isDeleted: true, mediaUrl: expect.stringMatching(/^\/api\/media\//) });
    const file = await agent.api.get(image.mediaUrl!);
    expect(file.body).toBe('png-bytes');
  });
});

describe('calls', () => {
  it('logs a call once, and answers it automatically when calls are refused', async () => {
    const from = '5511911110004';
    w.network.customerCalls({ connectionId: whatsappId, from });
    await eventually(async () => expect(await ticketOf(w, whatsappId, from)).toBeDefined());
    await settle(w);
    const ticket = (await ticketOf(w, whatsappId, from))!;
    expect((await messagesOf(w, ticket.id)).map((m) => m.mediaType)).toEqual(['call_log']);
    expect(phone(from).filter((e) => e.direction === 'out')).toEqual([]);

    await setSetting(w, 'call', 'disabled');
    w.network.customerCalls({ connectionId: whatsappId, from, isVideo: true });
    await eventually(async () => expect((await messagesOf(w, ticket.id)).filter((m) => m.mediaType === 'call_log')).toHaveLength(2));
    await settle(w);
    expect(phone(from).filter((e) => e.direction === 'out').map((e) => e.body)).toEqual([CALL_REFUSED_MESSAGE]);
    const reply = (await messagesOf(w, ticket.id)).find((m) => m.fromMe)!;
    expect(reply).toMatchObject({ automated: true, delivery: 'sent' });
    await setSetting(w, 'call', 'enabled');

    // Our own automatic message coming back from the phone (an echo) is never a new message, nor answered.
    const before = heard.length;
    await createInboundHandler(w.t.ctx).message(handlerSource(w, whatsappId), inboundEvent(`${from}@s.whatsapp.net`, {
      providerMessageId: reply.providerMessageId!, fromMe: true, body: CALL_REFUSED_MESSAGE,
    }));
    expect((await messagesOf(w, ticket.id)).filter((m) => m.fromMe)).toHaveLength(1);
    expect(heard.length).toBe(before);
  });
});

describe('chats that are not a customer writing now', () => {
  it('ignores groups when CheckMsgIsGroup is enabled, and makes them tickets when it is not', async () => {
    const handler = createInboundHandler(w.t.ctx);
    const source = handlerSource(w, whatsappId);
    const group = '120363011112222@g.us';
    await handler.message(source, inboundEvent(group, { isGroup: true, senderId: '5511911110005@s.whatsapp.net', body: 'no grupo' }));
    expect(await w.t.database.db.selectFrom('contacts').select('id').where('number', '=', '120363011112222').executeTakeFirst()).toBeUndefined();
    await setSetting(w, 'CheckMsgIsGroup', 'disabled');
    await handler.message(source, inboundEvent(group, { isGroup: true, senderId: '5511911110005@s.whatsapp.net', pushName: 'Davi', body: 'no grupo' }));
    const ticket = (await ticketOf(w, whatsappId, '120363011112222'))!;
    expect(ticket).toMatchObject({ isGroup: true, status: 'pending' });
    expect((await messagesOf(w, ticket.id))[0].extra).toMatchObject({ senderName: 'Davi' });
    await setSetting(w, 'CheckMsgIsGroup', 'enabled');
  });

  it("stores the phone's own messages as fromMe and history without automation", async () => {
    const handler = createInboundHandler(w.t.ctx);
    const source = handlerSource(w, whatsappId);
    const chatId = '5511911110006@s.whatsapp.net';
    const before = heard.length;
    await handler.message(source, inboundEvent(chatId, { history: true, body: 'antiga', timestamp: Date.UTC(2024, 5, 1) }));
    const old = (await ticketOf(w, whatsappId, '5511911110006'))!;
    expect(old).toMatchObject({ status: 'closed', unreadMessages: 0 });
    await handler.message(source, inboundEvent(chatId, { fromMe: true, body: 'digitada no celular' }));
    expect((await ticketOf(w, whatsappId, '5511911110006'))).toMatchObject({ status: 'closed', unreadMessages: 0 });
    await handler.message(source, inboundEvent(chatId, { stale: true, body: 'atrasada' }));
    const rows = await messagesOf(w, old.id);
    expect(rows.map((m) => [m.body, m.fromMe, m.delivery])).toEqual([
      ['antiga', false, 'received'],
      ['digitada no celular', true, 'sent'],
      ['atrasada', false, 'received'],
    ]);
    expect(heard.slice(before).map((e) => [e.history, e.fromMe, e.stale, e.mayAutomate])).toEqual([
      [true, false, false, false],
      [false, true, false, false],
      [false, false, true, false],
    ]);
  });
});

describe('what the agents see of it', () => {
  it('an inbound message reaches the page with its quoted message and the ticket in the list', async () => {
    const from = '5511911110007';
    const first = await customerWrites(from, 'pergunta');
    const reply = w.network.customerSends({ connectionId: whatsappId, from, body: 'complemento', quotedId: first });
    await eventually(async () => expect(await w.t.database.db.selectFrom('messages').select('id').where('providerMessageId', '=', reply.id).executeTakeFirst()).toBeDefined());
    const ticket = (await ticketOf(w, whatsappId, from))!;
    const page = (await agent.api.get(`/api/messages/${ticket.id}`)).json() as MessagePage;
    expect((page.messages.at(-1) as Message).quotedMsg).toMatchObject({ body: 'pergunta', fromMe: false });
    expect(page.ticket).toMatchObject<Partial<Ticket>>({ unreadMessages: 0, contact: expect.objectContaining({ name: 'Carla Dias', number: from }) });
    await eventually(() => expect(phone(from).filter((e) => e.direction === 'in').every((e) => e.seenByBusiness)).toBe(true));
  });
});
