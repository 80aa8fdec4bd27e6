import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyEvent, type TicketEvent } from '@atende/contract';
import { MINUTE, connectionWith, customer, optionOf, queueWith } from '../../test/bot-world.js';
import { handlerSource, inboundEvent, setSetting, settle, startWorld, type World } from '../../test/conversation-world.js';
import { eventually } from '../../test/live-sockets.js';
import { createInboundHandler } from '../inbound/inbound.handler.js';

/**
 * The queue bot through the simulator (settings and connection limits): the greeting and the queue
 * menu, its caps, the single-queue greeting, the option tree, and a customer that is a bot (no endless
 * menu exchange with another bot).
 */
let w: World;
let finance: number;
let support: number;
const MENU = 'Escolha uma fila\n\n*1* - Financeiro\n*2* - Suporte';

beforeAll(async () => {
  w = await startWorld({ listen: true });
  finance = await queueWith(w, 'Financeiro', { greetingMessage: 'Financeiro: diga o número do boleto.' });
  support = await queueWith(w, 'Suporte', { greetingMessage: 'Suporte técnico, {{firstName}}.' });
  const internet = await optionOf(w, support, { title: 'Internet', message: 'Problemas de internet:', option: '1' });
  await optionOf(w, support, { title: 'Telefone', message: 'Ligue 0800 000 0000.', option: '2' });
  await optionOf(w, support, { title: 'Lenta', message: 'Reinicie o roteador.', option: '1', parentId: internet });
  await optionOf(w, support, { title: 'Sem sinal', message: 'Um técnico vai ligar.', option: '2', parentId: internet });
});
afterAll(async () => {
  w.sockets.closeAll();
  await w.t.close();
});

const SUPPORT_ROOT = 'Suporte técnico, Carla.\n\n*1* - Internet\n*2* - Telefone\n\n*#* - Menu inicial';
const INTERNET = 'Problemas de internet:\n\n*1* - Lenta\n*2* - Sem sinal\n\n*0* - Voltar\n*#* - Menu inicial';

describe('greeting and queue menu', () => {
  it('greets once with the numbered queues; the answer puts the ticket in that queue and turns the chatbot off', async () => {
    const heard = w.sockets.record(await w.sockets.connect(w.adminSession));
    const whatsappId = await connectionWith(w, [finance, support]);
    const carla = customer(w, whatsappId, '5511922220001');
    // A burst before the customer could read the menu is no answer to it: one greeting.
    w.network.customerSends({ connectionId: whatsappId, from: carla.from, body: 'Olá' });
    await carla.writes('preciso de ajuda');
    expect(carla.received()).toEqual([MENU]);
    expect(await carla.ticket()).toMatchObject({ status: 'pending', queueId: null, chatbot: true });

    await w.clock.advance(MINUTE);
    await carla.writes('1');
    expect(carla.received()).toEqual([MENU, 'Financeiro: diga o número do boleto.']);
    expect(await carla.ticket()).toMatchObject({ status: 'pending', queueId: finance, chatbot: false });
    expect(await carla.cycle()).toMatchObject({ queueId: finance });
    expect((await carla.automated()).map((m) => m.delivery)).toEqual(['sent', 'sent']);
    const ticketEvent = companyEvent(w.company.companyId, 'ticket');
    await eventually(() =>
      expect(heard.filter((h) => h.event === ticketEvent).map((h) => (h.payload as TicketEvent & { action: 'update' }).ticket)).toContainEqual(
        expect.objectContaining({ queueId: finance, chatbot: false }),
      ),
    );

    // The bot is done: further messages wait for an agent in silence.
    await w.clock.advance(MINUTE);
    await carla.writes('obrigada');
    expect(carla.received()).toHaveLength(2);
  });

  it('greets again when a finished conversation is reopened by the customer: a new attendance', async () => {
    const whatsappId = await connectionWith(w, [finance, support]);
    const olga = customer(w, whatsappId, '5511922220011');
    await olga.writes('oi');
    await olga.writes('1');
    const ticket = await olga.ticket();
    expect((await w.admin.put(`/api/tickets/${ticket.id}`, { action: 'accept' })).statusCode).toBe(200);
    expect((await w.admin.put(`/api/tickets/${ticket.id}`, { action: 'finish' })).statusCode).toBe(200);
    await w.clock.advance(MINUTE);
    await olga.writes('voltei');
    expect(olga.received()).toEqual([MENU, 'Financeiro: diga o número do boleto.', MENU]);
    expect(await olga.ticket()).toMatchObject({ status: 'pending', queueId: null, chatbot: true });
  });

  it('answers an unknown reply with the menu again, at most maxUseBotQueues menus in all; a valid answer still counts', async () => {
    const whatsappId = await connectionWith(w, [finance, support], { maxUseBotQueues: 3 });
    const davi = customer(w, whatsappId, '5511922220002');
    await davi.writes('oi');
    for (const reply of ['quero falar com alguém', 'não entendi', 'alô?', 'alguém?']) {
      await w.clock.advance(MINUTE);
      await davi.writes(reply);
    }
    expect(davi.received()).toEqual([MENU, MENU, MENU]);
    await w.clock.advance(MINUTE);
    await davi.writes('*2*');
    expect(await davi.ticket()).toMatchObject({ queueId: support, chatbot: true });
  });

  it('sends no menu again within timeUseBotQueues minutes of the last one', async () => {
    const whatsappId = await connectionWith(w, [finance, support], { timeUseBotQueues: 10, maxUseBotQueues: 5 });
    const eva = customer(w, whatsappId, '5511922220003');
    await eva.writes('oi');
    await w.clock.advance(MINUTE);
    await eva.writes('hein?');
    await w.clock.advance(8 * MINUTE);
    await eva.writes('e aí?');
    expect(eva.received()).toEqual([MENU]);
    await w.clock.advance(2 * MINUTE);
    await eva.writes('ainda aqui');
    expect(eva.received()).toEqual([MENU, MENU]);
  });

  it('with a single queue the ticket goes to it, greeted by the queue only when sendGreetingMessageOneQueues is enabled', async () => {
    const whatsappId = await connectionWith(w, [finance], { greetingMessage: 'Olá da conexão' });
    const fabio = customer(w, whatsappId, '5511922220004');
    await fabio.writes('bom dia');
    expect(fabio.received()).toEqual(['Financeiro: diga o número do boleto.']);
    expect(await fabio.ticket()).toMatchObject({ queueId: finance, chatbot: false });

    await setSetting(w, 'sendGreetingMessageOneQueues', 'disabled');
    const gil = customer(w, whatsappId, '5511922220005');
    await gil.writes('bom dia');
    await w.clock.advance(MINUTE);
    await gil.writes('alguém?');
    expect(gil.received()).toEqual([]);
    expect(await gil.ticket()).toMatchObject({ queueId: finance, chatbot: false });
    await setSetting(w, 'sendGreetingMessageOneQueues', 'enabled');
  });
});

describe('option tree', () => {
  it('goes down by number, back a level with 0, to the main menu with #, and ends on a leaf', async () => {
    const whatsappId = await connectionWith(w, [finance, support]);
    const hugo = customer(w, whatsappId, '5511922220006', 'Carla Lima');
    await hugo.writes('oi');
    await hugo.writes('2');
    expect(await hugo.ticket()).toMatchObject({ queueId: support, chatbot: true });
    await hugo.writes('1');
    await hugo.writes('0');
    await hugo.writes('1');
    await hugo.writes('#');
    expect(await hugo.ticket()).toMatchObject({ queueId: null, chatbot: true });
    await hugo.writes('2');
    await hugo.writes('1');
    await hugo.writes('1');
    expect(hugo.received()).toEqual([MENU, SUPPORT_ROOT, INTERNET, SUPPORT_ROOT, INTERNET, MENU, SUPPORT_ROOT, INTERNET, 'Reinicie o roteador.']);
    expect(await hugo.ticket()).toMatchObject({ queueId: support, chatbot: false });
  });

  it('an unknown option repeats the level within the same caps', async () => {
    const whatsappId = await connectionWith(w, [finance, support], { maxUseBotQueues: 2 });
    const iris = customer(w, whatsappId, '5511922220007');
    await iris.writes('oi');
    await iris.writes('2');
    for (const reply of ['7', 'internet', 'socorro']) {
      await w.clock.advance(MINUTE);
      await iris.writes(reply);
    }
    expect(iris.received()).toEqual([MENU, SUPPORT_ROOT, SUPPORT_ROOT]);
  });
});

describe('the bot never talks to itself', () => {
  it('a customer that is a bot echoing every message gets a bounded number of menus, then silence', async () => {
    const whatsappId = await connectionWith(w, [finance, support], { maxUseBotQueues: 3 });
    const echo = customer(w, whatsappId, '5511922220008');
    await echo.writes('Olá');
    let answered = 0;
    let rounds = 0;
    while (echo.received().length > answered && rounds < 20) {
      rounds += 1;
      for (const body of echo.received().slice(answered)) {
        answered += 1;
        await w.clock.advance(MINUTE);
        await echo.writes(body); // the other bot says back what it got
      }
    }
    expect(rounds).toBeLessThan(20);
    expect(echo.received()).toEqual([MENU, MENU, MENU]);
  });

  it("our own menu coming back as the phone's message is never answered", async () => {
    const whatsappId = await connectionWith(w, [finance, support]);
    const joao = customer(w, whatsappId, '5511922220009');
    await joao.writes('oi');
    const [menu] = await joao.automated();
    await w.clock.advance(MINUTE);
    await createInboundHandler(w.t.ctx).message(handlerSource(w, whatsappId), inboundEvent(`${joao.from}@s.whatsapp.net`, {
      providerMessageId: `ECHO-${menu.id}`, fromMe: true, body: menu.body, timestamp: w.clock.now(),
    }));
    await settle(w);
    expect(joao.received()).toEqual([MENU]);
  });

  it('an agent who accepts turns the chatbot off and the bot goes quiet', async () => {
    const whatsappId = await connectionWith(w, [finance, support]);
    const lia = customer(w, whatsappId, '5511922220010');
    await lia.writes('oi');
    const ticket = await lia.ticket();
    expect((await w.admin.put(`/api/tickets/${ticket.id}`, { action: 'accept' })).json()).toMatchObject({ status: 'open', chatbot: false });
    await w.clock.advance(MINUTE);
    await lia.writes('1');
    expect(lia.received()).toEqual([MENU]);
    expect(await lia.ticket()).toMatchObject({ queueId: null, userId: w.adminSession.userId, chatbot: false });
  });
});
