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

/**
 * Runs event deliveries one after another for a session whose network pushes events without
 * waiting (Baileys, simulator): order is kept and a failing listener is logged, not thrown into
 * the network library.
 */
export class SerialDelivery {
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly events: ProviderEvents,
    private readonly logger: ProviderLogger,
  ) {}

  push<K extends ProviderEventName>(event: K, payload: ProviderEventMap[K]): Promise<void> {
    return this.pushLazy(event, async () => payload);
  }

  /** Like push, but the payload is prepared in turn (e.g. media saved first) so order still holds. */
  pushLazy<K extends ProviderEventName>(event: K, prepare: () => Promise<ProviderEventMap[K]>): Promise<void> {
    const run = this.tail.then(async () => this.events.emit(event, await prepare()));
    this.tail = run.catch((error: unknown) => {
      this.logger.error({ err: error, event }, 'whatsapp event listener failed');
    });
    return this.tail;
  }

  /** Resolves once everything pushed so far was delivered. */
  idle(): Promise<void> {
    return this.tail;
  }
}
