/**
 * Background work that runs on a poll timer and on demand, never twice at once: a call while a
 * run is under way asks for one more run after it, and resolves when that one is done. Used by
 * the outbox and the ticket timers, whose passes are safe to repeat.
 */
export class RepeatingTask {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly work: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly pollMs: number,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.run(), this.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.work().catch(this.onError);
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }
}
