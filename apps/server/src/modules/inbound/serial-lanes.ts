/**
 * One lane per key (connection + chat): work of a lane runs one task at a time, in the order it
 * was queued, while different chats run side by side. This is the in-process half; the
 * other half is in the database (unique keys, find-or-create in one transaction), which holds
 * across processes.
 */
export class SerialLanes {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Resolves once every lane is empty (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }
}

/** Postgres deadlock and serialization failures: the transaction may simply be run again. */
export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '40P01' || code === '40001';
}

/** Runs `work` again (up to 3 times) when the database chose it as a deadlock victim. */
export async function withRetry<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
    }
  }
}
