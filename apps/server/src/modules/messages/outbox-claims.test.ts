import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertTicketRow } from '../../test/conversation-fixtures.js';
import { createQueue, pairedConnection, startWorld, type World } from '../../test/conversation-world.js';
import { createOutbox } from './outbox.js';

/**
 * Two outbox workers claiming at the same moment never take the same message: each pending
 * message is handed to the provider exactly once. PGlite runs one session, so two claims never
 * overlap there and the race cannot happen: this runs on PostgreSQL only (TEST_DATABASE_URL).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('two outbox workers at once (PostgreSQL)', () => {
  let w: World;
  let whatsappId: number;

  beforeAll(async () => {
    w = await startWorld();
    whatsappId = await pairedConnection(w, [await createQueue(w)]);
  });
  afterAll(async () => {
    w.sockets.closeAll();
    await w.t.close();
  });

  it('sends every pending message exactly once', async () => {
    const db = w.t.database.db;
    const session = w.t.ctx.sessions.session(whatsappId)!;
    const handed = vi.spyOn(session, 'sendText');
    const first = w.t.parts.outbox;
    const second = createOutbox(w.t.ctx);
    const keys: string[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 40; i++) {
        const ticket = await insertTicketRow(db, w.company.companyId, { whatsappId });
        const key = `claim-${round}-${i}`;
        keys.push(key);
        await db.insertInto('messages').values({
          companyId: w.company.companyId, ticketId: ticket.id, contactId: ticket.contactId, whatsappId, fromMe: true,
          body: `mensagem ${key}`, sentAt: w.clock.now(), delivery: 'pending', idempotencyKey: key, nextAttemptAt: new Date(0), extra: '{}', previousBodies: '[]',
        }).execute();
      }
      await Promise.all([first.runDue(), second.runDue()]);
    }
    const pending = await db.selectFrom('messages').select('id').where('whatsappId', '=', whatsappId).where('delivery', '!=', 'sent').execute();
    expect(pending).toEqual([]);
    const perKey = new Map<string, number>();
    for (const [input] of handed.mock.calls) perKey.set(input.idempotencyKey, (perKey.get(input.idempotencyKey) ?? 0) + 1);
    expect([...perKey.keys()].sort()).toEqual([...keys].sort());
    expect([...perKey.values()].every((count) => count === 1)).toBe(true);
    expect(w.network.sendsOf(whatsappId)).toBe(keys.length);
  });
});
