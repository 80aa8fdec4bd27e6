import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagePage } from '@atende/contract';
import {
  createQueue, handlerSource, inboundEvent, messagesOf, pairedConnection, settle, startWorld, ticketOf, type World,
} from '../../test/conversation-world.js';
import { eventually } from '../../test/live-sockets.js';
import { createInboundHandler } from './inbound.handler.js';

/**
 * The inbound races and faults: bursts from a new contact, redeliveries,
 * acks out of order, numbers with and without the ninth digit, LID-first contacts. Run them on
 * PostgreSQL too (TEST_DATABASE_URL): there two handlers really race for the same rows.
 */
let w: World;
let whatsappId: number;
let queueId: number;

beforeAll(async () => {
  w = await startWorld();
  queueId = await createQueue(w);
  whatsappId = await pairedConnection(w, [queueId]);
});
afterAll(() => w.t.close());

const count = async (table: 'contacts' | 'tickets' | 'messages', where: { column: string; value: unknown }) =>
  Number(
    (
      await w.t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where(where.column as never, '=', where.value as never)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('text the database cannot store', () => {
  it('keeps a customer message holding a NUL and a lone surrogate, with them removed', async () => {
    const from = '5511987650777';
    w.network.customerSends({ connectionId: whatsappId, from, name: 'Nu\u0000la', body: 'pedido\u0000 42 \ud800ok' });
    await eventually(async () => expect(await count('messages', { column: 'body', value: 'pedido 42 \ufffdok' })).toBe(1));
    const contact = await w.t.database.db.selectFrom('contacts').select('name').where('number', '=', from).executeTakeFirstOrThrow();
    expect(contact.name).toBe('Nula');
  });
});

describe('a burst from a new contact', () => {
  it('50 messages sent at once give 1 contact, 1 ticket and 50 messages in order', async () => {
    const from = '5511987650001';
    const ids = Array.from({ length: 50 }, (_, i) => w.network.customerSends({ connectionId: whatsappId, from, name: 'Ana Souza', body: `m${i + 1}` }).id);
    await eventually(async () => expect(await count('messages', { column: 'whatsappId', value: whatsappId })).toBeGreaterThanOrEqual(50));
    await settle(w);
    expect(await count('contacts', { column: 'number', value: from })).toBe(1);
    const ticket = (await ticketOf(w, whatsappId, from))!;
    expect(ticket).toMatchObject({ status: 'pending', queueId, unreadMessages: 50, lastMessage: 'm50' });
    const stored = await messagesOf(w, ticket.id);
    expect(stored.map((m) => m.providerMessageId)).toEqual(ids);

    // The API's pages: page 1 is the newest 20, each page oldest first.
    const page1 = (await w.admin.get(`/api/messages/${ticket.id}`)).json() as MessagePage;
    const page3 = (await w.admin.get(`/api/messages/${ticket.id}?pageNumber=3`)).json() as MessagePage;
    expect(page1.messages.map((m) => m.body)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 31}`));
    expect(page3.messages.map((m) => m.body)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i + 1}`));
    expect([page1.hasMore, page3.hasMore, page1.count]).toEqual([true, false, 50]);
  });

  it('holds when two processes handle the same new chat at the same time', async () => {
    const chatId = '5521912340002@s.whatsapp.net';
    const first = createInboundHandler(w.t.ctx);
    const second = createInboundHandler(w.t.ctx); // its own lanes: nothing serialises the two but the database
    const source = handlerSource(w, whatsappId);
    const events = Array.from({ length: 30 }, (_, i) => inboundEvent(chatId, { body: `c${i}`, timestamp: Date.UTC(2025, 0, 6, 13, 5, 0) + i }));
    await Promise.all(events.map((event, i) => (i % 2 ? first : second).message(source, event)));
    // ...and each event delivered twice, concurrently, is stored once.
    await Promise.all(events.slice(0, 10).flatMap((event) => [first.message(source, event), second.message(source, event)]));
    expect(await count('contacts', { column: 'number', value: '5521912340002' })).toBe(1);
    const ticket = (await ticketOf(w, whatsappId, '5521912340002'))!;
    expect(await count('tickets', { column: 'contactId', value: ticket.contactId })).toBe(1);
    expect((await messagesOf(w, ticket.id)).map((m) => m.body)).toEqual(events.map((e) => e.body));
    expect(ticket.unreadMessages).toBe(30);
  });

  it('orders by provider time, then arrival, whatever order they come in; an album is one ticket', async () => {
    const chatId = '5531955550003@s.whatsapp.net';
    const handler = createInboundHandler(w.t.ctx);
    const source = handlerSource(w, whatsappId);
    const base = Date.UTC(2025, 0, 6, 14, 0, 0);
    const late = inboundEvent(chatId, { body: 'primeira', timestamp: base });
    const album = [1, 2, 3].map((i) =>
      inboundEvent(chatId, {
        kind: 'image', body: i === 1 ? 'fotos' : '', timestamp: base + 1000,
        media: { mimeType: 'image/png', ref: `r${i}`, fetch: async () => Buffer.from([137, 80, 78, 71, i]) },
      }),
    );
    for (const event of [...album, late]) await handler.message(source, event);
    const ticket = (await ticketOf(w, whatsappId, '5531955550003'))!;
    const stored = await messagesOf(w, ticket.id);
    expect(stored.map((m) => m.body)).toEqual(['primeira', 'fotos', '', '']);
    expect(stored.filter((m) => m.mediaType === 'image').every((m) => m.mediaPath)).toBe(true);
    expect(ticket.lastMessage).not.toBe('primeira'); // the newest by provider time stays the last message
    const file = await w.admin.get(`/api/media/${stored[1].mediaPath}`);
    expect(file.statusCode).toBe(200);
  });
});

describe('faults of the network', () => {
  it('ignores a redelivered message (duplicate-next-inbound)', async () => {
    const from = '5541933330004';
    w.network.fault(whatsappId, 'duplicate-next-inbound');
    const { id } = w.network.customerSends({ connectionId: whatsappId, from, body: 'uma vez' });
    w.network.customerSends({ connectionId: whatsappId, from, body: 'depois' });
    await eventually(async () => expect((await ticketOf(w, whatsappId, from))?.lastMessage).toBe('depois'));
    await settle(w);
    const ticket = (await ticketOf(w, whatsappId, from))!;
    const stored = await messagesOf(w, ticket.id);
    expect(stored.map((m) => m.providerMessageId)).toEqual([id, stored[1].providerMessageId]);
    expect(ticket.unreadMessages).toBe(2);
  });

  it('never moves an ack backwards (reorder-acks, and a stale receipt from another process)', async () => {
    const from = '5551944440005';
    w.network.customerSends({ connectionId: whatsappId, from, body: 'oi' });
    await eventually(async () => expect(await ticketOf(w, whatsappId, from)).toBeDefined());
    const ticket = (await ticketOf(w, whatsappId, from))!;
    w.network.fault(whatsappId, 'reorder-acks');
    const sent = await w.admin.post(`/api/messages/${ticket.id}`, { body: 'resposta' });
    expect(sent.statusCode, sent.body).toBe(200);
    await settle(w);
    const id = String(sent.json().id);
    const ackOf = async () => (await w.t.database.db.selectFrom('messages').select(['ack', 'providerMessageId']).where('id', '=', id).executeTakeFirstOrThrow());
    await eventually(async () => expect((await ackOf()).ack).toBe(1));
    await w.clock.advance(1_000); // read (3) arrives first...
    await eventually(async () => expect((await ackOf()).ack).toBe(3));
    await w.clock.advance(2_000); // ...then delivered (2)
    await settle(w);
    expect((await ackOf()).ack).toBe(3);
    // A receipt the session did not filter (another process's older view) changes nothing either.
    const { providerMessageId } = await ackOf();
    await createInboundHandler(w.t.ctx).ack(handlerSource(w, whatsappId), { providerMessageId: providerMessageId!, ack: 2 });
    expect((await ackOf()).ack).toBe(3);
    w.network.clearFaults(whatsappId);
  });
});

describe('one contact per person', () => {
  it('a number with and without the ninth digit is one contact', async () => {
    const handler = createInboundHandler(w.t.ctx);
    const source = handlerSource(w, whatsappId);
    await handler.message(source, inboundEvent('5511976540006@s.whatsapp.net', { body: 'com nove' }));
    await handler.message(source, inboundEvent('551176540006@s.whatsapp.net', { body: 'sem nove' }));
    w.network.customerSends({ connectionId: whatsappId, from: '551176540006', body: 'pelo simulador' });
    await eventually(async () => expect((await ticketOf(w, whatsappId, '5511976540006'))?.lastMessage).toBe('pelo simulador'));
    expect(await count('contacts', { column: 'number', value: '5511976540006' })).toBe(1);
    expect(await count('contacts', { column: 'number', value: '551176540006' })).toBe(0);
  });

  it('a LID-first contact gets its number from the identity event and keeps its one ticket', async () => {
    const handler = createInboundHandler(w.t.ctx);
    const source = handlerSource(w, whatsappId);
    const lid = '77771234500007@lid';
    await handler.message(source, inboundEvent(lid, { body: 'só com lid', pushName: 'Bruna' }));
    const lidContact = await w.t.database.db.selectFrom('contacts').selectAll().where('lid', '=', lid).executeTakeFirstOrThrow();
    expect(lidContact).toMatchObject({ number: '', name: 'Bruna' });
    await handler.identity(source, { phoneJid: '5561987650007@s.whatsapp.net', lid });
    await handler.message(source, inboundEvent('5561987650007@s.whatsapp.net', { body: 'com número' }));
    const contact = await w.t.database.db.selectFrom('contacts').selectAll().where('number', '=', '5561987650007').executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ id: lidContact.id, lid });
    const ticket = (await ticketOf(w, whatsappId, '5561987650007'))!;
    expect((await messagesOf(w, ticket.id)).map((m) => m.body)).toEqual(['só com lid', 'com número']);
  });

  it('merges a phone contact and a LID contact that turn out to be one person', async () => {
    const handler = createInboundHandler(w.t.ctx);
    const source = handlerSource(w, whatsappId);
    const lid = '88881234500008@lid';
    await handler.message(source, inboundEvent('5571987650008@s.whatsapp.net', { body: 'pelo número', timestamp: Date.UTC(2025, 0, 6, 15) }));
    await handler.message(source, inboundEvent(lid, { body: 'pelo lid', timestamp: Date.UTC(2025, 0, 6, 15, 1) }));
    expect(await count('contacts', { column: 'lid', value: lid })).toBe(1);
    await handler.identity(source, { phoneJid: '5571987650008@s.whatsapp.net', lid });
    expect(await count('contacts', { column: 'lid', value: lid })).toBe(1);
    const contact = await w.t.database.db.selectFrom('contacts').selectAll().where('lid', '=', lid).executeTakeFirstOrThrow();
    expect(contact.number).toBe('5571987650008');
    const tickets = await w.t.database.db.selectFrom('tickets').selectAll().where('contactId', '=', contact.id).execute();
    expect(tickets).toHaveLength(1);
    expect((await messagesOf(w, tickets[0].id)).map((m) => m.body)).toEqual(['pelo número', 'pelo lid']);
    expect(tickets[0]).toMatchObject({ unreadMessages: 2, lastMessage: 'pelo lid' });
  });

  it('takes the LID a simulator customer carries and links it to the number', async () => {
    w.network.customerSends({ connectionId: whatsappId, from: '5581987650009', lid: '99991234500009@lid', body: 'oi' });
    await eventually(async () => {
      const contact = await w.t.database.db.selectFrom('contacts').selectAll().where('number', '=', '5581987650009').executeTakeFirst();
      expect(contact?.lid).toBe('99991234500009@lid');
    });
  });
});
