import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import {
  CLIENT_EVENTS,
  LIVE,
  SERVER_EVENTS,
  companyEvent,
  rooms,
  type LiveEntity,
  type LiveEventMap,
} from '@atende/contract';
import type { Actor } from './actor.js';
import type { RedisClientType } from 'redis';
import type { Config } from '../config.js';
import { watchLiveAuthorization, type SessionCheck } from './live-authorization.js';
import { crossOriginAccess } from './cors.js';

/**
 * The live channel as services see it. Every emit names a company: events are always
 * `company-{id}-{entity}` and go only to rooms of that company.
 */
export interface LiveChannel {
  /** `except`: a room of that company whose sockets get their own version of the event. */
  toCompany<E extends LiveEntity>(companyId: number, entity: E, payload: LiveEventMap[E], options?: { except?: string }): void;
  /** To a room built with `rooms.*` of the same company (users, admins, a ticket...). */
  toRoom<E extends LiveEntity>(room: string, companyId: number, entity: E, payload: LiveEventMap[E]): void;
  /** Disconnects the sockets of sessions that were just revoked. */
  endSessions(sessionIds: string[]): void;
  /**
   * Checks again, in every process, what the sockets in `room` (a user's, a company's) may hear:
   * call it after a change of profile, queues or company status/due date.
   */
  reauthorize(room: string): void;
  /** Users of a company with at least one connected socket. */
  onlineUserIds(companyId: number): Promise<Set<number>>;
}

/** Decides whether a socket may join a room it asked for; features register their own. */
export type JoinGuard = (actor: Actor, argument: unknown) => Promise<string | null>;

export interface LiveServer extends LiveChannel {
  io: Server;
  /** Called when a user's first socket connects or last socket leaves. */
  onPresence(listener: (actor: Actor, online: boolean) => void): void;
  registerJoin(event: string, guard: JoinGuard): void;
  close(): Promise<void>;
}

const TICKET_LIST_STATUSES = new Set(['open', 'pending', 'closed', 'group']);

export interface LiveServerOptions {
  config: Config;
  redis?: RedisClientType;
  /**
   * Sockets connect to this process (the realtime role). Without it the channel only emits: with
   * Redis its events reach the sockets of the processes that serve them.
   */
  serve: boolean;
  /** Re-checks sockets' sessions after a change and every minute (see live-authorization.ts). */
  checkSessions: SessionCheck;
  log: FastifyBaseLogger;
}

export function createLiveServer(app: FastifyInstance, options: LiveServerOptions, resolveActor: (token: string | undefined) => Promise<Actor>): LiveServer {
  const { config, redis } = options;
  const settings = {
    path: '/socket.io',
    transports: ['websocket' as const],
    pingInterval: LIVE.pingMs,
    pingTimeout: LIVE.pingMs,
    cors: config.corsOrigins.length ? crossOriginAccess(config.corsOrigins) : undefined,
    serveClient: false,
  };
  const io = options.serve ? new Server(app.server, settings) : new Server(settings);
  if (redis) io.adapter(createAdapter(redis));

  const presenceListeners: Array<(actor: Actor, online: boolean) => void> = [];
  const joinGuards = new Map<string, JoinGuard>();
  const firePresence = (actor: Actor, online: boolean) => presenceListeners.forEach((l) => l(actor, online));

  joinGuards.set(CLIENT_EVENTS.joinNotification, async (actor) => rooms.notification(actor.companyId));
  joinGuards.set(CLIENT_EVENTS.joinTickets, async (actor, status) =>
    typeof status === 'string' && TICKET_LIST_STATUSES.has(status) ? rooms.tickets(actor.companyId, status) : null,
  );

  const authorization = watchLiveAuthorization(
    io,
    { checkSessions: options.checkSessions, log: options.log, shared: Boolean(redis), recheckMs: config.liveRecheckMs },
    joinGuards,
  );
  app.addHook('onClose', async () => authorization.stop());

  io.use(async (socket, next) => {
    try {
      const token = (socket.handshake.query.token as string | undefined) ?? (socket.handshake.auth?.token as string | undefined);
      socket.data.actor = await resolveActor(token);
      next();
    } catch (error) {
      // The client learns why from the message: ERR_SESSION_EXPIRED or ERR_ACCESS_TOKEN_EXPIRED.
      next(new Error((error as Error).message));
    }
  });

  io.on('connection', async (socket: Socket) => {
    const actor = socket.data.actor as Actor;
    const userRoom = rooms.user(actor.userId);
    const wasOnline = (await io.in(userRoom).fetchSockets()).length > 0;
    const joined = [rooms.company(actor.companyId), userRoom, rooms.session(actor.sessionId)];
    if (actor.profile === 'admin') joined.push(rooms.admins(actor.companyId));
    await socket.join(joined);
    if (!wasOnline) firePresence(actor, true);

    for (const [event, guard] of joinGuards) {
      socket.on(event, async (argument: unknown) => {
        // The actor as last re-checked (live-authorization), not as it was at the handshake.
        const room = await guard(socket.data.actor as Actor, argument).catch(() => null);
        if (room) await socket.join(room);
      });
    }
    socket.on(CLIENT_EVENTS.leaveChatBox, async (ticketId: unknown) => {
      if (typeof ticketId === 'number' || typeof ticketId === 'string') await socket.leave(rooms.ticket(actor.companyId, ticketId));
    });
    socket.on(CLIENT_EVENTS.leaveTickets, async (status: unknown) => {
      if (typeof status === 'string') await socket.leave(rooms.tickets(actor.companyId, status));
    });
    socket.on(CLIENT_EVENTS.userStatus, () => firePresence(actor, true));
    socket.on('disconnect', async () => {
      const remaining = await io.in(userRoom).fetchSockets();
      if (remaining.length === 0) firePresence(actor, false);
    });
    socket.emit(SERVER_EVENTS.ready);
  });

  return {
    io,
    toCompany: (companyId, entity, payload, options) =>
      io.to(rooms.company(companyId)).except(options?.except ?? []).emit(companyEvent(companyId, entity), payload),
    toRoom: (room, companyId, entity, payload) => io.to(room).emit(companyEvent(companyId, entity), payload),
    endSessions: (sessionIds) => {
      if (sessionIds.length) io.in(sessionIds.map(rooms.session)).disconnectSockets(true);
    },
    async onlineUserIds(companyId) {
      const sockets = await io.in(rooms.company(companyId)).fetchSockets();
      return new Set(sockets.map((s) => (s.data.actor as Actor).userId));
    },
    reauthorize: (room) => authorization.reauthorize(room),
    onPresence: (listener) => presenceListeners.push(listener),
    registerJoin: (event, guard) => joinGuards.set(event, guard),
    close: async () => {
      authorization.stop();
      // A channel that only emits has no engine to close (socket.io's close() would throw): its
      // adapter (the Redis streams reader) is all that runs.
      if (options.serve) await new Promise<void>((resolve) => io.close(() => resolve()));
      else await io.of('/').adapter.close();
    },
  };
}
