import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueue, startWorld, type World } from '../../../test/conversation-world.js';
import { startFakeDialogflow, type FakeDialogflow } from '../../../test/fake-dialogflow-server.js';
import { startFakeReceiver, type FakeReceiver } from '../../../test/fake-automation-receiver.js';
import { connectionWith, customer as customerOf } from '../../../test/bot-world.js';
import { drain, integrationWith, notesOf, stage } from './integrations-world.js';

let w: World;
let receiver: FakeReceiver;
let dialogflow: FakeDialogflow;

beforeAll(async () => {
  receiver = await startFakeReceiver();
  dialogflow = await startFakeDialogflow();
  w = await startWorld({ env: { DIALOGFLOW_API_URL: dialogflow.url, INTEGRATION_TIMEOUT_MS: '3000', WEBHOOKS_ALLOW_PRIVATE: 'true' } });
});
afterAll(async () => {
  await w.t.close();
  await receiver.close();
  await dialogflow.close();
});

async function webhook(type: 'n8n' | 'webhook') {
  const integration = await integrationWith(w, { type, urlN8N: `${receiver.url}/hook` });
  receiver.secret = integration.signingSecret!;
  return integration;
}

describe('n8n and webhook integrations', () => {
  it('POST each message signed, send the reply and keep the conversation', async () => {
    const integration = await webhook('webhook');
    const { customer, queueId, whatsappId } = await stage(w, integration.id);
    receiver.answer = (event) => ({ reply: `Recebido: ${event.message.body}` });
    await customer.writes('quero um orçamento');
    await drain(w, 1);
    const event = receiver.events.at(-1)!;
    const ticket = await customer.ticket();
    expect(event).toMatchObject({
      event: 'message',
      ticket: { id: ticket.id, uuid: ticket.uuid, status: 'pending', queueId, whatsappId },
      contact: { number: customer.from, name: 'Carla Dias' },
      message: { body: 'quero um orçamento', mediaType: 'chat' },
      integration: { id: integration.id, name: integration.name },
    });
    expect(customer.received()).toEqual(['Recebido: quero um orçamento']);
    expect(ticket).toMatchObject({ useIntegration: true, integrationId: integration.id });
    expect(receiver.badSignatures).toBe(0);
  });

  it('a connection without queues hands its customers to its own integration', async () => {
    const integration = await webhook('n8n');
    const whatsappId = await connectionWith(w, [], { integrationId: integration.id });
    expect((await w.admin.get(`/api/whatsapp/${whatsappId}`)).json().integrationId).toBe(integration.id);
    const customer = customerOf(w, whatsappId, '5511977770001');
    receiver.answer = () => ({ reply: 'Oi! Aqui é o fluxo da conexão.' });
    await customer.writes('bom dia');
    await drain(w, 1);
    expect(receiver.events.at(-1)).toMatchObject({ ticket: { queueId: null, whatsappId }, message: { body: 'bom dia' } });
    expect(customer.received()).toEqual(['Oi! Aqui é o fluxo da conexão.']);
  });

  it('transferQueueId hands the customer to people in that queue; close finishes the ticket', async () => {
    const integration = await webhook('n8n');
    const target = await createQueue(w);
    const moving = await stage(w, integration.id);
    receiver.answer = () => ({ reply: 'Vou transferir.', transferQueueId: target });
    await moving.customer.writes('falar com vendas');
    await drain(w, 1);
    expect(moving.customer.received()).toEqual(['Vou transferir.']);
    expect(await moving.customer.ticket()).toMatchObject({ queueId: target, useIntegration: false, status: 'pending' });

    const closing = await stage(w, integration.id);
    receiver.answer = () => ({ reply: 'Até logo!', close: true });
    await closing.customer.writes('tchau');
    await drain(w, 1);
    expect(closing.customer.received()).toEqual(['Até logo!']);
    expect(await closing.customer.ticket()).toMatchObject({ status: 'closed', useIntegration: false, integrationId: null });
  });

  it('a wrong signature, a foreign queue or an answer it cannot read leaves a note and goes to people', async () => {
    const integration = await webhook('webhook');
    const foreign = await w.t.createCompany();
    const foreignQueue = (await w.t.as(await w.t.login(foreign.email, foreign.password)).post('/api/queue', { name: 'Alheia', color: '#0a0b0c' })).json().id;
    const cases: Array<[() => void, string]> = [
      [() => { receiver.secret = 'outro-segredo'; }, 'the service answered HTTP 401'],
      [() => { receiver.answer = () => ({ transferQueueId: foreignQueue }); }, `transferQueueId ${foreignQueue} is not a queue of this company`],
      [() => { receiver.answer = () => ({ body: '<html>oops</html>' }); }, 'the service answered something that is not JSON'],
      [() => { receiver.answer = () => ({ reply: 42 }) as never; }, 'the answer is not { reply?, transferQueueId?, close? }'],
    ];
    for (const [arrange, reason] of cases) {
      receiver.secret = integration.signingSecret!;
      arrange();
      const { customer, queueId } = await stage(w, integration.id);
      await customer.writes('oi');
      const ticket = await customer.ticket();
      expect(ticket).toMatchObject({ useIntegration: false, queueId, status: 'pending' });
      expect((await notesOf(w, ticket.id)).map((n) => n.note)).toEqual([`A integração "${integration.name}" falhou (${reason}). O atendimento foi passado para a fila.`]);
      expect(customer.received()).toEqual([]);
    }
    expect(receiver.badSignatures).toBe(1);
  });
});

describe('a Dialogflow integration', () => {
  it('detects intents with a token from the service account and hands over at the end of the conversation', async () => {
    const integration = await integrationWith(w, { type: 'dialogflow', projectName: dialogflow.project, jsonContent: dialogflow.serviceAccount, language: 'pt-BR' });
    const { customer, queueId } = await stage(w, integration.id);
    await customer.writes('Olá');
    await drain(w, 1);
    expect(customer.received()).toEqual(['Olá! Em que posso ajudar?', 'Digite "atendente" para falar com uma pessoa.']);
    expect(await customer.ticket()).toMatchObject({ useIntegration: true, integrationId: integration.id });
    await customer.writes('qual o horário?');
    await drain(w, 1);
    expect(customer.received().at(-1)).toBe('Não entendi, pode repetir?');
    await customer.writes('quero um atendente');
    await drain(w, 1);
    expect(customer.received().at(-1)).toBe('Vou chamar um atendente.');
    expect(await customer.ticket()).toMatchObject({ useIntegration: false, queueId, status: 'pending' });
    const ticket = await customer.ticket();
    const sessions = dialogflow.queries.slice(-3).map((q) => q.session);
    expect(sessions).toEqual(Array(3).fill(`atende-${ticket.id}-${ticket.currentCycleId}`));
    expect(dialogflow.queries.slice(-3).every((q) => q.languageCode === 'pt-BR')).toBe(true);
  });

  it('a project the account may not use leaves a note and goes to people', async () => {
    const integration = await integrationWith(w, { type: 'dialogflow', projectName: 'outro', jsonContent: dialogflow.serviceAccount, language: 'en' });
    const { customer } = await stage(w, integration.id);
    await customer.writes('hello');
    const ticket = await customer.ticket();
    expect(ticket.useIntegration).toBe(false);
    expect((await notesOf(w, ticket.id))[0].note).toContain('the service answered HTTP 403');
  });
});
