/**
 * Time for the WhatsApp layer: reconnect backoff, QR rotation, simulated acks. Injected so tests
 * drive timers by hand instead of sleeping.
 */
export type TimerHandle = { readonly __timer: unique symbol } | object;

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle | undefined): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms) as unknown as TimerHandle,
  clearTimeout: (handle) => {
    if (handle) clearTimeout(handle as unknown as NodeJS.Timeout);
  },
};

interface PendingTimer { id: number; due: number; fn: () => void }

/** Lets the event loop run queued promise continuations and I/O callbacks. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A clock that only moves when told to; timers fire in due order during `advance`. */
export class ManualClock implements Clock {
  private current: number;
  private seq = 0;
  private timers: PendingTimer[] = [];

  constructor(start = Date.UTC(2025, 0, 6, 12, 0, 0)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const timer = { id: ++this.seq, due: this.current + Math.max(0, ms), fn };
    this.timers.push(timer);
    return { id: timer.id } as unknown as TimerHandle;
  }

  clearTimeout(handle: TimerHandle | undefined): void {
    const id = (handle as { id?: number } | undefined)?.id;
    this.timers = this.timers.filter((t) => t.id !== id);
  }

  get pendingTimers(): number {
    return this.timers.length;
  }

  /**
   * Moves time forward, firing every timer that falls due (including ones scheduled by earlier
   * timers), and lets async work started by them settle between firings.
   */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    await yieldToLoop();
    for (;;) {
      const next = this.timers
        .filter((t) => t.due <= target)
        .sort((a, b) => a.due - b.due || a.id - b.id)[0];
      if (!next) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.current = Math.max(this.current, next.due);
      next.fn();
      await yieldToLoop();
    }
    this.current = target;
    await yieldToLoop();
  }

  /** Lets pending promise chains finish without moving time. */
  async settle(rounds = 3): Promise<void> {
    for (let i = 0; i < rounds; i++) await yieldToLoop();
  }
}
