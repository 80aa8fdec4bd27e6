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
import type { Actor } from '../../platform/actor.js';
import { isoDay } from '../../platform/clock.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { decoyHash, verifyPassword } from '../../platform/passwords.js';
import { hashRefreshSecret, newRefreshSecret, nextRefreshSecret } from '../../platform/tokens.js';
import type { ResolveOptions } from '../../platform/authenticate.js';
import { companyStandingError } from '../../platform/company-standing.js';
import { revokeOtherSessions } from '../users/user-sessions.repository.js';
import { loadSessionUser } from '../users/session-user.js';
import { findUser } from '../users/users.repository.js';
import * as repo from './auth.repository.js';

function assertStanding(company: { status: boolean; dueDate: string | null }, today: string, options: ResolveOptions): void {
  const refusal = companyStandingError(company, today);
  if (refusal && !(options.allowOverdue && refusal.code === 'ERR_SUBSCRIPTION_EXPIRED')) throw refusal;
}

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

export interface IssuedSession extends AuthResponse {
  /** `{sessionId}.{secret}`: goes only into the httpOnly cookie. */
  refreshToken: string;
}

/** What each live socket's session stands for now, and the code that refuses it (the sockets' re-check). */
export async function checkSessions(ctx: AppContext, sessionIds: string[]): Promise<Map<string, { actor: Actor; refusal: string | null }>> {
  const now = ctx.clock.now();
  const found = await repo.findActorsBySessions(ctx.db, sessionIds, now);
  const today = isoDay(now);
  return new Map([...found].map(([id, { actor, company }]) => [id, { actor, refusal: companyStandingError(company, today)?.code ?? null }]));
}

/** Resolves the caller from the bearer token and its live server-side session (every guard and the socket's handshake). */
export async function resolveActor(ctx: AppContext, token: string | undefined, options: ResolveOptions = {}): Promise<Actor> {
  const claims = await ctx.tokens.verifyAccess(token);
  const now = ctx.clock.now();
  const found = await repo.findActorBySession(ctx.db, claims.sid, claims.id, now);
  if (!found) throw new AppError('ERR_SESSION_EXPIRED', 401);
  // An access token issued before the company was deactivated or expired stops working at once.
  assertStanding(found.company, isoDay(now), options);
  return found.actor;
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
  // A company past its due date signs in to pay (only its billing routes answer); an inactive one does not.
  assertStanding({ status: user.companyStatus, dueDate: user.companyDueDate }, isoDay(now), { allowOverdue: true });

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
    return revokeOtherSessions(trx, user.id, sessionId, now);
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

/**
 * A refresh token rotated this recently still answers, with the session it was rotated into:
 * several parts of a client (and its other tabs) refresh with the same cookie at the same moment.
 */
export const REFRESH_GRACE_MS = 10_000;

/** Rotates the refresh token and issues a new access token. */
export async function refresh(ctx: AppContext, refreshToken: string | undefined): Promise<IssuedSession> {
  const { sessionId, secret } = splitRefreshToken(refreshToken);
  const now = ctx.clock.now();
  const pepper = ctx.config.jwtRefreshSecret;
  const presentedHash = hashRefreshSecret(secret, pepper);
  // The successor is derived from the presented secret, so every concurrent refresh with one
  // cookie computes the same new token, whichever of them stores it.
  const nextSecret = nextRefreshSecret(secret, pepper);
  const nextHash = hashRefreshSecret(nextSecret, pepper);
  const session = await repo.findLiveSession(ctx.db, sessionId, now);
  if (!session) throw new AppError('ERR_SESSION_EXPIRED', 401);

  const user = await findUser(ctx.db, session.companyId, session.userId);
  if (!user) throw new AppError('ERR_SESSION_EXPIRED', 401);
  const company = await ctx.db.selectFrom('companies').select(['status', 'dueDate']).where('id', '=', user.companyId).executeTakeFirstOrThrow();
  assertStanding(company, isoDay(now), { allowOverdue: true });

  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  const rotated =
    session.refreshHash === presentedHash && (await repo.rotateSession(ctx.db, sessionId, presentedHash, nextHash, expiresAt, now));
  if (!rotated) await acceptRotatedToken(ctx, sessionId, nextHash, now);

  const token = await ctx.tokens.signAccess({ id: user.id, companyId: user.companyId, profile: user.profile, super: user.super, sid: sessionId });
  return { token, refreshToken: `${sessionId}.${nextSecret}`, user: await loadSessionUser(ctx.db, user.companyId, user.id) };
}

/**
 * The presented token is not the session's current one. It passes only when it is the token the
 * current one was rotated from, within the grace window; after it, its reuse means two parties hold
 * the session (a stolen cookie), so the session ends for both.
 */
async function acceptRotatedToken(ctx: AppContext, sessionId: string, nextHash: string, now: Date): Promise<void> {
  const current = await repo.findLiveSession(ctx.db, sessionId, now);
  if (!current || current.refreshHash !== nextHash) throw new AppError('ERR_SESSION_EXPIRED', 401);
  if (now.getTime() - new Date(current.rotatedAt).getTime() <= REFRESH_GRACE_MS) return;
  await repo.revokeSession(ctx.db, sessionId, now);
  ctx.live.endSessions([sessionId]);
  throw new AppError('ERR_SESSION_EXPIRED', 401);
}

/**
 * Ends the session of the refresh cookie when the whole token matches, and the session of a valid
 * access token; a cookie with a known session id but a wrong secret ends nothing.
 */
export async function logout(ctx: AppContext, refreshToken: string | undefined, accessSessionId: string | undefined) {
  const now = ctx.clock.now();
  const ended = new Set<string>();
  if (accessSessionId) ended.add(accessSessionId);
  const [sessionId, secret] = (refreshToken ?? '').split('.');
  if (sessionId && secret && /^[0-9a-f-]{36}$/i.test(sessionId)) {
    const session = await repo.findLiveSession(ctx.db, sessionId, now);
    if (session?.refreshHash === hashRefreshSecret(secret, ctx.config.jwtRefreshSecret)) ended.add(sessionId);
  }
  for (const id of ended) await repo.revokeSession(ctx.db, id, now);
  ctx.live.endSessions([...ended]);
}
