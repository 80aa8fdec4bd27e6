/**
 * The session manager: runs one live provider session per connection across every server
 * process. The connection row says what is wanted (`auto_start`, a pending `session_request`);
 * whichever process holds the connection's lease carries it out. The API records a wish in the
 * row and pokes its own manager, which acts at once when it holds (or can take) the lease; a
 * wish for a session another process holds is carried out by that process on its next sweep.
 *
 * Every `renewEveryMs` a sweep renews this process's leases, stops sessions whose lease was lost,
 * applies pending requests, and takes over connections whose lease is free or expired.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { ProviderRegistry } from '../../channels/whatsapp/registry.js';
import type { ProviderSession, StatusEvent } from '../../channels/whatsapp/provider.js';
import type { Database } from '../../db/database.js';
import { isoDay, type Clock } from '../../platform/clock.js';
import type { LiveChannel } from '../../platform/live.js';
import type { MediaStore } from '../../platform/media.js';
import type { SessionManager } from '../../platform/context.js';
import { databaseAuthStore } from './connection-stores.js';
import type { ChannelEventHandler } from './connections.events.js';
import * as leases from './connections.leases.js';
import { announceSession } from './connections.live.js';
import { createProviderSession, statusChanges, wireSession } from './connections.provider.js';

export type { SessionManager };

export interface SessionManagerOptions {
  /** This process in the lease table; random when absent. */
  nodeId?: string;
  /** A lease not renewed for this long may be taken by another process. */
  leaseTtlMs?: number;
  /** How often leases are renewed and free connections looked for. */
  renewEveryMs?: number;
}

export interface SessionManagerDeps {
  db: Database;
  live: LiveChannel;
  log: FastifyBaseLogger;
  clock: Clock;
  media: MediaStore;
  registry: ProviderRegistry;
  /** Where every inbound event of every session goes (the conversation engine). Required: without it customers' messages would be lost. */
  handler: ChannelEventHandler;
}

interface Slot {
  whatsappId: number;
  companyId: number;
  provider: string;
  session?: ProviderSession;
  unsubscribe: Array<() => void>;
  /** A session was opened since the lease was taken (a dead one is restarted only when asked). */
  opened: boolean;
}

type Close = 'stop' | 'logout';

export function createSessionManager(deps: SessionManagerDeps, options: SessionManagerOptions = {}): SessionManager {
  if (!deps.handler) throw new Error('a session manager needs the handler of inbound events');
  return new ConnectionSessions(deps, options);
}

class ConnectionSessions implements SessionManager {
  readonly nodeId: string;
  readonly registry: ProviderRegistry;
  private readonly handler: ChannelEventHandler;
  private readonly ttlMs: number;
  private readonly everyMs: number;
  private readonly log: FastifyBaseLogger;
  private readonly slots = new Map<number, Slot>();
  private readonly locks = new Map<number, Promise<void>>();
  private readonly inflight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;
  private active = false;

  constructor(
    private readonly deps: SessionManagerDeps,
    options: SessionManagerOptions,
  ) {
    this.nodeId = options.nodeId ?? `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
    this.registry = deps.registry;
    this.ttlMs = options.leaseTtlMs ?? 30_000;
    this.everyMs = options.renewEveryMs ?? 10_000;
    this.log = deps.log.child({ module: 'whatsapp-sessions', nodeId: this.nodeId });
    this.handler = deps.handler;
  }

  get running(): boolean {
    return this.active;
  }

  session(whatsappId: number): ProviderSession | undefined {
    return this.slots.get(whatsappId)?.session;
  }

  async start(): Promise<void> {
    if (this.active) return;
    this.active = true;
    await this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (!this.active) return this.idle();
    this.active = false;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.idle();
    await Promise.all(
      [...this.slots.keys()].map((id) =>
        this.track(this.withLock(id, async () => {
          const slot = this.slots.get(id);
          if (slot) await this.teardown(slot, 'stop');
        })),
      ),
    );
  }

  poke(whatsappId: number): Promise<void> {
    if (!this.active) return Promise.resolve();
    return this.track(this.withLock(whatsappId, () => this.reconcile(whatsappId)));
  }

  sweep(): Promise<void> {
    if (!this.active) return Promise.resolve();
    this.sweeping ??= this.track(this.runSweep()).finally(() => {
      this.sweeping = undefined;
    });
    return this.sweeping;
  }

  async idle(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  // ---- reconciling one connection ------------------------------------------------------------

  private async runSweep(): Promise<void> {
    const { db } = this.deps;
    const held = await leases.renewLeases(db, this.nodeId, this.ttlMs);
    const work: Array<Promise<void>> = [];
    for (const id of this.slots.keys()) {
      if (!held.has(id)) work.push(this.track(this.withLock(id, () => this.lost(id))));
    }
    // Leases under our id with no session here: this process restarted after a crash and takes them back at once.
    const reclaimed = new Set([...held].filter((id) => !this.slots.has(id)));
    for (const id of reclaimed) work.push(this.poke(id));
    for (const id of await leases.heldNeedingAttention(db, this.nodeId, this.today())) if (!reclaimed.has(id)) work.push(this.poke(id));
    for (const id of await leases.unheldConnections(db, this.today())) if (!this.slots.has(id)) work.push(this.poke(id));
    await Promise.all(work);
  }

  private async reconcile(whatsappId: number): Promise<void> {
    const { db } = this.deps;
    const row = await leases.sessionRow(db, whatsappId, this.today());
    let slot = this.slots.get(whatsappId);
    if (!slot) {
      if (!row || !this.active) return;
      if (!(row.autoStart && row.companyActive) && !row.sessionRequest) {
        await leases.releaseLease(db, whatsappId, this.nodeId); // reclaimed after a crash but no longer wanted
        return;
      }
      if (!(await leases.acquireLease(db, whatsappId, this.nodeId, this.ttlMs))) return; // another process runs it
      slot = { whatsappId, companyId: row.companyId, provider: row.provider, unsubscribe: [], opened: false };
      this.slots.set(whatsappId, slot);
    }
    if (!row) return this.teardown(slot, 'logout'); // the connection was deleted

    const request = row.sessionRequest;
    if (!(row.autoStart && row.companyActive)) {
      await this.teardown(slot, !row.autoStart || request === 'logout' ? 'logout' : 'stop');
    } else if (request === 'new-qr' || (slot.session && slot.provider !== row.provider)) {
      await this.close(slot, 'logout');
      await this.open(slot, row);
    } else if (request === 'restart') {
      await this.close(slot, 'stop');
      await this.open(slot, row);
    } else if (!slot.opened || (request === 'start' && !this.isLive(slot))) {
      // "Try again" on a running session changes nothing.
      await this.close(slot, 'stop');
      await this.open(slot, row);
    }
    if (request) await leases.clearRequest(db, whatsappId, request);
  }

  /** Our lease is gone: stop the session unless we got it back meanwhile. */
  private async lost(whatsappId: number): Promise<void> {
    const slot = this.slots.get(whatsappId);
    if (!slot) return;
    const lease = await this.deps.db.selectFrom('whatsappLeases').select('holder').where('whatsappId', '=', whatsappId).executeTakeFirst();
    if (lease?.holder === this.nodeId) return;
    const exists = await this.deps.db.selectFrom('whatsapps').select('id').where('id', '=', whatsappId).executeTakeFirst();
    this.log.warn({ whatsappId, takenBy: lease?.holder }, 'lost the lease of a whatsapp session; stopping it here');
    await this.close(slot, exists ? 'stop' : 'logout');
    this.slots.delete(whatsappId);
  }

  /** A company past its due date stops like an inactive one, by the app's clock as login does. */
  private today(): string {
    return isoDay(this.deps.clock.now());
  }

  private isLive(slot: Slot): boolean {
    return Boolean(slot.session && slot.session.status !== 'DISCONNECTED');
  }

  private async open(slot: Slot, row: leases.SessionRow): Promise<void> {
    slot.opened = true;
    slot.provider = row.provider;
    slot.companyId = row.companyId;
    let session: ProviderSession | undefined;
    try {
      session = createProviderSession({ ...this.deps, log: this.log }, row, () => this.handler);
      const opened = session;
      slot.session = opened;
      slot.unsubscribe.push(...wireSession(opened, { whatsappId: slot.whatsappId, companyId: slot.companyId }, () => this.handler, (event) => this.onStatus(slot, opened, event)));
      await opened.start(row.pairingPhone ? { pairingPhone: row.pairingPhone } : {});
    } catch (error) {
      // A provider that cannot start must not take the server with it: DISCONNECTED, one more retry counted.
      this.log.error({ err: error, whatsappId: slot.whatsappId }, 'whatsapp session failed to start');
      if (session) await this.close(slot, 'stop');
      await this.writeStatus(slot, { status: 'DISCONNECTED', qrcode: '', pairingCode: '', retries: sql<number>`retries + 1` });
    }
  }

  /** Ends the slot's session (logout also wipes the pairing, with or without a running session). */
  private async close(slot: Slot, how: Close): Promise<void> {
    const session = slot.session;
    try {
      if (session) await (how === 'logout' ? session.logout() : session.stop());
      else if (how === 'logout') await databaseAuthStore(this.deps.db, slot.whatsappId).clear();
    } catch (error) {
      this.log.error({ err: error, whatsappId: slot.whatsappId }, `whatsapp session ${how} failed`);
    }
    for (const unsubscribe of slot.unsubscribe.splice(0)) unsubscribe();
    slot.session = undefined;
  }

  /** Close, make sure an explicit disconnect shows as such, and let go of the lease. */
  private async teardown(slot: Slot, how: Close): Promise<void> {
    await this.close(slot, how);
    if (how === 'logout') {
      const row = await leases.sessionRow(this.deps.db, slot.whatsappId, this.today());
      if (row && (row.status !== 'DISCONNECTED' || row.qrcode || row.pairingCode || row.nextRetryAt)) {
        await this.writeStatus(slot, { status: 'DISCONNECTED', qrcode: '', pairingCode: '', nextRetryAt: null });
      }
    }
    this.slots.delete(slot.whatsappId);
    await leases.releaseLease(this.deps.db, slot.whatsappId, this.nodeId);
  }

  // ---- provider events ------------------------------------------------------------------------

  private async onStatus(slot: Slot, session: ProviderSession, event: StatusEvent): Promise<void> {
    if (slot.session === session) await this.writeStatus(slot, statusChanges(event));
  }

  /** Writes the status while we hold the lease and tells the company; failures are logged, never thrown into a provider. */
  private async writeStatus(slot: Slot, values: leases.ConnectionChanges): Promise<void> {
    const { db, live, clock } = this.deps;
    try {
      const row = await leases.writeHeldRow(db, slot.whatsappId, this.nodeId, { ...values, updatedAt: clock.now() });
      if (row) await announceSession(live, db, row);
    } catch (error) {
      this.log.error({ err: error, whatsappId: slot.whatsappId }, 'could not record a whatsapp session status');
    }
  }

  // ---- plumbing -------------------------------------------------------------------------------

  /** Operations on one connection run one after another. */
  private withLock(whatsappId: number, fn: () => Promise<void>): Promise<void> {
    const previous = this.locks.get(whatsappId) ?? Promise.resolve();
    const run = previous.then(fn);
    const tail = run.catch(() => undefined);
    this.locks.set(whatsappId, tail);
    void tail.then(() => {
      if (this.locks.get(whatsappId) === tail) this.locks.delete(whatsappId);
    });
    return run;
  }

  /** Remembers the operation until it settles (idle(), stop()); its failure is logged, not thrown. */
  private track(operation: Promise<void>): Promise<void> {
    const tracked = operation.catch((error: unknown) => this.log.error({ err: error }, 'whatsapp session operation failed'));
    this.inflight.add(tracked);
    void tracked.then(() => this.inflight.delete(tracked));
    return tracked;
  }
}
