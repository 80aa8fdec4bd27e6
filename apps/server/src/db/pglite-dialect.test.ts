import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from './database.js';

/** The embedded engine has one backend: a transaction must not capture queries made outside it. */
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({});
  await sql`create table notes (id int primary key, body text not null)`.execute(handle.db);
});
afterAll(() => handle.close());

describe('PGlite dialect', () => {
  it('keeps a query made outside an open transaction out of it, even when the transaction rolls back', async () => {
    let outside: Promise<unknown> | undefined;
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await trx.insertInto('notes' as never).values({ id: 1, body: 'inside' } as never).execute();
        // Issued while the transaction is open: it must wait for it, not run inside it.
        outside = sql`insert into notes (id, body) values (2, 'outside')`.execute(handle.db);
        await new Promise((r) => setTimeout(r, 20));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await outside;
    const rows = await sql<{ id: number }>`select id from notes order by id`.execute(handle.db);
    expect(rows.rows.map((r) => r.id)).toEqual([2]);
  });

  it('commits what a transaction wrote and reports affected rows', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await sql`insert into notes (id, body) values (3, 'committed')`.execute(trx);
    });
    const result = await handle.db.updateTable('notes' as never).set({ body: 'changed' } as never).where(sql`id`, '>=', 2).executeTakeFirst();
    expect(Number(result.numUpdatedRows)).toBe(2);
  });

  it('reads int8, numeric and date as text like the PostgreSQL driver', async () => {
    const row = await sql<{ n: string; v: string; d: string }>`select count(*) as n, 12.50::numeric(12,2) as v, date '2026-01-31' as d`.execute(handle.db);
    expect(row.rows[0]).toEqual({ n: '1', v: '12.50', d: '2026-01-31' });
  });

  it('lets timers and sockets run while a backlog of queries is worked through', async () => {
    let completed = 0;
    let completedWhenTimerRan = -1;
    setImmediate(() => (completedWhenTimerRan = completed));
    await Promise.all(
      Array.from({ length: 3000 }, async () => {
        await sql`select 1`.execute(handle.db);
        completed++;
      }),
    );
    // Without turns the whole backlog runs in microtasks and the timer only fires after it.
    expect(completedWhenTimerRan).toBeGreaterThanOrEqual(0);
    expect(completedWhenTimerRan).toBeLessThan(3000);
  });
});
