/**
 * Background work that runs on a poll timer and on demand, never twice at once: a call while a
 * run is under way asks for one more run after it, and resolves when that one is done. Used by
 * the outbox, the ticket timers and the schedule sender, whose passes are safe to repeat.
 */
import type { AppContext } from './context.js';

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

/**
 * A pass of the worker role over what the database says is due (ticket timers, scheduled
 * messages): polled in every process, working only where the worker role runs the sessions.
 */
export abstract class WorkerSweep {
  private readonly task: RepeatingTask;

  constructor(
    protected readonly ctx: AppContext,
    what: string,
    pollMs: number,
  ) {
    this.task = new RepeatingTask(
      async () => {
        if (this.ctx.sessions.running) await this.sweep();
      },
      (error) => this.ctx.log.error({ err: error }, `${what} failed`),
      pollMs,
    );
  }

  start(): void {
    this.task.start();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  /** One sweep now (worker role only); resolves when everything due now was handled. */
  runDue(): Promise<void> {
    return this.task.run();
  }

  protected abstract sweep(): Promise<void>;
}
