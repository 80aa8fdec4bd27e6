import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyEvent, type Message, type MessageEvent, type Ticket } from '@atende/contract';
import { buildApp, type BuiltApp } from '../../app.js';
import { createAgent, createQueue, pairedConnection, settle, startWorld, type Agent, type World } from '../../test/conversation-world.js';
import { eventually } from '../../test/live-sockets.js';

/**
 * Outbound is stored before it is sent and sent once: a send the network refuses is
 * retried with the same idempotency key and the customer's phone shows it once; a send that keeps
 * failing ends 'failed' with ERR_SENDING_WAPP_MSG and the agent hears it; a pending send left by a
 * stopped process is sent by the process that takes the session over.
 */
let w: World;
let whatsappId: number;
let agent: Agent;

beforeAll(async () => {
  w = await startWorld({ listen: true });
  const queueId = await createQueue(w);
  whatsappId = await pairedConnection(w, [queueId]);
  agent = await createAgent(w, [queueId]);
});
afterAll(async () => {
  w.sockets.closeAll();
  await w.t.close();
});

let n = 0;
async function openTicket(): Promise<{ ticket: Ticket; number: string }> {
  const number = `55319${String(40000000 + ++n).padStart(8, '0')}`;
  const { id } = w.network.customerSends({ connectionId: whatsappId, from: number, name: 'Rita', body: 'oi' });
  const row = await eventually(async () => {
    const found = await w.t.database.db.selectFrom('messages').select('ticketId').where('providerMessageId', '=', id).executeTakeFirst();
    expect(found).toBeDefined();
    return found!;
  });
  return { ticket: (await agent.api.put(`/api/tickets/${row.ticketId}`, { action: 'accept' })).json(), number };
}

const rowOf = (id: number) => w.t.database.db.selectFrom('messages').selectAll().where('id', '=', String(id)).executeTakeFirstOrThrow();
const outbound = (number: string) => w.network.conversation(whatsappId, number).filter((e) => e.direction === 'out');

/** Moves both clocks past the next attempt and runs the outbox once. */
async function nextAttempt(ms: number) {
  await w.clock.advance(ms);
  await w.t.parts.outbox.runDue();
}

describe('the outbox', () => {
  it('retries a refused send with the same key; the phone shows it once', async () => {
    const { ticket, number } = await openTicket();
    w.network.fault(whatsappId, 'fail-next-send');
    const sent = (await agent.api.post(`/api/messages/${ticket.id}`, { body: 'segunda tentativa' })).json() as Message;
    await settle(w);
    const pending = await rowOf(sent.id);
    expect(pending).toMatchObject({ delivery: 'pending', sendAttempts: 1, providerMessageId: null });
    expect(outbound(number)).toEqual([]);
    // A later message of the same ticket waits for it: the chat keeps its order.
    const later = (await agent.api.post(`/api/messages/${ticket.id}`, { body: 'depois' })).json() as Message;
    await settle(w);
    expect((await rowOf(later.id)).delivery).toBe('pending');

    await nextAttempt(2_000);
    expect(await rowOf(sent.id)).toMatchObject({ delivery: 'sent', errorCode: null });
    expect(outbound(number).map((e) => e.body)).toEqual(['segunda tentativa', 'depois']);
    // Once more with the same key (a retried job after a crash): the phone still shows it once.
    const session = w.t.ctx.sessions.session(whatsappId)!;
    await session.sendText({ to: number, body: 'segunda tentativa', idempotencyKey: pending.idempotencyKey! });
    expect(outbound(number).map((e) => e.body)).toEqual(['segunda tentativa', 'depois']);
    expect(outbound(number)[0].id).toBe((await rowOf(sent.id)).providerMessageId);
  });

  it('gives up after the last attempt with ERR_SENDING_WAPP_MSG, and the agent hears it', async () => {
    const { ticket, number } = await openTicket();
    const heard = w.sockets.record(await w.sockets.connect(agent.session));
    w.network.fault(whatsappId, 'fail-next-send');
    const sent = (await agent.api.post(`/api/messages/${ticket.id}`, { body: 'não vai' })).json() as Message;
    await settle(w);
    for (const delay of [2_000, 4_000, 8_000, 16_000]) {
      w.network.fault(whatsappId, 'fail-next-send');
      await nextAttempt(delay);
    }
    expect(await rowOf(sent.id)).toMatchObject({ delivery: 'failed', errorCode: 'ERR_SENDING_WAPP_MSG', sendAttempts: 5, nextAttemptAt: null });
    expect(outbound(number)).toEqual([]);
    const event = companyEvent(w.company.companyId, 'appMessage');
    await eventually(() => {
      const updates = heard.filter((h) => h.event === event).map((h) => (h.payload as MessageEvent).message).filter((m) => m.id === sent.id);
      expect(updates.at(-1)).toMatchObject({ delivery: 'failed', errorCode: 'ERR_SENDING_WAPP_MSG' });
    });
    const page = (await agent.api.get(`/api/messages/${ticket.id}`)).json();
    expect(page.messages.at(-1)).toMatchObject({ id: sent.id, delivery: 'failed', errorCode: 'ERR_SENDING_WAPP_MSG' });
    w.network.clearFaults(whatsappId);
  });

  it('keeps a send waiting while the phone is disconnected, without spending attempts, and sends it once back', async () => {
    const { ticket, number } = await openTicket();
    w.network.fault(whatsappId, 'disconnect', { failedReconnects: 1 });
    await eventually(() => expect(w.t.ctx.sessions.session(whatsappId)?.status).toBe('TIMEOUT'));
    const sent = (await agent.api.post(`/api/messages/${ticket.id}`, { body: 'enquanto caído' })).json() as Message;
    await settle(w);
    expect(await rowOf(sent.id)).toMatchObject({ delivery: 'pending', sendAttempts: 0 });
    // The session's backoff: the first reconnect is refused, the next one opens.
    for (let i = 0; i < 20 && w.t.ctx.sessions.session(whatsappId)?.status !== 'CONNECTED'; i++) {
      await w.clock.advance(500);
      await settle(w);
      if (i === 0) expect((await rowOf(sent.id)).sendAttempts).toBe(0);
    }
    expect(w.t.ctx.sessions.session(whatsappId)?.status).toBe('CONNECTED');
    await w.t.parts.outbox.runDue();
    expect(await rowOf(sent.id)).toMatchObject({ delivery: 'sent', sendAttempts: 0 });
    expect(outbound(number).map((e) => e.body)).toEqual(['enquanto caído']);
  });

  it('sends what a stopped process left pending, from the process that takes the session over', async () => {
    const { ticket, number } = await openTicket();
    w.network.fault(whatsappId, 'fail-next-send');
    const sent = (await agent.api.post(`/api/messages/${ticket.id}`, { body: 'sobrevivi ao reinício' })).json() as Message;
    await settle(w);
    expect((await rowOf(sent.id)).delivery).toBe('pending');

    // The worker of this process stops (its sessions end, its leases are released)...
    await w.t.ctx.sessions.stop();
    await w.clock.advance(5_000);
    // ...and another process starts on the same database.
    const next: BuiltApp = await buildApp({
      config: w.t.config,
      database: w.t.database,
      clock: { now: () => new Date(w.clock.now()) },
      whatsapp: { simulator: w.network, simulatorSession: { openDelayMs: 300 } },
      sessions: { nodeId: 'after-restart' },
    });
    try {
      await next.app.ready();
      await next.startWorker();
      await w.clock.advance(300);
      await eventually(() => expect(next.ctx.sessions.session(whatsappId)?.status).toBe('CONNECTED'));
      await next.parts.outbox.runDue();
      await eventually(async () => expect((await rowOf(sent.id)).delivery).toBe('sent'));
      expect(outbound(number).map((e) => e.body)).toEqual(['sobrevivi ao reinício']);
    } finally {
      await next.app.close();
    }
  });
});
