import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { countAll } from '../../db/database.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { demoNumber } from './demo-data.js';
import { DEMO_ACCOUNTS, DEMO_COMPANY, seedOnStart } from './seed.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000', SIMULATOR: '1' } });
});
afterAll(() => t.close());

const demoCompanyId = async () =>
  (await t.database.db.selectFrom('companies').select('id').where(sql`lower(name)`, '=', DEMO_COMPANY.toLowerCase()).executeTakeFirst())?.id;

/** How much of each kind the demo company holds. */
async function counts(companyId: number) {
  const { db } = t.database;
  const count = async (table: 'contacts' | 'tickets' | 'ticketCycles' | 'messages' | 'quickMessages' | 'schedules' | 'users') =>
    Number((await db.selectFrom(table).select(countAll()).where('companyId', '=', companyId).executeTakeFirstOrThrow()).count);
  return {
    contacts: await count('contacts'),
    tickets: await count('tickets'),
    cycles: await count('ticketCycles'),
    messages: await count('messages'),
    quickMessages: await count('quickMessages'),
    schedules: await count('schedules'),
    users: await count('users'),
  };
}

describe('seeding on start', () => {
  it('without DEMO creates no demo company and no history', async () => {
    await seedOnStart({ ...t.ctx, config: { ...t.ctx.config, demo: false } });
    expect(await demoCompanyId()).toBeUndefined();
    const contacts = await t.database.db.selectFrom('contacts').select('id').where('number', '=', demoNumber(0)).execute();
    expect(contacts).toEqual([]);
  });

  it('with DEMO seeds a believable month, quickly, and a restart adds nothing', async () => {
    const demo = { ...t.ctx, config: { ...t.ctx.config, demo: true } };
    const started = performance.now();
    await seedOnStart(demo);
    expect(performance.now() - started).toBeLessThan(5_000);
    const companyId = (await demoCompanyId())!;
    const first = await counts(companyId);
    expect(first).toMatchObject({ contacts: 36, tickets: 36, quickMessages: 5, schedules: 5, users: 3 });
    expect(first.cycles).toBeGreaterThan(40);
    expect(first.messages).toBeGreaterThan(150);

    await seedOnStart(demo);
    expect(await counts(companyId)).toEqual(first);
  });

  it('spreads closed, rated conversations over the last 30 days and leaves a few waiting or talking now', async () => {
    const { db } = t.database;
    const companyId = (await demoCompanyId())!;
    const now = t.ctx.clock.now().getTime();
    const tickets = await db.selectFrom('tickets').select(['status', 'currentCycleId', 'lastMessage']).where('companyId', '=', companyId).execute();
    const byStatus = (status: string) => tickets.filter((row) => row.status === status).length;
    expect({ pending: byStatus('pending'), open: byStatus('open'), closed: byStatus('closed') }).toEqual({ pending: 4, open: 5, closed: 27 });
    expect(tickets.every((row) => row.currentCycleId !== null && row.lastMessage !== '')).toBe(true);

    const cycles = await db.selectFrom('ticketCycles').select(['startedAt', 'acceptedAt', 'finishedAt', 'rating']).where('companyId', '=', companyId).execute();
    const ages = cycles.map((c) => (now - new Date(c.startedAt).getTime()) / 86_400_000);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThan(31);
    expect(new Set(ages.map(Math.floor)).size).toBeGreaterThan(12);
    const ratings = cycles.map((c) => c.rating).filter((r) => r !== null);
    expect(ratings.length).toBeGreaterThan(20);
    expect(ratings.every((r) => r >= 1 && r <= 3)).toBe(true);
    expect(cycles.filter((c) => c.finishedAt).every((c) => new Date(c.finishedAt!) > new Date(c.acceptedAt!))).toBe(true);

    // Nothing of it waits to be sent: the outbox must leave the history alone.
    const unsent = await db.selectFrom('messages').select('id').where('companyId', '=', companyId).where('delivery', 'in', ['pending', 'failed']).execute();
    expect(unsent).toEqual([]);
    const numbers = (await db.selectFrom('contacts').select('number').where('companyId', '=', companyId).execute()).map((c) => c.number);
    expect(numbers.every((n) => /^55\d{11}$/.test(n) && !n.startsWith('55119') && !n.startsWith('55219') && !n.endsWith('404'))).toBe(true);
  });

  it('shows on the dashboard and lets both agents and the admin sign in', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const session = await t.login(account.email, account.password);
      expect(session.token).toBeTruthy();
    }
    const admin = t.as(await t.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password));
    const res = await admin.get('/api/dashboard?days=31');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.counters.supportFinished).toBeGreaterThan(20);
    expect(body.counters.supportPending).toBeGreaterThan(0);
    expect(body.counters.supportHappening).toBeGreaterThan(0);
    expect(body.attendants.some((a: { rating: number | null }) => a.rating !== null)).toBe(true);
  });
});
