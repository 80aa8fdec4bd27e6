import type { MessagePage, SessionUser } from '@atende/contract';
import { api } from '../lib/api';
import { getToken } from '../lib/storage';
import { rememberEarlySessionCheck } from './earlySession';
import { ticketUuidOfAddress } from '../pages/tickets/parts';
import { loadFirstScreenCode } from './firstScreenCode';

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

export function sendFirstRequests(pathname: string): FirstRequests {
  if (!getToken()) return { session: null, ticket: null, code: Promise.resolve() };
  const check = api.get<SessionUser>('/auth/me');
  rememberEarlySessionCheck(check);
  const uuid = ticketUuidOfAddress(pathname);
  const ticket = uuid ? { uuid, newestPage: api.get<MessagePage>(`/messages/u/${encodeURIComponent(uuid)}`, { pageNumber: 1 }) } : null;
  // The ticket screen reports a refusal; until it takes the promise, a failure is not unhandled.
  ticket?.newestPage.catch(() => {});
  return { session: check, ticket, code: loadFirstScreenCode(pathname) };
}
