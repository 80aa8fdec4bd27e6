import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Message, MessagePage, Ticket } from '@atende/contract';
import { buildApp, type BuiltApp } from '../../app.js';
import { insertTicketRow } from '../../test/conversation-fixtures.js';
import { createAgent, createQueue, pairedConnection, startWorld, type Agent, type World } from '../../test/conversation-world.js';
import { eventually } from '../../test/live-sockets.js';

/**
 * Two server processes on one database: the test app ("the API node") answers the agent but runs
 * no session; another process holds the connection's session. Deletes, edits and read receipts
 * asked for on the API node answer at once and reach the customer's phone on the holder's next
 * pass; a provider that keeps refusing is retried, then given up.
 */
let w: World;
let holder: BuiltApp;
let whatsappId: number;
let queueId: number;
let agent: Agent;

beforeAll(async () => {
  w = await startWorld();
  queueId = await createQueue(w);
  whatsappId = await pairedConnection(w, [queueId]);
  agent = await createAgent(w, [queueId]);
  // The test app stops its worker (its session ends, its lease is released) and keeps serving the API...
  await w.t.ctx.sessions.stop();
  // ...while another process takes the session over.
  holder = await buildApp({
    config: w.t.config,
    database: w.t.database,
    clock: { now: () => new Date(w.clock.now()) },
    whatsapp: { simulator: w.network, simulatorSession: { openDelayMs: 300 } },
    sessions: { nodeId: 'holder' },
  });
  await holder.app.ready();
  // Its sessions run but not its outbox loop: passes run when the test says, so "before the pass" is a real state.
  await holder.ctx.sessions.start();
  await w.clock.advance(300);
  await eventually(() => expect(holder.ctx.sessions.session(whatsappId)?.status).toBe('CONNECTED'));
  expect(w.t.ctx.sessions.session(whatsappId)).toBeUndefined();
});
afterAll(async () => {
  await holder?.app.close();
  await w.t.close();
});

/** The holder's outbox pass, after what its inbound lanes are still storing. */
async function holderPass() {
  await holder.parts.inbound.idle?.();
  await holder.parts.outbox.runDue();
}

let n = 0;
async function customerWrites(number: string, body: string) {
  const { id } = w.network.customerSends({ connectionId: whatsappId, from: number, name: 'Joana', body });
  return eventually(async () => {
    const found = await w.t.database.db.selectFrom('messages').select('ticketId').where('providerMessageId', '=', id).executeTakeFirst();
    expect(found).toBeDefined();
    return found!;
  });
}

/** A customer writes, the agent accepts and answers through the API node; the holder sends the answer. */
async function conversation(answer: string): Promise<{ ticket: Ticket; number: string; sent: Message }> {
  const number = `55319${String(50000000 + ++n).padStart(8, '0')}`;
  const { ticketId } = await customerWrites(number, 'bom dia');
  const ticket = (await agent.api.put(`/api/tickets/${ticketId}`, { action: 'accept' })).json() as Ticket;
  const sent = (await agent.api.post(`/api/messages/${ticketId}`, { body: answer })).json() as Message;
  await holderPass();
  expect(phone(number).filter((e) => e.direction === 'out').map((e) => e.body)).toEqual([answer]);
  return { ticket, number, sent };
}

const phone = (number: string) => w.network.conversation(whatsappId, number);
const answerOnPhone = (number: string) => phone(number).find((e) => e.direction === 'out')!;
const tasksOfTicket = async (ticketId: number) =>
  Number((await w.t.database.db.withTables<{ connectionTasks: { ticketId: number } }>().selectFrom('connectionTasks').select((eb) => eb.fn.countAll().as('n')).where('ticketId', '=', ticketId).executeTakeFirstOrThrow()).n);

/** Moves the clocks past the next attempt and runs the holder's pass. */
async function nextAttempt(ms: number) {
  await w.clock.advance(ms);
  await holderPass();
}

describe('changes asked for where the session does not run', () => {
  it('deletes for everyone: answered at once, revoked on the phone by the holder', async () => {
    const { ticket, number, sent } = await conversation('mensagem errada');
    const res = await agent.api.delete(`/api/messages/${sent.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: sent.id, isDeleted: true, errorCode: null });
    expect(answerOnPhone(number).deleted).toBe(false);

    await holderPass();
    expect(answerOnPhone(number).deleted).toBe(true);
    expect(await tasksOfTicket(ticket.id)).toBe(0);
    const page = (await agent.api.get(`/api/messages/${ticket.id}`)).json() as MessagePage;
    expect(page.messages.find((m) => m.id === sent.id)).toMatchObject({ isDeleted: true, errorCode: null });
  });

  it('edits: answered at once with the new text, the phone shows it after the holder’s pass', async () => {
    const { ticket, number, sent } = await conversation('reunião às 14h');
    const res = await agent.api.put(`/api/messages/${sent.id}`, { body: 'reunião às 15h' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ body: 'reunião às 15h', isEdited: true });
    // A second correction before the holder's pass: the phone gets the last text, once.
    expect((await agent.api.put(`/api/messages/${sent.id}`, { body: 'reunião às 16h' })).statusCode).toBe(200);
    expect(answerOnPhone(number)).toMatchObject({ body: 'reunião às 14h', edited: false });
    expect(await tasksOfTicket(ticket.id)).toBe(1);

    await holderPass();
    expect(answerOnPhone(number)).toMatchObject({ body: 'reunião às 16h', edited: true });
    expect(await tasksOfTicket(ticket.id)).toBe(0);
  });

  it('opening the ticket marks the customer’s messages read on the phone (blue ticks), one receipt per ticket', async () => {
    const { ticket, number } = await conversation('já vejo');
    await customerWrites(number, 'tem novidades?');
    await customerWrites(number, 'aguardo');
    await holderPass();
    const customers = () => phone(number).filter((e) => e.direction === 'in');
    expect(customers().some((e) => e.seenByBusiness)).toBe(false);

    expect((await agent.api.get(`/api/messages/${ticket.id}`)).statusCode).toBe(200);
    // The customer writes again and the agent looks again before the holder's pass: still one receipt waiting.
    await customerWrites(number, 'alô?');
    await holder.parts.inbound.idle?.();
    const page = await agent.api.get(`/api/messages/${ticket.id}`);
    expect(page.statusCode).toBe(200);
    expect((page.json() as MessagePage).ticket.unreadMessages).toBe(0);
    expect(customers().some((e) => e.seenByBusiness)).toBe(false);
    expect(await tasksOfTicket(ticket.id)).toBe(1);

    await holderPass();
    expect(customers().map((e) => [e.body, e.seenByBusiness])).toEqual([
      ['bom dia', true],
      ['tem novidades?', true],
      ['aguardo', true],
      ['alô?', true],
    ]);
    expect(await tasksOfTicket(ticket.id)).toBe(0);
  });

  it('refuses at once what the connection’s provider cannot do, though its session runs nowhere here', async () => {
    const db = w.t.database.db;
    const cloud = await db
      .insertInto('whatsapps')
      .values({ companyId: w.company.companyId, name: `Oficial ${++n}`, provider: 'cloud', autoStart: false, token: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ticket = await insertTicketRow(db, w.company.companyId, { userId: agent.id, queueId, whatsappId: cloud.id });
    const message = await db
      .insertInto('messages')
      .values({
        companyId: w.company.companyId, ticketId: ticket.id, contactId: ticket.contactId, whatsappId: cloud.id, providerMessageId: `wamid.${n}`,
        fromMe: true, userId: agent.id, body: 'pela API oficial', delivery: 'sent', sentAt: w.clock.now(), extra: '{}', previousBodies: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const edit = await agent.api.put(`/api/messages/${message.id}`, { body: 'corrigida' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error).toBe('ERR_WAPP_UNSUPPORTED');
    const del = await agent.api.delete(`/api/messages/${message.id}`);
    expect(del.statusCode).toBe(400);
    expect(del.json().error).toBe('ERR_WAPP_UNSUPPORTED');
    expect(await db.selectFrom('messages').select(['body', 'isDeleted']).where('id', '=', message.id).executeTakeFirstOrThrow()).toEqual({ body: 'pela API oficial', isDeleted: false });
    expect(await tasksOfTicket(ticket.id)).toBe(0);
  });
});

describe('a provider that keeps refusing', () => {
  it('retries a delete with backoff, then gives it up: the message stays deleted here and says the phone did not get it', async () => {
    const { ticket, number, sent } = await conversation('não sai do celular');
    const session = holder.ctx.sessions.session(whatsappId)!;
    const refuse = vi.spyOn(session, 'deleteMessage').mockRejectedValue(new Error('the phone refused the revoke'));
    try {
      expect((await agent.api.delete(`/api/messages/${sent.id}`)).statusCode).toBe(200);
      await holderPass();
      expect(refuse).toHaveBeenCalledTimes(1);
      // Not due yet: nothing is tried before the backoff has passed.
      await holderPass();
      expect(refuse).toHaveBeenCalledTimes(1);
      for (const delay of [2_000, 4_000, 8_000, 16_000]) await nextAttempt(delay);
      expect(refuse).toHaveBeenCalledTimes(5);
      await nextAttempt(60_000);
      expect(refuse).toHaveBeenCalledTimes(5);
    } finally {
      refuse.mockRestore();
    }
    expect(answerOnPhone(number).deleted).toBe(false);
    expect(await tasksOfTicket(ticket.id)).toBe(0);
    const page = (await agent.api.get(`/api/messages/${ticket.id}`)).json() as MessagePage;
    expect(page.messages.find((m) => m.id === sent.id)).toMatchObject({ isDeleted: true, delivery: 'sent', errorCode: 'ERR_DELETE_WAPP_MSG' });
  });

  it('tries read receipts a few times only', async () => {
    const { ticket, number } = await conversation('lido?');
    await customerWrites(number, 'oi de novo');
    await holderPass();
    const session = holder.ctx.sessions.session(whatsappId)!;
    const refuse = vi.spyOn(session, 'markRead').mockRejectedValue(new Error('offline for receipts'));
    try {
      expect((await agent.api.get(`/api/messages/${ticket.id}`)).statusCode).toBe(200);
      await holderPass();
      for (const delay of [2_000, 4_000, 8_000, 16_000, 32_000]) await nextAttempt(delay);
      expect(refuse).toHaveBeenCalledTimes(3);
    } finally {
      refuse.mockRestore();
    }
    expect(await tasksOfTicket(ticket.id)).toBe(0);
    expect(phone(number).filter((e) => e.direction === 'in').some((e) => e.seenByBusiness)).toBe(false);
  });

  it('keeps a change waiting while nobody holds the session, and gives it up after the longest wait', async () => {
    const { ticket, number, sent } = await conversation('ninguém segura');
    // The holder stops: nobody runs the session now.
    await holder.ctx.sessions.stop();
    const res = await agent.api.put(`/api/messages/${sent.id}`, { body: 'editada sem sessão' });
    expect(res.statusCode, res.body).toBe(200);
    await holderPass();
    expect(await tasksOfTicket(ticket.id)).toBe(1);
    // The holder comes back: the edit waited for it.
    await holder.ctx.sessions.start();
    await w.clock.advance(300);
    await eventually(() => expect(holder.ctx.sessions.session(whatsappId)?.status).toBe('CONNECTED'));
    await holderPass();
    expect(answerOnPhone(number)).toMatchObject({ body: 'editada sem sessão', edited: true });

    await holder.ctx.sessions.stop();
    expect((await agent.api.put(`/api/messages/${sent.id}`, { body: 'tarde demais' })).statusCode).toBe(200);
    await w.clock.advance(16 * 60_000);
    // Any worker gives up what waited too long; its session need not run there.
    await holder.ctx.sessions.start();
    await holderPass();
    expect(await tasksOfTicket(ticket.id)).toBe(0);
    const page = (await agent.api.get(`/api/messages/${ticket.id}`)).json() as MessagePage;
    expect(page.messages.find((m) => m.id === sent.id)).toMatchObject({ body: 'tarde demais', isEdited: true, errorCode: 'ERR_SENDING_WAPP_MSG' });
    await w.clock.advance(300);
    await eventually(() => expect(holder.ctx.sessions.session(whatsappId)?.status).toBe('CONNECTED'));
    await holderPass();
    expect(answerOnPhone(number).body).toBe('editada sem sessão');
  });
});
