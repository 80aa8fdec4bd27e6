import type { ProviderEventMap, ProviderEventName, ProviderListener, ProviderLogger } from './provider.js';

/**
 * Typed emitter shared by every provider. `emit` awaits each listener in order, so a provider can
 * wait for the inbox to store an event before acknowledging it upstream, and events of one session
 * keep their order. Listener failures never break the provider: they are collected and rethrown
 * together after every listener ran, for the caller to decide (log, or fail a webhook).
 */
export class ProviderEvents {
  private readonly listeners = new Map<ProviderEventName, Set<ProviderListener<ProviderEventName>>>();

  on<K extends ProviderEventName>(event: K, listener: ProviderListener<K>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as ProviderListener<ProviderEventName>);
    return () => this.off(event, listener);
  }

  off<K extends ProviderEventName>(event: K, listener: ProviderListener<K>): void {
    this.listeners.get(event)?.delete(listener as ProviderListener<ProviderEventName>);
  }

  async emit<K extends ProviderEventName>(event: K, payload: ProviderEventMap[K]): Promise<void> {
    const set = this.listeners.get(event);
    if (!set || set.size === 0) return;
    const failures: unknown[] = [];
    for (const listener of [...set]) {
      try {
        await (listener as ProviderListener<K>)(payload);
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, `${failures.length} ${event} listeners failed`);
  }
}

/** The chat an event belongs to; events without one (status, identity) touch the whole session. */
function laneOf<K extends ProviderEventName>(event: K, payload: ProviderEventMap[K]): string | undefined {
  const p = payload as Partial<{ chatId: string; from: string }>;
  if (event === 'call') return p.from;
  if (event === 'status' || event === 'identity') return undefined;
  return p.chatId;
}

/**
 * Delivers events for a session whose network pushes them without waiting (Baileys, simulator).
 * Events of one chat run one after another in arrival order; different chats run side by side, so
 * one slow conversation (a media download, a busy ticket) never holds up the others. An event
 * without a chat (status, identity links two chats) is a barrier: it waits for everything before
 * it, and everything after it waits for it. A failing listener is logged, not thrown into the
 * network library.
 */
export class SerialDelivery {
  private barrier: Promise<void> = Promise.resolve();
  private readonly lanes = new Map<string, Promise<void>>();

  constructor(
    private readonly events: ProviderEvents,
    private readonly logger: ProviderLogger,
  ) {}

  push<K extends ProviderEventName>(event: K, payload: ProviderEventMap[K]): Promise<void> {
    return this.schedule(event, laneOf(event, payload), async () => payload);
  }

  /** Like push, but the payload is prepared in turn (e.g. media saved first) so order still holds. */
  pushLazy<K extends ProviderEventName>(event: K, lane: string | undefined, prepare: () => Promise<ProviderEventMap[K]>): Promise<void> {
    return this.schedule(event, lane, prepare);
  }

  private schedule<K extends ProviderEventName>(event: K, lane: string | undefined, prepare: () => Promise<ProviderEventMap[K]>): Promise<void> {
    const after = lane === undefined ? Promise.all([this.barrier, ...this.lanes.values()]) : (this.lanes.get(lane) ?? this.barrier);
    const tail = after
      .then(async () => this.events.emit(event, await prepare()))
      .catch((error: unknown) => {
        this.logger.error({ err: error, event }, 'whatsapp event listener failed');
      });
    if (lane === undefined) {
      this.barrier = tail;
      this.lanes.clear();
    } else {
      this.lanes.set(lane, tail);
      void tail.then(() => {
        if (this.lanes.get(lane) === tail) this.lanes.delete(lane);
      });
    }
    return tail;
  }

  /** Resolves once everything pushed so far was delivered. */
  async idle(): Promise<void> {
    await Promise.all([this.barrier, ...this.lanes.values()]);
  }
}
