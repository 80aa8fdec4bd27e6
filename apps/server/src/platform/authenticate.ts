import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Permission, PlanFeature } from '@atende/contract';
import { findActorBySession } from '../modules/auth/auth.repository.js';
import { assertCompanyActive } from '../modules/companies/companies.standing.js';
import { assertCan, assertPlanAllows, assertSuper, type Actor } from './actor.js';
import { isoDay } from './clock.js';
import type { AppContext } from './context.js';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

/** Resolves the caller from the bearer token and its live server-side session. */
export async function resolveActor(ctx: AppContext, token: string | undefined): Promise<Actor> {
  const claims = await ctx.tokens.verifyAccess(token);
  const now = ctx.clock.now();
  const found = await findActorBySession(ctx.db, claims.sid, claims.id, now);
  if (!found) throw new AppError('ERR_SESSION_EXPIRED', 401);
  // An access token issued before the company was deactivated or expired stops working at once.
  assertCompanyActive(found.company, isoDay(now));
  return found.actor;
}

/** The authenticated caller of a route that ran `guard.signedIn`. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('ERR_SESSION_EXPIRED', 401);
  return request.actor;
}

export interface Guards {
  signedIn: preHandlerAsyncHookHandler;
  permission(p: Permission): preHandlerAsyncHookHandler[];
  superUser: preHandlerAsyncHookHandler[];
  planFeature(f: PlanFeature): preHandlerAsyncHookHandler[];
}

export function createGuards(ctx: AppContext): Guards {
  const signedIn = async (request: FastifyRequest, _reply: FastifyReply) => {
    request.actor = await resolveActor(ctx, bearerToken(request));
  };
  return {
    signedIn,
    permission: (p) => [signedIn, async (request) => assertCan(actorOf(request), p)],
    superUser: [signedIn, async (request) => assertSuper(actorOf(request))],
    planFeature: (f) => [signedIn, async (request) => assertPlanAllows(actorOf(request), f)],
  };
}
