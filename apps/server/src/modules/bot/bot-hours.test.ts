import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_QUEUE_SCHEDULES } from '@atende/contract';
import { MINUTE, alwaysClosed, alwaysOpen, connectionWith, customer, queueWith } from '../../test/bot-world.js';
import { setSetting, startWorld, type World } from '../../test/conversation-world.js';
import { isWithinSchedule } from './working-hours.js';

/**
 * Out of hours (company setting scheduleType): 'company' answers with the connection's
 * outOfHoursMessage instead of the bot, 'queue' with the chosen queue's; once per night, not per
 * message.
 */
const SP = 'America/Sao_Paulo';
// Monday 6 January 2025 in São Paulo (UTC-3).
const at = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2025, 0, day, hour + 3, minute));

describe('working hours', () => {
  const week = [...DEFAULT_QUEUE_SCHEDULES];

  it('the default queue schedule: weekdays 08-18, Saturday 08-12, Sunday closed', () => {
    expect(isWithinSchedule(week, at(6, 8), SP)).toBe(true);
    expect(isWithinSchedule(week, at(6, 17, 59), SP)).toBe(true);
    expect(isWithinSchedule(week, at(6, 18), SP)).toBe(false);
    expect(isWithinSchedule(week, at(6, 7, 59), SP)).toBe(false);
    expect(isWithinSchedule(week, at(11, 11), SP)).toBe(true);
    expect(isWithinSchedule(week, at(11, 12), SP)).toBe(false);
    expect(isWithinSchedule(week, at(12, 10), SP)).toBe(false);
  });

  it('empty times close the day; a night shift runs past midnight into the next day', () => {
    expect(isWithinSchedule(alwaysClosed, at(6, 10), SP)).toBe(false);
    const night = week.map((d) => (d.weekdayEn === 'friday' ? { ...d, startTime: '22:00', endTime: '06:00' } : { ...d, startTime: '', endTime: '' }));
    expect(isWithinSchedule(night, at(10, 23), SP)).toBe(true);
    expect(isWithinSchedule(night, at(11, 5, 59), SP)).toBe(true);
    expect(isWithinSchedule(night, at(11, 6), SP)).toBe(false);
    expect(isWithinSchedule(night, at(10, 5), SP)).toBe(false);
  });
});

let w: World;
let sales: number;
let night: number;
const MENU = 'Escolha uma fila\n\n*1* - Noturno\n*2* - Vendas';

beforeAll(async () => {
  w = await startWorld();
  sales = await queueWith(w, 'Vendas', { greetingMessage: 'Vendas aqui.', schedules: alwaysOpen });
  night = await queueWith(w, 'Noturno', { greetingMessage: 'Noturno aqui.', outOfHoursMessage: 'A fila noturna está fechada agora.', schedules: alwaysClosed });
});
afterAll(() => w.t.close());

async function companyHours(schedules: typeof alwaysOpen) {
  const res = await w.admin.put(`/api/companies/${w.company.companyId}/schedules`, { schedules });
  expect(res.statusCode, res.body).toBe(200);
}

describe('out of hours', () => {
  it("scheduleType company: the connection's message instead of the bot, once a night; the bot begins when the company opens", async () => {
    await setSetting(w, 'scheduleType', 'company');
    await companyHours(alwaysClosed);
    const whatsappId = await connectionWith(w, [night, sales], { outOfHoursMessage: 'Estamos fechados. Voltamos amanhã às 8h.' });
    const ana = customer(w, whatsappId, '5511944440001');
    await ana.writes('oi');
    await w.clock.advance(MINUTE);
    await ana.writes('alguém?');
    expect(ana.received()).toEqual(['Estamos fechados. Voltamos amanhã às 8h.']);
    expect(await ana.ticket()).toMatchObject({ status: 'pending', queueId: null, chatbot: false });

    await companyHours(alwaysOpen);
    await w.clock.advance(MINUTE);
    await ana.writes('bom dia');
    expect(ana.received()).toEqual(['Estamos fechados. Voltamos amanhã às 8h.', MENU]);
    await setSetting(w, 'scheduleType', 'disabled');
  });

  it('a conversation an agent already sent to a queue is not taken over by the bot when the company opens', async () => {
    await setSetting(w, 'scheduleType', 'company');
    await companyHours(alwaysClosed);
    const whatsappId = await connectionWith(w, [night, sales], { outOfHoursMessage: 'Fechados.' });
    const eva = customer(w, whatsappId, '5511944440005');
    await eva.writes('oi');
    const ticket = await eva.ticket();
    expect((await w.admin.put(`/api/tickets/${ticket.id}`, { action: 'transfer', queueId: sales })).statusCode).toBe(200);
    await companyHours(alwaysOpen);
    await w.clock.advance(MINUTE);
    await eva.writes('bom dia');
    expect(eva.received()).toEqual(['Fechados.']);
    expect(await eva.ticket()).toMatchObject({ status: 'pending', queueId: sales, chatbot: false });
    await setSetting(w, 'scheduleType', 'disabled');
  });

  it("scheduleType queue: a closed queue answers its own message, once; the company's hours do not count", async () => {
    await setSetting(w, 'scheduleType', 'queue');
    await companyHours(alwaysClosed);
    const whatsappId = await connectionWith(w, [night, sales], { outOfHoursMessage: 'Nunca enviada' });
    const bia = customer(w, whatsappId, '5511944440002');
    await bia.writes('oi');
    await bia.writes('1');
    await w.clock.advance(MINUTE);
    await bia.writes('ninguém?');
    expect(bia.received()).toEqual([MENU, 'A fila noturna está fechada agora.']);
    expect(await bia.ticket()).toMatchObject({ queueId: night, chatbot: false });

    const caio = customer(w, whatsappId, '5511944440003');
    await caio.writes('oi');
    await caio.writes('2');
    expect(caio.received()).toEqual([MENU, 'Vendas aqui.']);
    await setSetting(w, 'scheduleType', 'disabled');
  });

  it('scheduleType disabled: no hours apply', async () => {
    await companyHours(alwaysClosed);
    const whatsappId = await connectionWith(w, [night, sales], { outOfHoursMessage: 'Fechado' });
    const davi = customer(w, whatsappId, '5511944440004');
    await davi.writes('oi');
    await davi.writes('1');
    expect(davi.received()).toEqual([MENU, 'Noturno aqui.']);
  });
});
