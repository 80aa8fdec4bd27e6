import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROMPT_TRANSFER_MARKER } from '@atende/contract';
import { connectionWith, customer, queueWith } from '../../test/bot-world.js';
import { messagesOf, settle, startWorld, type World } from '../../test/conversation-world.js';
import { FAKE_OPENAI_KEY, FAKE_SPEECH_KEY, startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai-server.js';
import { eventually } from '../../test/live-sockets.js';

/**
 * The AI prompt agent through the simulator, against a local OpenAI (and Azure Speech) that
 * speaks their protocols: the answer and its context, the transfer marker, one answer at a time,
 * voice notes both ways, and failures left visible on the ticket.
 */
let w: World;
let fake: FakeOpenAi;
let sales: number;
let people: number;
let numbers = 0;
const TEXT = 'Você é a atendente virtual da Padaria Pão Quente. Responda em uma frase.';

beforeAll(async () => {
  fake = await startFakeOpenAi();
  w = await startWorld({ env: fake.env });
  sales = await queueWith(w, 'Vendas IA');
  people = await queueWith(w, 'Pessoas');
});
afterAll(async () => {
  w.sockets.closeAll();
  await w.t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

async function promptOn(queueId: number, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await w.admin.post('/api/prompt', { name: `Assistente ${++numbers}`, prompt: TEXT, queueId, apiKey: FAKE_OPENAI_KEY, ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

/** A connection with no queue whose prompt answers (its queue is where the transfer leads). */
async function lineWithPrompt(promptId: number) {
  const whatsappId = await connectionWith(w, [], { promptId });
  return Object.assign(customer(w, whatsappId, `55119333${String(++numbers).padStart(5, '0')}`), { whatsappId });
}

/** Waits until the agent answered and the outbox sent it. */
async function answered() {
  await settle(w);
  await w.t.parts.promptAgent.idle();
  await settle(w);
}

describe('AI prompt agent', () => {
  it('answers with the prompt and the last maxMessages messages, in order, as context', async () => {
    const carla = await lineWithPrompt(await promptOn(sales, { maxMessages: 3, maxTokens: 80, temperature: 0.3 }));
    await carla.writes('Olá');
    await answered();
    expect(carla.received()).toEqual(['Eco: Olá']);
    expect(await carla.ticket()).toMatchObject({ status: 'pending', useIntegration: true, chatbot: true, userId: null });

    await carla.writes('Quero um bolo');
    await answered();
    await carla.writes('Entregam hoje?');
    await answered();
    expect(carla.received()).toEqual(['Eco: Olá', 'Eco: Quero um bolo', 'Eco: Entregam hoje?']);

    expect(fake.chats).toHaveLength(3);
    const last = fake.chats[2];
    expect(last).toMatchObject({ model: 'gpt-4o-mini', max_completion_tokens: 80, temperature: 0.3 });
    expect(last.messages[0].role).toBe('system');
    expect(last.messages[0].content).toContain(TEXT);
    expect(last.messages[0].content).toContain(PROMPT_TRANSFER_MARKER);
    expect(last.messages.slice(1)).toEqual([
      { role: 'user', content: 'Quero um bolo' },
      { role: 'assistant', content: 'Eco: Quero um bolo' },
      { role: 'user', content: 'Entregam hoje?' },
    ]);
    const ticket = await carla.ticket();
    expect((await messagesOf(w, ticket.id)).filter((m) => m.fromMe).every((m) => m.automated)).toBe(true);
  });

  it('the transfer marker sends the text before it, moves the ticket to the queue and stops the agent', async () => {
    const dora = await lineWithPrompt(await promptOn(people, { model: 'gpt-4.1-mini' }));
    await dora.writes('Bom dia');
    await answered();
    await dora.writes('Quero falar com um atendente');
    await answered();
    expect(dora.received()).toEqual(['Eco: Bom dia', 'Vou chamar alguém.']);
    expect(fake.chats.map((c) => c.model)).toEqual(['gpt-4.1-mini', 'gpt-4.1-mini']);
    expect(await dora.ticket()).toMatchObject({ status: 'pending', queueId: people, useIntegration: false, promptId: null, chatbot: false, userId: null });

    // Handed over: neither the agent nor the queue bot answers again in this attendance.
    await dora.writes('Alô? Tem alguém aí?');
    await answered();
    expect(fake.chats).toHaveLength(2);
    expect(dora.received()).toEqual(['Eco: Bom dia', 'Vou chamar alguém.']);
  });

  it("a queue's prompt answers once the queue bot put the customer in it; after the transfer the bot stays silent too", async () => {
    const bakery = await queueWith(w, 'Padaria IA', { greetingMessage: 'Bem-vindo à padaria!' });
    const promptId = await promptOn(people);
    const current = (await w.admin.get(`/api/queue/${bakery}`)).json();
    expect((await w.admin.put(`/api/queue/${bakery}`, { name: current.name, color: current.color, promptId })).statusCode).toBe(200);
    const whatsappId = await connectionWith(w, [bakery, sales]);
    const iris = customer(w, whatsappId, '5511944440001');
    await iris.writes('Oi');
    await answered();
    expect(iris.received()).toEqual([expect.stringContaining('Escolha uma fila')]);
    await iris.writes('1');
    await answered();
    expect(iris.received().slice(1)).toEqual(['Bem-vindo à padaria!']);
    expect(fake.chats).toHaveLength(0);

    await iris.writes('Tem pão de queijo?');
    await answered();
    expect(iris.received().slice(1)).toEqual(['Bem-vindo à padaria!', 'Eco: Tem pão de queijo?']);
    await iris.writes('Prefiro falar com uma pessoa');
    await answered();
    expect(await iris.ticket()).toMatchObject({ queueId: people, useIntegration: false, chatbot: false });
    await iris.writes('Oi?');
    await answered();
    await iris.writes('#');
    await answered();
    expect(iris.received().slice(1)).toEqual(['Bem-vindo à padaria!', 'Eco: Tem pão de queijo?', 'Vou chamar alguém.']);
    expect(fake.chats).toHaveLength(2);
  });

  it('never runs two completions at once for a ticket: quick messages get answered after the running one', async () => {
    const eva = await lineWithPrompt(await promptOn(sales));
    fake.delayMs = 300;
    const first = w.network.customerSends({ connectionId: eva.whatsappId, from: eva.from, body: 'Primeira' });
    await eventually(async () => expect(await storedId(first.id)).toBeDefined());
    await settle(w);
    const second = w.network.customerSends({ connectionId: eva.whatsappId, from: eva.from, body: 'Segunda' });
    await eventually(async () => expect(await storedId(second.id)).toBeDefined());
    await answered();
    expect(fake.maxConcurrent).toBe(1);
    expect(fake.chats.length).toBeLessThanOrEqual(2);
    expect(eva.received().at(-1)).toBe('Eco: Segunda');
    // Each customer message is answered at most once.
    expect(new Set(eva.received()).size).toBe(eva.received().length);
  });

  it("transcribes a customer's voice note first and answers by voice too", async () => {
    const fabi = await lineWithPrompt(await promptOn(sales, { voice: 'pt-BR-FranciscaNeural', voiceKey: FAKE_SPEECH_KEY, voiceRegion: 'brazilsouth' }));
    const { whatsappId } = fabi;
    const sent = w.network.customerSends({ connectionId: whatsappId, from: fabi.from, mediaType: 'voice', mimeType: 'audio/ogg; codecs=opus', dataBase64: Buffer.from('OggS-voz-do-cliente').toString('base64') });
    await eventually(async () => expect(await storedId(sent.id)).toBeDefined());
    await answered();
    expect(fake.transcriptions).toEqual([expect.objectContaining({ model: 'whisper-1', bytes: expect.any(Number) })]);
    expect(fake.chats[0].messages.at(-1)).toEqual({ role: 'user', content: fake.transcript });
    const outbound = w.network.conversation(whatsappId, fabi.from).filter((e) => e.direction === 'out');
    expect(outbound.map((e) => e.kind)).toEqual(['text', 'voice']);
    expect(outbound[0].body).toBe(`Eco: ${fake.transcript}`);
    expect(fake.speeches[0].ssml).toContain('name="pt-BR-FranciscaNeural"');
    expect(fake.speeches[0].ssml).toContain(`Eco: ${fake.transcript}`);
    // The transcript is kept: the next answer does not transcribe the same note again.
    await fabi.writes('E aos domingos?');
    await answered();
    expect(fake.transcriptions).toHaveLength(1);
  });

  it('a failing OpenAI (bad key, rate limit) leaves a note on the ticket and hands it over to people', async () => {
    const gabi = await lineWithPrompt(await promptOn(sales, { apiKey: 'sk-wrong-key-0000' }));
    await gabi.writes('Oi');
    await answered();
    expect(gabi.received()).toEqual([]);
    const ticket = await gabi.ticket();
    expect(ticket).toMatchObject({ status: 'pending', queueId: sales, useIntegration: false, promptId: null });
    const notes = await w.t.database.db.selectFrom('ticketNotes').selectAll().where('ticketId', '=', ticket.id).execute();
    expect(notes.map((n) => n.note)).toEqual(['Falha no agente de IA: chave de API inválida (401)']);
    const listed = await w.admin.get(`/api/ticket-notes/list?ticketId=${ticket.id}`);
    expect(listed.json()).toEqual([expect.objectContaining({ note: 'Falha no agente de IA: chave de API inválida (401)', user: null })]);

    const hugo = await lineWithPrompt(await promptOn(sales));
    fake.script.push({ status: 429, message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' }, { status: 429, message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' });
    await hugo.writes('Oi');
    await answered();
    expect(hugo.received()).toEqual([]);
    const hugoTicket = await hugo.ticket();
    expect(hugoTicket.useIntegration).toBe(false);
    const hugoNotes = await w.t.database.db.selectFrom('ticketNotes').select('note').where('ticketId', '=', hugoTicket.id).execute();
    expect(hugoNotes[0].note).toMatch(/^Falha no agente de IA: .*429/);
  });
});

async function storedId(providerMessageId: string) {
  return w.t.database.db.selectFrom('messages').select('id').where('providerMessageId', '=', providerMessageId).executeTakeFirst();
}
