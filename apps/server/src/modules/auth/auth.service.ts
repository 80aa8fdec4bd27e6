import { randomUUID } from 'node:crypto';
import {
  REFRESH_TOKEN_TTL_SECONDS,
  rooms,
  type AuthEventPayload,
  type AuthResponse,
  type LoginInput,
  type SessionUser,
} from '@atende/contract';
import type { Database } from '../../db/database.js';
import { isoDay } from '../../platform/clock.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { decoyHash, verifyPassword } from '../../platform/passwords.js';
import { hashRefreshSecret, newRefreshSecret } from '../../platform/tokens.js';
import { presentPlan } from '../plans/plans.presenter.js';
import { listSettings } from '../settings/settings.service.js';
import { presentUser } from '../users/users.presenter.js';
import { findUser, queuesOfUsers } from '../users/users.repository.js';
import * as repo from './auth.repository.js';

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

export interface IssuedSession extends AuthResponse {
  /** `{sessionId}.{secret}`: goes only into the httpOnly cookie. */
  refreshToken: string;
}

/** A company may sign in up to and including its due date; no due date means no expiry. */
function assertCompanyActive(company: { status: boolean; dueDate: string | null }, today: string) {
  if (!company.status) throw new AppError('ERR_COMPANY_INACTIVE', 402);
  if (company.dueDate && company.dueDate < today) {
    throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 402, { details: { dueDate: company.dueDate } });
  }
}

export async function login(ctx: AppContext, input: LoginInput, meta: ClientMeta): Promise<IssuedSession> {
  const email = input.email.trim().toLowerCase();
  await ctx.loginLimiter.checkIp(meta.ip);
  await ctx.loginLimiter.checkPair(email, meta.ip);

  const user = await repo.findUserByEmail(ctx.db, email);
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
  if (!user || !valid) {
    await ctx.loginLimiter.recordFailure(email, meta.ip);
    throw new AppError('ERR_INVALID_CREDENTIALS', 401);
  }
  await ctx.loginLimiter.recordSuccess(email, meta.ip);
  const now = ctx.clock.now();
  assertCompanyActive({ status: user.companyStatus, dueDate: user.companyDueDate }, isoDay(now));

  const sessionId = randomUUID();
  const secret = newRefreshSecret();
  const endedSessionIds = await ctx.db.transaction().execute(async (trx) => {
    await repo.createSession(trx, {
      id: sessionId,
      userId: user.id,
      companyId: user.companyId,
      refreshHash: hashRefreshSecret(secret, ctx.config.jwtRefreshSecret),
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      userAgent: meta.userAgent.slice(0, 300),
      ip: meta.ip,
    });
    // One live session per user: a new login ends the others (their tabs are told why).
    return repo.revokeOtherSessions(trx, user.id, sessionId, now);
  });
  announceEndedSessions(ctx, user.companyId, user.id, endedSessionIds);

  const token = await ctx.tokens.signAccess({
    id: user.id,
    companyId: user.companyId,
    profile: user.profile,
    super: user.super,
    sid: sessionId,
  });
  return { token, refreshToken: `${sessionId}.${secret}`, user: await loadSessionUser(ctx.db, user.companyId, user.id) };
}

export function announceEndedSessions(ctx: AppContext, companyId: number, userId: number, endedSessionIds: string[]) {
  if (endedSessionIds.length === 0) return;
  const payload: AuthEventPayload = { action: 'sessionEnded', userId, endedSessionIds };
  ctx.live.toRoom(rooms.user(userId), companyId, 'auth', payload);
  // Give the ended tabs a moment to show the notice before their sockets are cut.
  setTimeout(() => ctx.live.endSessions(endedSessionIds), 1_000).unref();
}

function splitRefreshToken(token: string | undefined): { sessionId: string; secret: string } {
  const [sessionId, secret] = (token ?? '').split('.');
  if (!sessionId || !secret) throw new AppError('ERR_SESSION_EXPIRED', 401);
  return { sessionId, secret };
}

/** Rotates the refresh token and issues a new access token. */
export async function refresh(ctx: AppContext, refreshToken: string | undefined): Promise<IssuedSession> {
  const { sessionId, secret } = splitRefreshToken(refreshToken);
  const now = ctx.clock.now();
  const session = await repo.findLiveSession(ctx.db, sessionId, now);
  const presentedHash = hashRefreshSecret(secret, ctx.config.jwtRefreshSecret);
  if (!session || session.refreshHash !== presentedHash) throw new AppError('ERR_SESSION_EXPIRED', 401);

  const user = await findUser(ctx.db, session.companyId, session.userId);
  if (!user) throw new AppError('ERR_SESSION_EXPIRED', 401);
  const company = await ctx.db.selectFrom('companies').select(['status', 'dueDate']).where('id', '=', user.companyId).executeTakeFirstOrThrow();
  assertCompanyActive(company, isoDay(now));

  const nextSecret = newRefreshSecret();
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  const rotated = await repo.rotateSession(ctx.db, sessionId, presentedHash, hashRefreshSecret(nextSecret, ctx.config.jwtRefreshSecret), expiresAt, now);
  if (!rotated) throw new AppError('ERR_SESSION_EXPIRED', 401);

  const token = await ctx.tokens.signAccess({ id: user.id, companyId: user.companyId, profile: user.profile, super: user.super, sid: sessionId });
  return { token, refreshToken: `${sessionId}.${nextSecret}`, user: await loadSessionUser(ctx.db, user.companyId, user.id) };
}

/** Ends the session named by the refresh cookie or, failing that, by the access token's `sid`. */
export async function logout(ctx: AppContext, refreshToken: string | undefined, accessSessionId: string | undefined) {
  const sessionId = refreshToken?.split('.')[0] || accessSessionId;
  if (!sessionId || !/^[0-9a-f-]{36}$/i.test(sessionId)) return;
  await repo.revokeSession(ctx.db, sessionId, ctx.clock.now());
  ctx.live.endSessions([sessionId]);
}

export async function loadSessionUser(db: Database, companyId: number, userId: number): Promise<SessionUser> {
  const user = await findUser(db, companyId, userId);
  if (!user) throw new AppError('ERR_SESSION_EXPIRED', 401);
  const [queues, company] = await Promise.all([
    queuesOfUsers(db, companyId, [userId]),
    db
      .selectFrom('companies')
      .innerJoin('plans', 'plans.id', 'companies.planId')
      .selectAll('plans')
      .select(['companies.name as companyName', 'companies.dueDate'])
      .where('companies.id', '=', companyId)
      .executeTakeFirstOrThrow(),
  ]);
  const { companyName, dueDate, ...plan } = company;
  return {
    ...presentUser(user, queues.get(userId) ?? []),
    company: {
      id: companyId,
      name: companyName,
      dueDate,
      settings: await listSettings(db, { companyId, profile: user.profile }),
      plan: presentPlan(plan),
    },
  };
}
