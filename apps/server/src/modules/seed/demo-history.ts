import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { MessagesTable, TicketStatus } from '../../db/schema-conversations.js';
import { DEMO_CUSTOMERS, DEMO_QUICK_MESSAGES, DEMO_SCHEDULES, OPEN_OPENERS, SALES_SCRIPTS, SUPPORT_SCRIPTS, demoNumber, type Script } from './demo-data.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface DemoCast {
  companyId: number;
  whatsappId: number | null;
  sales: number;
  support: number;
  admin: number;
  /** The agent of Suporte, and the one of both queues. */
  agent: number;
  agent2: number;
  /** Absent when someone deleted the tag: those tickets go untagged. */
  tags: { novo?: number; retornar?: number; vip?: number };
}

interface PlannedCycle {
  queueId: number;
  userId: number | null;
  startedAt: Date;
  acceptedAt: Date | null;
  finishedAt: Date | null;
  rating: number | null;
  messages: Array<{ fromMe: boolean; body: string; at: Date; userId: number | null }>;
}

interface PlannedTicket {
  name: string;
  number: string;
  status: TicketStatus;
  cycles: PlannedCycle[];
  tagIds: Array<number | undefined>;
}

/** The same month on every demo server: a small deterministic generator instead of Math.random. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] };
}

/** Whether this company already got its month (a restart must not add a second one). */
export async function hasDemoHistory(db: Database, companyId: number): Promise<boolean> {
  const seeded = await db.selectFrom('contacts').select('id').where('companyId', '=', companyId).where('number', '=', demoNumber(0)).executeTakeFirst();
  return Boolean(seeded);
}

/**
 * A believable last month for the demo company: closed conversations with ratings over 30 days,
 * a few customers waiting or talking now, tags, quick replies and schedules. One transaction of
 * batched inserts, so a crash leaves nothing half-seeded and the next start seeds it whole.
 */
export async function seedDemoHistory(db: Database, cast: DemoCast, now: Date): Promise<void> {
  if (await hasDemoHistory(db, cast.companyId)) return;
  const plan = planMonth(cast, now.getTime());
  await db.transaction().execute(async (trx) => {
    const contacts = await trx
      .insertInto('contacts')
      .values(plan.map((p) => ({ companyId: cast.companyId, name: p.name, number: p.number, whatsappId: cast.whatsappId, createdAt: p.cycles[0].startedAt, updatedAt: p.cycles[0].startedAt })))
      .returning(['id', 'number'])
      .execute();
    const contactOf = new Map(contacts.map((c) => [c.number, c.id]));
    const tickets = await trx
      .insertInto('tickets')
      .values(
        plan.map((p) => {
          const last = p.cycles[p.cycles.length - 1];
          const messages = p.cycles.flatMap((c) => c.messages);
          const lastMessage = messages[messages.length - 1];
          const inbound = messages.filter((m) => !m.fromMe);
          return {
            companyId: cast.companyId, contactId: contactOf.get(p.number)!, whatsappId: cast.whatsappId, status: p.status,
            userId: last.userId, queueId: last.queueId, botState: '{}', lastMessage: lastMessage.body, lastMessageAt: lastMessage.at,
            lastInboundAt: inbound[inbound.length - 1]?.at ?? null,
            unreadMessages: p.status === 'pending' ? last.messages.filter((m) => !m.fromMe).length : 0,
            createdAt: p.cycles[0].startedAt, updatedAt: last.finishedAt ?? lastMessage.at,
          };
        }),
      )
      .returning(['id', 'contactId'])
      .execute();
    const ticketOf = new Map(tickets.map((t) => [t.contactId, t.id]));
    const cycleRows = plan.flatMap((p) => {
      const contactId = contactOf.get(p.number)!;
      return p.cycles.map((c) => ({ companyId: cast.companyId, ticketId: ticketOf.get(contactId)!, contactId, queueId: c.queueId, userId: c.userId, startedAt: c.startedAt, acceptedAt: c.acceptedAt, finishedAt: c.finishedAt, rating: c.rating, ratedAt: c.rating === null ? null : c.finishedAt }));
    });
    const cycles = await trx.insertInto('ticketCycles').values(cycleRows).returning(['id', 'ticketId', 'startedAt']).execute();
    const cycleOf = new Map(cycles.map((c) => [`${c.ticketId}:${new Date(c.startedAt).getTime()}`, c.id]));
    const messages: Array<Insertable<MessagesTable>> = [];
    for (const p of plan) {
      const contactId = contactOf.get(p.number)!;
      const ticketId = ticketOf.get(contactId)!;
      for (const c of p.cycles) {
        const cycleId = cycleOf.get(`${ticketId}:${c.startedAt.getTime()}`)!;
        c.messages.forEach((m, index) => {
          messages.push({
            companyId: cast.companyId, ticketId, contactId, whatsappId: cast.whatsappId, cycleId, fromMe: m.fromMe, userId: m.userId, body: m.body,
            mediaType: 'chat', extra: '{}', previousBodies: '[]', sentAt: m.at.getTime(), createdAt: m.at, updatedAt: m.at,
            // Stored as delivered history: the outbox must never pick these up and send them again.
            providerMessageId: `DEMO${ticketId}C${cycleId}M${index}`, delivery: m.fromMe ? 'sent' : 'received', ack: m.fromMe ? 3 : 0,
            read: p.status !== 'pending' || m.fromMe,
          });
        });
      }
    }
    await trx.insertInto('messages').values(messages).execute();
    await trx
      .updateTable('tickets')
      .set((eb) => ({ currentCycleId: eb.selectFrom('ticketCycles as c').select((sub) => sub.fn.max('c.id').as('id')).whereRef('c.ticketId', '=', 'tickets.id') }))
      .where('companyId', '=', cast.companyId)
      .where('id', 'in', tickets.map((t) => t.id))
      .execute();
    const tagged = plan.flatMap((p) => p.tagIds.filter((tagId) => tagId !== undefined).map((tagId) => ({ ticketId: ticketOf.get(contactOf.get(p.number)!)!, tagId })));
    if (tagged.length > 0) await trx.insertInto('ticketTags').values(tagged).execute();
    await trx
      .insertInto('quickMessages')
      .values(DEMO_QUICK_MESSAGES.map((q) => ({ companyId: cast.companyId, userId: cast.admin, shortcode: q.shortcode, message: q.message, geral: true })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    const today = Math.floor(now.getTime() / DAY) * DAY;
    await trx
      .insertInto('schedules')
      .values(
        DEMO_SCHEDULES.map((s, i) => {
          const sendAt = new Date(today + s.daysFromNow * DAY + s.hourUtc * 60 * MINUTE);
          const contactId = contactOf.get(plan[10 + i].number)!;
          const sent = s.daysFromNow < 0;
          return { companyId: cast.companyId, contactId, ticketId: ticketOf.get(contactId)!, userId: cast.admin, body: s.body, sendAt, sentAt: sent ? sendAt : null, status: sent ? ('ENVIADA' as const) : ('PENDENTE' as const) };
        }),
      )
      .execute();
  });
}

/** Who talked to whom, when, and how it ended; times are before `now`, in business hours (Brasília). */
function planMonth(cast: DemoCast, now: number): PlannedTicket[] {
  const rng = generator(20_240_501);
  const agentsOf = (queueId: number) => (queueId === cast.sales ? [cast.admin, cast.agent2] : [cast.agent, cast.agent2]);
  const rating = () => (rng.next() < 0.2 ? null : rng.pick([1, 2, 2, 3, 3, 3, 3] as const));
  const businessTime = (daysAgo: number) => {
    const day = Math.floor((now - daysAgo * DAY) / DAY) * DAY;
    // 12:00-20:59 UTC is 09:00-17:59 in Brasília; today's times stay at least an hour back.
    let at = day + rng.int(12 * 60, 20 * 60 + 59) * MINUTE;
    if (at > now - 60 * MINUTE) at -= DAY;
    return at;
  };
  const closedCycle = (start: number): PlannedCycle => {
    const queueId = rng.next() < 0.5 ? cast.sales : cast.support;
    const userId = rng.pick(agentsOf(queueId));
    const script: Script = rng.pick(queueId === cast.sales ? SALES_SCRIPTS : SUPPORT_SCRIPTS);
    let at = start;
    let acceptedAt = 0;
    const messages = script.map(([who, body], index) => {
      at += index === 0 ? 0 : who === 'a' && acceptedAt === 0 ? rng.int(2, 15) * MINUTE : rng.int(1, 5) * MINUTE;
      if (who === 'a' && acceptedAt === 0) acceptedAt = at - MINUTE;
      return { fromMe: who === 'a', body, at: new Date(at), userId: who === 'a' ? userId : null };
    });
    return { queueId, userId, startedAt: new Date(start), acceptedAt: new Date(acceptedAt), finishedAt: new Date(at + rng.int(1, 4) * MINUTE), rating: rating(), messages };
  };

  return DEMO_CUSTOMERS.map((name, i): PlannedTicket => {
    const cycles: PlannedCycle[] = [];
    // Every third customer came back: an earlier conversation two to three weeks ago.
    if (i % 3 === 0) cycles.push(closedCycle(businessTime(rng.int(16, 29))));
    let status: TicketStatus = 'closed';
    const tagIds: PlannedTicket['tagIds'] = [];
    if (i < 4) {
      // Waiting in a queue for someone to accept, minutes ago.
      status = 'pending';
      const queueId = i % 2 === 0 ? cast.sales : cast.support;
      const at = now - (12 + i * 23) * MINUTE;
      const opener = OPEN_OPENERS[i];
      cycles.push({ queueId, userId: null, startedAt: new Date(at), acceptedAt: null, finishedAt: null, rating: null, messages: [{ fromMe: false, body: opener, at: new Date(at), userId: null }] });
      tagIds.push(cast.tags.novo);
    } else if (i < 9) {
      // Talking now with an agent.
      status = 'open';
      const [queueId, userId] = ([[cast.sales, cast.admin], [cast.sales, cast.agent2], [cast.support, cast.agent2], [cast.support, cast.agent], [cast.support, cast.admin]] as const)[i - 4];
      const at = now - (35 + (i - 4) * 41) * MINUTE;
      const messages = [
        { fromMe: false, body: OPEN_OPENERS[i % OPEN_OPENERS.length], at: new Date(at), userId: null },
        { fromMe: true, body: 'Olá! Já estou verificando para você, um instante.', at: new Date(at + 6 * MINUTE), userId },
        { fromMe: false, body: 'Obrigado, aguardo.', at: new Date(at + 8 * MINUTE), userId: null },
      ];
      cycles.push({ queueId, userId, startedAt: new Date(at), acceptedAt: new Date(at + 5 * MINUTE), finishedAt: null, rating: null, messages });
      tagIds.push(i % 2 === 0 ? cast.tags.retornar : cast.tags.novo);
    } else {
      // Spread over the month, a little denser in the last days as a growing business would be.
      const daysAgo = Math.min(29, Math.floor(rng.next() ** 1.3 * 30));
      cycles.push(closedCycle(businessTime(daysAgo)));
      if (i % 7 === 0) tagIds.push(cast.tags.vip);
    }
    cycles.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
    return { name, number: demoNumber(i), status, cycles, tagIds };
  });
}
