import type { SessionUser } from '@atende/contract';

/**
 * The session check sent as the page opened (see firstRequests), and the user once it has
 * answered: the auth provider takes it instead of asking again, and starts signed in when it
 * has already answered. Kept apart so the provider needs nothing else of the page's start.
 */
export interface EarlySession {
  check: Promise<SessionUser>;
  user: SessionUser | null;
}

let earlySession: EarlySession | null = null;

export function rememberEarlySessionCheck(check: Promise<SessionUser>): void {
  const early: EarlySession = { check, user: null };
  earlySession = early;
  // The auth provider reports the outcome; until it takes the promise, a failure is not unhandled.
  check.then((user) => (early.user = user), () => {});
}

export function earlySessionCheck(): EarlySession | null {
  return earlySession;
}

/** Once the auth provider has its answer, a later mount asks the server again. */
export function forgetEarlySessionCheck(check: Promise<SessionUser>): void {
  if (earlySession?.check === check) earlySession = null;
}
