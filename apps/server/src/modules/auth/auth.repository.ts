import { sql } from 'kysely';
import type { PlanFlags } from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { Actor } from '../../platform/actor.js';

type Executor = Database;

export function findUserByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.companyId')
    .select([
      'users.id',
      'users.companyId',
      'users.passwordHash',
      'users.profile',
      'users.super',
      'companies.status as companyStatus',
      'companies.dueDate as companyDueDate',
    ])
    .where(sql`lower(users.email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function createSession(
  db: Executor,
  session: { id: string; userId: number; companyId: number; refreshHash: string; expiresAt: Date; userAgent: string; ip: string },
) {
  await db.insertInto('authSessions').values(session).execute();
}

export function findLiveSession(db: Executor, id: string, now: Date) {
  return db
    .selectFrom('authSessions')
    .selectAll()
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
}

/** Rotation only succeeds for the hash presented, so a replayed old refresh token loses the race. */
export async function rotateSession(db: Executor, id: string, oldHash: string, newHash: string, expiresAt: Date, now: Date) {
  const result = await db
    .updateTable('authSessions')
    .set({ refreshHash: newHash, expiresAt, rotatedAt: now })
    .where('id', '=', id)
    .where('refreshHash', '=', oldHash)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeSession(db: Executor, id: string, now: Date) {
  await db.updateTable('authSessions').set({ revokedAt: now }).where('id', '=', id).where('revokedAt', 'is', null).execute();
}

/** The caller a live session stands for, with their company's standing (checked by the caller). */
export interface SessionActor {
  actor: Actor;
  company: { status: boolean; dueDate: string | null };
}

function sessionActors(db: Executor, now: Date) {
  return db
    .selectFrom('authSessions as s')
    .innerJoin('users as u', 'u.id', 's.userId')
    .innerJoin('companies as c', 'c.id', 'u.companyId')
    .innerJoin('plans as p', 'p.id', 'c.planId')
    .select([
      's.id as sessionId',
      'u.id as userId',
      'u.companyId',
      'u.profile',
      'u.super',
      'u.allTicket',
      // The caller's queues ride along: every ticket route needs them (tickets.policy).
      sql<number[]>`array(select uq.queue_id from user_queues uq join queues q on q.id = uq.queue_id
        where uq.user_id = u.id and q.company_id = u.company_id order by uq.queue_id)`.as('queueIds'),
      'c.status as companyStatus',
      'c.dueDate as companyDueDate',
      'p.useCampaigns',
      'p.useSchedules',
      'p.useInternalChat',
      'p.useExternalApi',
      'p.useKanban',
      'p.useOpenAi',
      'p.useIntegrations',
    ])
    .where('s.revokedAt', 'is', null)
    .where('s.expiresAt', '>', now);
}

type SessionActorRow = Awaited<ReturnType<ReturnType<typeof sessionActors>['executeTakeFirstOrThrow']>>;

function toSessionActor(row: SessionActorRow): SessionActor {
  const plan: PlanFlags = {
    useCampaigns: row.useCampaigns,
    useSchedules: row.useSchedules,
    useInternalChat: row.useInternalChat,
    useExternalApi: row.useExternalApi,
    useKanban: row.useKanban,
    useOpenAi: row.useOpenAi,
    useIntegrations: row.useIntegrations,
  };
  return {
    actor: {
      userId: row.userId,
      companyId: row.companyId,
      profile: row.profile,
      super: row.super,
      allTicket: row.allTicket,
      queueIds: row.queueIds.map(Number),
      sessionId: row.sessionId,
      plan,
    },
    company: { status: row.companyStatus, dueDate: row.companyDueDate },
  };
}

/** One query per request: the session must be live and its user, company and plan are read with it. */
export async function findActorBySession(db: Executor, sessionId: string, userId: number, now: Date): Promise<SessionActor | null> {
  const row = await sessionActors(db, now).where('s.id', '=', sessionId).where('s.userId', '=', userId).executeTakeFirst();
  return row ? toSessionActor(row) : null;
}

/** The live sessions among `sessionIds`, in one query (the sockets' periodic re-check). */
export async function findActorsBySessions(db: Executor, sessionIds: string[], now: Date): Promise<Map<string, SessionActor>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await sessionActors(db, now).where('s.id', 'in', sessionIds).execute();
  return new Map(rows.map((row) => [row.sessionId, toSessionActor(row)]));
}
