import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE, connectionWith, customer, queueWith } from '../../test/bot-world.js';
import { settle, startWorld, type World } from '../../test/conversation-world.js';
import { startFakeReceiver, type FakeReceiver } from '../../test/fake-automation-receiver.js';
import { FAKE_OPENAI_KEY, startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai-server.js';
import { automatedAgentFor, handOverToPeople, OneAnswerPerTicket, takeCharge } from './automated-agent.js';

/**
 * Who talks to a waiting customer: an integration or a prompt named by the ticket's queue (or its
 * connection while it has no queue), only on a plan that allows it; the queue bot stays silent
 * meanwhile and greets nobody after the hand-over to people.
 */
let w: World;
let planId: number;
let receiver: FakeReceiver;
let openAi: FakeOpenAi;

beforeAll(async () => {
  receiver = await startFakeReceiver();
  openAi = await startFakeOpenAi();
  w = await startWorld({ env: { ...openAi.env, WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  planId = w.company.planId;
});
afterAll(async () => {
  w.sockets.closeAll();
  await w.t.close();
  await receiver.close();
  await openAi.close();
});

/** A webhook integration of the company whose receiver answers nothing: the conversation stays with it. */
async function integrationOf(name: string): Promise<number> {
  const created = (await w.admin.post('/api/queueIntegration', { type: 'webhook', name, urlN8N: receiver.url })).json();
  receiver.secret = created.signingSecret;
  return created.id;
}

/** A prompt of the company answering (through the fake OpenAI) and transferring to `queueId`. */
async function promptFor(queueId: number): Promise<number> {
  const res = await w.admin.post('/api/prompt', { name: 'Assistente', prompt: 'Responda com educação, em uma frase.', queueId, apiKey: FAKE_OPENAI_KEY });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

async function answered() {
  await w.t.parts.promptAgent.idle();
  await settle(w);
}

const setPlan = (flags: { useOpenAi: boolean; useIntegrations: boolean }) => w.t.database.db.updateTable('plans').set(flags).where('id', '=', planId).execute();
const ticketRow = (id: number) => w.t.database.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('automated agents', () => {
  it('a queue with a prompt silences the queue bot; its integration goes first; the plan decides', async () => {
    await setPlan({ useOpenAi: true, useIntegrations: true });
    const sales = await queueWith(w, 'Vendas IA', { greetingMessage: 'Vendas: como posso ajudar?' });
    const promptId = await promptFor(sales);
    await w.t.database.db.updateTable('queues').set({ promptId }).where('id', '=', sales).execute();
    const whatsappId = await connectionWith(w, [sales]);
    const ana = customer(w, whatsappId, '5511933330001', 'Ana Lima');
    await ana.writes('oi');
    await answered();
    // The AI answered her; the queue bot said nothing (no greeting of the queue).
    expect(ana.received()).toEqual(['Eco: oi']);
    // Which agent the queue names, for a ticket no agent has taken yet.
    const ticket = { ...(await ticketRow((await ana.ticket()).id)), useIntegration: false, promptId: null, chatbot: false };
    expect(await automatedAgentFor(w.t.database.db, ticket)).toEqual({ kind: 'prompt', promptId });

    const integrationId = await integrationOf('Receptor de vendas');
    await w.t.database.db.updateTable('queues').set({ integrationId }).where('id', '=', sales).execute();
    expect(await automatedAgentFor(w.t.database.db, ticket)).toEqual({ kind: 'integration', integrationId });
    await setPlan({ useOpenAi: true, useIntegrations: false });
    expect(await automatedAgentFor(w.t.database.db, ticket)).toEqual({ kind: 'prompt', promptId });
    await setPlan({ useOpenAi: false, useIntegrations: false });
    expect(await automatedAgentFor(w.t.database.db, ticket)).toBeNull();
    await setPlan({ useOpenAi: true, useIntegrations: true });
  });

  it('the connection names the agent while the ticket has no queue', async () => {
    const a = await queueWith(w, 'Fila A');
    const b = await queueWith(w, 'Fila B');
    const whatsappId = await connectionWith(w, [a, b]);
    const integrationId = await integrationOf('Receptor da conexão');
    await w.t.database.db.updateTable('whatsapps').set({ integrationId }).where('id', '=', whatsappId).execute();
    const bia = customer(w, whatsappId, '5511933330002', 'Bia Reis');
    await bia.writes('olá');
    // No queue menu: the connection's integration talks to her.
    expect(bia.received()).toEqual([]);
    const ticket = await ticketRow((await bia.ticket()).id);
    expect(ticket.queueId).toBeNull();
    expect(await automatedAgentFor(w.t.database.db, ticket)).toEqual({ kind: 'integration', integrationId });
    expect(receiver.events.at(-1)?.message.body).toBe('olá');
  });

  it('an agent in charge is shown on the ticket; after the hand-over no agent nor greeting comes back in that attendance', async () => {
    const support = await queueWith(w, 'Suporte IA', { greetingMessage: 'Suporte: aguarde.' });
    const human = await queueWith(w, 'Humanos');
    const promptId = await promptFor(human);
    await w.t.database.db.updateTable('queues').set({ promptId }).where('id', '=', support).execute();
    const whatsappId = await connectionWith(w, [support]);
    const caio = customer(w, whatsappId, '5511933330003', 'Caio Melo');
    await caio.writes('bom dia');
    await answered();
    let ticket = await ticketRow((await caio.ticket()).id);
    const agent = (await automatedAgentFor(w.t.database.db, ticket))!;
    ticket = await takeCharge(w.t.ctx, ticket, agent);
    expect(ticket).toMatchObject({ useIntegration: true, promptId, integrationId: null, chatbot: true });
    const shown = (await w.admin.get(`/api/tickets/${ticket.id}`)).json();
    expect(shown).toMatchObject({ useIntegration: true, promptId });

    const handed = await handOverToPeople(w.t.ctx, ticket, { queueId: human });
    expect(handed).toMatchObject({ useIntegration: false, promptId: null, chatbot: false, queueId: human });
    expect(await automatedAgentFor(w.t.database.db, handed!)).toBeNull();
    await w.clock.advance(MINUTE);
    await caio.writes('e então?');
    await answered();
    expect(caio.received()).toEqual(['Eco: bom dia']);
    expect((await caio.cycle()).queueId).toBe(human);
    // Accepted by a person, the ticket no longer waits: nothing automated takes it.
    expect((await w.admin.put(`/api/tickets/${ticket.id}`, { action: 'accept' })).statusCode).toBe(200);
    expect(await handOverToPeople(w.t.ctx, await ticketRow(ticket.id))).toBeNull();
  });
});

describe('one answer per ticket', () => {
  it('never runs two at once for a ticket; calls meanwhile make one more run', async () => {
    const runner = new OneAnswerPerTicket();
    let running = 0;
    let most = 0;
    let runs = 0;
    const work = async () => {
      running += 1;
      most = Math.max(most, running);
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
    };
    const first = runner.run(1, work);
    void runner.run(1, work);
    void runner.run(1, work);
    void runner.run(2, work);
    await first;
    await runner.idle();
    expect(most).toBe(2); // tickets 1 and 2 side by side, never two of ticket 1
    expect(runs).toBe(3); // ticket 1 once, then once more for the two calls meanwhile; ticket 2 once
  });
});
