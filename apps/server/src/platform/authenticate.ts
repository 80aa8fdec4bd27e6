import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Permission, PlanFeature } from '@atende/contract';
import { assertCan, assertPlanAllows, assertSuper, type Actor } from './actor.js';
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

export interface ResolveOptions {
  /** A company past its due date passes (its billing routes): only an inactive one is refused. */
  allowOverdue?: boolean;
}

/** Finds the caller of a bearer token (the auth module's, given by the composition root); throws when there is none. */
export type ActorResolver = (token: string | undefined, options?: ResolveOptions) => Promise<Actor>;

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
  /**
   * Signed in, the company's due date not minding: what a company past its due date may still
   * reach (its session, its invoices and their payment). Everything else answers 402.
   */
  overdueAllowed: preHandlerAsyncHookHandler;
}

export function createGuards(resolveActor: ActorResolver): Guards {
  const signedIn = async (request: FastifyRequest, _reply: FastifyReply) => {
    request.actor = await resolveActor(bearerToken(request));
  };
  return {
    signedIn,
    permission: (p) => [signedIn, async (request) => assertCan(actorOf(request), p)],
    superUser: [signedIn, async (request) => assertSuper(actorOf(request))],
    planFeature: (f) => [signedIn, async (request) => assertPlanAllows(actorOf(request), f)],
    overdueAllowed: async (request: FastifyRequest) => {
      request.actor = await resolveActor(bearerToken(request), { allowOverdue: true });
    },
  };
}
