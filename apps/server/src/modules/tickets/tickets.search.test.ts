import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SqlBool } from 'kysely';
import { handlerSource, inboundEvent, pairedConnection, startWorld, ticketOf, type World } from '../../test/conversation-world.js';
import { createInboundHandler } from '../inbound/inbound.handler.js';
import { searchTerms, searchTickets } from './tickets.search.queries.js';

/**
 * A search answers the same whichever plan it takes: walking the newest tickets or asking the
 * index first (what a rare word does in a large company). A ticket's words are spread over its
 * contact, its search document, and recent rows not yet folded into the document (0011).
 */
let w: World;
let whatsappId: number;
const tickets: Record<string, number> = {};

async function customerWrites(number: string, name: string, body: string) {
  await createInboundHandler(w.t.ctx).message(handlerSource(w, whatsappId), inboundEvent(`${number}@s.whatsapp.net`, { pushName: name, body }));
}

beforeAll(async () => {
  w = await startWorld();
  whatsappId = await pairedConnection(w);
  const customers = [
    { key: 'zelia', number: '5511944440001', name: 'Zélia Quintana', bodies: ['quero trocar a geladeira'] },
    { key: 'otavio', number: '5511944440002', name: 'Otávio Quintana', bodies: ['pedido 4471 atrasado'] },
    { key: 'prado', number: '5511944440003', name: 'Zélia Prado', bodies: ['boa tarde'] },
    { key: 'code', number: '5511944440004', name: 'Rui Codes', bodies: ['meu pedido é o ABC-9363, nota 35.2024/01', 'escreva para Joao.Silva@Loja.com.br ou veja #5521'] },
    // The words of that code without the code: 'abc' and a number starting with 9363.
    { key: 'near', number: '5511944440005', name: 'Ana Perto', bodies: ['abc da entrega 93631'] },
    { key: 'accent', number: '5511944440006', name: 'Édipo Araújo', bodies: ['código AÇÃO-77/B'] },
  ];
  for (const c of customers) {
    for (const body of c.bodies) await customerWrites(c.number, c.name, body);
    tickets[c.key] = (await ticketOf(w, whatsappId, c.number))!.id;
  }
  // Zélia goes on writing: each message brings a word her ticket lacks, so its words are folded
  // into the document every sixteen, and the last ones wait in recent rows.
  for (let i = 1; i <= 20; i++) await customerWrites('5511944440001', 'Zélia Quintana', `palavra${i}x novidade`);
  const recent = await sql<{ n: string }>`select count(*) as n from ticket_search_recent where ticket_id = ${tickets.zelia}`.execute(w.t.database.db);
  expect(Number(recent.rows[0].n)).toBeGreaterThan(0);
});
afterAll(() => w.t.close());

const everyTicket = sql<SqlBool>`true`;

async function bothPlans(text: string): Promise<number[]> {
  const db = w.t.database.db;
  const terms = (await searchTerms(db, text))!;
  const companyId = w.company.companyId;
  const walked = await searchTickets(db, companyId, everyTicket, terms, 41);
  const indexed = await searchTickets(db, companyId, everyTicket, terms, 41, { walk: 0 });
  expect(indexed.sort((a, b) => a - b), `index plan for '${text}'`).toEqual([...walked].sort((a, b) => a - b));
  return walked.sort((a, b) => a - b);
}

describe('ticket search plans', () => {
  it('find the same tickets for names, words and numbers wherever the words are kept', async () => {
    const { zelia, otavio, prado } = tickets;
    expect(await bothPlans('quintana')).toEqual([zelia, otavio].sort((a, b) => a - b));
    expect(await bothPlans('Zélia Quintana')).toEqual([zelia]);
    expect(await bothPlans('zélia geladeira')).toEqual([zelia]);
    // A folded word, a word still in a recent row, both with the contact's name.
    expect(await bothPlans('palavra3x quintana')).toEqual([zelia]);
    expect(await bothPlans('palavra20x zélia')).toEqual([zelia]);
    expect(await bothPlans('palavra20x geladeira palavra2x')).toEqual([zelia]);
    expect(await bothPlans('quintana atrasado')).toEqual([otavio]);
    expect(await bothPlans('pedido 4471')).toEqual([otavio]);
    expect(await bothPlans('4471')).toEqual([otavio]);
    expect(await bothPlans('944440003')).toEqual([prado]);
    expect(await bothPlans('zélia')).toEqual([zelia, prado].sort((a, b) => a - b));
    // Every word must be in the same ticket.
    expect(await bothPlans('geladeira prado')).toEqual([]);
    expect(await bothPlans('palavra20x atrasado')).toEqual([]);
  });

  it('find a code, an address or a tag only in the tickets that hold it as typed, in any case or accent', async () => {
    const { code, near, accent } = tickets;
    expect(await bothPlans('ABC-9363')).toEqual([code]);
    expect(await bothPlans('abc-9363')).toEqual([code]);
    expect(await bothPlans('9363')).toEqual([code, near].sort((a, b) => a - b));
    expect(await bothPlans('ABC-93')).toEqual([code]);
    expect(await bothPlans('35.2024/01')).toEqual([code]);
    expect(await bothPlans('joao.silva@loja.com.br')).toEqual([code]);
    expect(await bothPlans('#5521')).toEqual([code]);
    expect(await bothPlans('ação-77/b')).toEqual([accent]);
    expect(await bothPlans('AÇÃO-77/b')).toEqual([accent]);
    expect(await bothPlans('ABC-9364')).toEqual([]);
    expect(await bothPlans('pedido ABC-9363')).toEqual([code]);
    // Signs that mean something to a LIKE or a tsquery are only text.
    expect(await bothPlans("ab%c'-9363")).toEqual([]);
    expect(await bothPlans('a_c-9363')).toEqual([]);
  });

  it('fold a ticket’s recent words into its document when it is closed, still finding them', async () => {
    const recentRows = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from ticket_search_recent where ticket_id = ${tickets.zelia}`.execute(w.t.database.db)).rows[0].n);
    expect(await recentRows()).toBeGreaterThan(0);
    const closed = await w.admin.put(`/api/tickets/${tickets.zelia}`, { status: 'closed' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await recentRows()).toBe(0);
    expect(await bothPlans('palavra20x zélia')).toEqual([tickets.zelia]);
    expect(await bothPlans('palavra17x geladeira')).toEqual([tickets.zelia]);
    // The customer comes back with a new word: it waits in a recent row again, and is found.
    await customerWrites('5511944440001', 'Zélia Quintana', 'voltei com orcamentoz');
    expect(await recentRows()).toBe(1);
    expect(await bothPlans('orcamentoz palavra20x')).toEqual([tickets.zelia]);
  });
});
