import type { MessagePage, SessionUser } from '@atende/contract';
import { api } from '../lib/api';
import { getToken } from '../lib/storage';
import { loadFirstScreenCode, ticketUuidOfAddress } from './firstScreenCode';

/**
 * What a visit with a stored session asks for before the app's code has even been evaluated: the
 * session check, for a ticket's address (a reload, a shared link) its newest messages, whose page
 * carries the ticket, and the code of the first screen. They travel while the app's code loads,
 * so the first drawing of a conversation already has it. This module stays free of the app's code.
 */
export interface FirstRequests {
  /** GET /auth/me, null without a stored session. */
  session: Promise<SessionUser> | null;
  /** The ticket of the address and the page of its newest messages. */
  ticket: { uuid: string; newestPage: Promise<MessagePage> } | null;
  /** The first screen's code: settles when it is all in, or failed. */
  code: Promise<unknown>;
}

interface EarlySession {
  check: Promise<SessionUser>;
  user: SessionUser | null;
}

let earlySession: EarlySession | null = null;

export function sendFirstRequests(pathname: string): FirstRequests {
  if (!getToken()) return { session: null, ticket: null, code: Promise.resolve() };
  const check = api.get<SessionUser>('/auth/me');
  const early: EarlySession = { check, user: null };
  earlySession = early;
  // The auth provider reports the outcome; until it takes the promise, a failure is not unhandled.
  check.then((user) => (early.user = user), () => {});
  const uuid = ticketUuidOfAddress(pathname);
  const newestPage = uuid ? api.get<MessagePage>(`/messages/u/${encodeURIComponent(uuid)}`, { pageNumber: 1 }) : null;
  newestPage?.catch(() => {});
  return { session: check, ticket: uuid && newestPage ? { uuid, newestPage } : null, code: loadFirstScreenCode(pathname) };
}

/** The session check sent ahead, and the user once it has answered. */
export function earlySessionCheck(): EarlySession | null {
  return earlySession;
}

/** Once the auth provider has its answer, a later mount asks the server again. */
export function forgetEarlySessionCheck(check: Promise<SessionUser>): void {
  if (earlySession?.check === check) earlySession = null;
}
