/**
 * A socket is authorized at its handshake and then again whenever what it was authorized on
 * changes: the user's profile or queues, the company's status or due date, the session itself.
 * The change names a room (the user's, the company's); every process re-checks its own sockets in
 * that room against the database, so it works across processes with the Redis adapter. A periodic
 * re-check catches what no service announces (a due date passing, a session revoked directly).
 */
import type { Server, Socket } from 'socket.io';
import { CLIENT_EVENTS, companyEvent, rooms, type AuthEventPayload } from '@atende/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from './actor.js';

/** The join guards of live.ts: the room a socket may join for an argument, or null. */
type JoinGuard = (actor: Actor, argument: unknown) => Promise<string | null>;

/** Every socket's session and company are checked again at least this often. */
export const LIVE_RECHECK_MS = 60_000;

/** Server-to-server event: "re-check your sockets in this room". */
const REAUTHORIZE_EVENT = 'atende:reauthorize';
/** Sessions resolved per query of the periodic re-check. */
const BATCH = 500;

/**
 * What each session stands for now (the auth module's answer, given by the composition root):
 * its caller, and the ERR_ code that refuses it when its company no longer works. A session
 * missing from the map has ended.
 */
export type SessionCheck = (sessionIds: string[]) => Promise<Map<string, { actor: Actor; refusal: string | null }>>;

export interface LiveAuthorizationDeps {
  checkSessions: SessionCheck;
  log: FastifyBaseLogger;
  /** Several processes share the sockets' rooms (the Redis adapter). */
  shared: boolean;
  recheckMs?: number;
}

export interface LiveAuthorization {
  /** Re-checks at once, in every process, the sockets in `room` (rooms.user, rooms.company). */
  reauthorize(room: string): void;
  stop(): void;
}

export function watchLiveAuthorization(io: Server, deps: LiveAuthorizationDeps, joinGuards: ReadonlyMap<string, JoinGuard>): LiveAuthorization {
  const namespace = io.of('/');

  const localSocketsIn = (room: string): Socket[] =>
    [...(namespace.adapter.rooms.get(room) ?? [])].flatMap((id) => namespace.sockets.get(id) ?? []);

  /** `announced`: a change was announced for these sockets, so their ticket rooms are checked again too. */
  async function recheck(sockets: Socket[], announced: boolean): Promise<void> {
    for (let i = 0; i < sockets.length; i += BATCH) {
      const batch = sockets.slice(i, i + BATCH).filter((socket) => socket.connected && socket.data.actor);
      const sessionIds = [...new Set(batch.map((socket) => (socket.data.actor as Actor).sessionId))];
      const found = await deps.checkSessions(sessionIds);
      await Promise.all(batch.map((socket) => reevaluate(socket, found.get((socket.data.actor as Actor).sessionId), announced)));
    }
  }

  async function reevaluate(socket: Socket, found: { actor: Actor; refusal: string | null } | undefined, announced: boolean): Promise<void> {
    const before = socket.data.actor as Actor;
    const refusal = !found || found.actor.companyId !== before.companyId ? 'ERR_SESSION_EXPIRED' : found.refusal;
    if (refusal || !found) return cut(socket, before, refusal ?? 'ERR_SESSION_EXPIRED');
    const actor = found.actor;
    socket.data.actor = actor;
    const admins = rooms.admins(actor.companyId);
    if (actor.profile === 'admin') socket.join(admins);
    else socket.leave(admins);
    // The periodic pass re-guards ticket rooms only when what ticket visibility depends on changed.
    if (announced || !sameVisibility(before, actor)) await leaveUnreachableTickets(socket, actor);
  }

  function sameVisibility(a: Actor, b: Actor): boolean {
    return a.profile === b.profile && a.allTicket === b.allTicket && a.queueIds.join() === b.queueIds.join();
  }

  /** Ticket rooms are kept only while the ticket screen's join guard still lets the user in. */
  async function leaveUnreachableTickets(socket: Socket, actor: Actor): Promise<void> {
    const guard = joinGuards.get(CLIENT_EVENTS.joinChatBox);
    const prefix = rooms.ticket(actor.companyId, '');
    const ticketRooms = [...socket.rooms].filter((room) => room.startsWith(prefix));
    await Promise.all(
      ticketRooms.map(async (room) => {
        const allowed = guard ? await guard(actor, room.slice(prefix.length)).catch(() => null) : null;
        if (allowed !== room) await socket.leave(room);
      }),
    );
  }

  /** The tab is told why (the same event a login elsewhere sends), then the socket is closed. */
  function cut(socket: Socket, actor: Actor, reason: string): void {
    const payload: AuthEventPayload = { action: 'sessionEnded', userId: actor.userId, endedSessionIds: [actor.sessionId], reason };
    socket.emit(companyEvent(actor.companyId, 'auth'), payload);
    socket.disconnect(true);
  }

  const recheckLocal = (room: string) => {
    void recheck(localSocketsIn(room), true).catch((error) => deps.log.error({ err: error, room }, 'socket re-check failed'));
  };
  io.on(REAUTHORIZE_EVENT, (room: unknown) => {
    if (typeof room === 'string') recheckLocal(room);
  });

  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    recheck([...namespace.sockets.values()], false)
      .catch((error) => deps.log.error({ err: error }, 'periodic socket re-check failed'))
      .finally(() => {
        running = false;
      });
  }, deps.recheckMs ?? LIVE_RECHECK_MS);
  timer.unref();

  return {
    reauthorize(room) {
      recheckLocal(room);
      // The in-memory adapter has no other processes to tell (and warns when asked to).
      if (deps.shared) io.serverSideEmit(REAUTHORIZE_EVENT, room);
    },
    stop: () => clearInterval(timer),
  };
}
