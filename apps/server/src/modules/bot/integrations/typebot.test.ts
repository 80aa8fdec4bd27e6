import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesOf, settle, startWorld, type World } from '../../../test/conversation-world.js';
import { startFakeTypebot, type FakeTypebot } from '../../../test/fake-typebot-server.js';
import { createAgent } from '../../../test/conversation-world.js';
import { MINUTE } from '../../../test/bot-world.js';
import { drain, integrationWith, notesOf, stage } from './integrations-world.js';

let w: World;
let typebot: FakeTypebot;

const GREETING = ['Olá! Sou o *assistente*.', 'https://example.com/logo.png', 'Com quem deseja falar?', '1 - Vendas\n2 - Suporte'];

beforeAll(async () => {
  typebot = await startFakeTypebot('atendimento');
  w = await startWorld({ env: { INTEGRATION_TIMEOUT_MS: '1500', WEBHOOKS_ALLOW_PRIVATE: 'true' } });
});
afterAll(async () => {
  await w.t.close();
  await typebot.close();
});

const flow = (extra: Record<string, unknown> = {}) => integrationWith(w, { type: 'typebot', urlN8N: typebot.url, typebotSlug: 'atendimento', ...extra });

describe('a Typebot integration on a queue', () => {
  it('runs the flow: greeting and numbered choices spaced by the delay, a number answers the choice, the end hands the ticket to the queue', async () => {
    const integration = await flow();
    const { queueId, customer } = await stage(w, integration.id);
    await customer.writes('oi');
    const ticket = await customer.ticket();
    expect(ticket).toMatchObject({ useIntegration: true, integrationId: integration.id, chatbot: true, queueId, status: 'pending' });
    const stored = (await messagesOf(w, ticket.id)).filter((m) => m.fromMe);
    expect(stored.map((m) => m.body)).toEqual(GREETING);
    expect(stored.every((m) => m.automated)).toBe(true);
    // Only the first is due at once: the others wait typebotDelayMessage (1000 by default) each.
    const due = stored.filter((m) => m.delivery === 'pending').map((m) => new Date(m.nextAttemptAt!).getTime());
    expect(due.slice(1).map((t, i) => t - due[i])).toEqual([1_000, 1_000]);
    expect(customer.received()).toEqual(GREETING.slice(0, 1));
    await drain(w);
    expect(customer.received()).toEqual(GREETING);

    await customer.writes('2');
    await drain(w);
    expect(typebot.replies.at(-1)).toEqual({ sessionId: typebot.sessions.at(-1), text: 'Suporte' });
    expect(customer.received().at(-1)).toBe('Certo, vou chamar Suporte.');
    expect(await customer.ticket()).toMatchObject({ useIntegration: false, integrationId: null, chatbot: false, queueId, status: 'pending', userId: null });
    const agent = await createAgent(w, [queueId]);
    const list = (await agent.api.get('/api/tickets?status=pending&showAll=false')).json();
    expect(list.tickets.map((t: { id: number }) => t.id)).toContain(ticket.id);

    // People have it now: the flow hears nothing more.
    const replies = typebot.replies.length;
    await customer.writes('alô?');
    await drain(w, 2);
    expect(typebot.replies).toHaveLength(replies);
    expect(customer.received().at(-1)).toBe('Certo, vou chamar Suporte.');
  });

  it('stores the spaced messages with send times typebotDelayMessage apart', async () => {
    const integration = await flow({ typebotDelayMessage: 2500 });
    const { customer } = await stage(w, integration.id);
    await customer.writes('oi');
    const pending = (await messagesOf(w, (await customer.ticket()).id)).filter((m) => m.fromMe && m.delivery === 'pending');
    const due = pending.map((m) => new Date(m.nextAttemptAt!).getTime());
    expect(due.slice(1).map((t, i) => t - due[i])).toEqual([2500, 2500]);
    await drain(w, 4, 2_500);
    expect(customer.received()).toEqual(GREETING);
  });

  it('answers each customer message once, also when the hook hears it again', async () => {
    const integration = await flow({ typebotDelayMessage: 0 });
    const { customer } = await stage(w, integration.id);
    await customer.writes('oi');
    const sessions = typebot.sessions.length;
    const ticket = await customer.ticket();
    const [message] = (await messagesOf(w, ticket.id)).filter((m) => !m.fromMe);
    const contact = await w.t.database.db.selectFrom('contacts').selectAll().where('id', '=', ticket.contactId).executeTakeFirstOrThrow();
    const event = { ticket, contact, message, history: false, stale: false, fromMe: false, automated: false, ticketCreated: false, ticketReopened: false, consumed: false, mayAutomate: true };
    await w.t.ctx.automation.afterInboundMessage(w.t.ctx, event);
    await settle(w);
    expect(typebot.sessions).toHaveLength(sessions);
    expect((await messagesOf(w, ticket.id)).filter((m) => m.fromMe)).toHaveLength(GREETING.length);
  });

  it('a reply the flow refuses gets typebotUnknownMessage and the choices again', async () => {
    const integration = await flow({ typebotDelayMessage: 0, typebotUnknownMessage: 'Não entendi. Responda com o número.' });
    const { customer } = await stage(w, integration.id);
    await customer.writes('oi');
    await customer.writes('banana');
    await drain(w, 1);
    expect(typebot.replies.at(-1)?.text).toBe('banana');
    expect(customer.received().slice(-2)).toEqual(['Não entendi. Responda com o número.', '1 - Vendas\n2 - Suporte']);
    expect((await customer.ticket()).useIntegration).toBe(true);
  });

  it('after typebotExpires minutes of silence the next message opens a new session', async () => {
    const integration = await flow({ typebotDelayMessage: 0, typebotExpires: 1 });
    const { customer } = await stage(w, integration.id);
    await customer.writes('oi');
    const first = typebot.sessions.length;
    await w.clock.advance(2 * MINUTE);
    const replies = typebot.replies.length;
    await customer.writes('voltei');
    await drain(w, 1);
    expect(typebot.sessions).toHaveLength(first + 1);
    expect(typebot.replies).toHaveLength(replies);
    expect(customer.received().slice(-4)).toEqual(GREETING);
  });

  it('the restart keyword starts over after the restart message; the finish keyword closes the ticket', async () => {
    const integration = await flow({ typebotDelayMessage: 0, typebotKeywordRestart: '#recomeçar', typebotRestartMessage: 'Vamos recomeçar.', typebotKeywordFinish: 'sair' });
    const { customer } = await stage(w, integration.id);
    await customer.writes('oi');
    const sessions = typebot.sessions.length;
    await customer.writes('#RECOMEÇAR');
    await drain(w, 1);
    expect(typebot.sessions).toHaveLength(sessions + 1);
    expect(customer.received().slice(-5)).toEqual(['Vamos recomeçar.', ...GREETING]);
    await customer.writes(' Sair ');
    await drain(w, 1);
    expect(await customer.ticket()).toMatchObject({ status: 'closed', useIntegration: false, integrationId: null });
  });

  it('a failing or silent Typebot leaves a note on the ticket and hands it over to people', async () => {
    const integration = await flow({ typebotDelayMessage: 0 });
    const failing = await stage(w, integration.id);
    typebot.failWith = 500;
    try {
      await failing.customer.writes('oi');
    } finally {
      typebot.failWith = null;
    }
    const ticket = await failing.customer.ticket();
    expect(ticket).toMatchObject({ useIntegration: false, status: 'pending', queueId: failing.queueId });
    expect(await notesOf(w, ticket.id)).toEqual([{ userId: null, note: `A integração "${integration.name}" falhou (the service answered HTTP 500). O atendimento foi passado para a fila.` }]);
    expect(failing.customer.received()).toEqual([]);

    const silent = await stage(w, integration.id);
    typebot.delayMs = 3_000;
    try {
      await silent.customer.writes('oi');
    } finally {
      typebot.delayMs = 0;
    }
    const notes = await notesOf(w, (await silent.customer.ticket()).id);
    expect(notes[0].note).toContain('no answer within 1500 ms');
  });
});
