import type { QueueOption } from '@atende/contract';

/** The number the server gives a new option: one past the largest among its siblings (1.3 after 1.2). */
export function nextOrdinal(siblings: QueueOption[], parentOrdinal: string | null): string {
  const next = Math.max(0, ...siblings.map((o) => Number(o.option) || 0)) + 1;
  return parentOrdinal ? `${parentOrdinal}.${next}` : String(next);
}
