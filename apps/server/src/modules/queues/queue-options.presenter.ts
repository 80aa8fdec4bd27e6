import type { QueueOption } from '@atende/contract';
import type { QueueOptionRow } from './queue-options.repository.js';

const byOption = (a: QueueOptionRow, b: QueueOptionRow) => Number(a.option) - Number(b.option) || a.id - b.id;

/** Options of one queue by parent (null: the root), each list in option-number order. */
export function childrenByParent(rows: QueueOptionRow[]): Map<number | null, QueueOptionRow[]> {
  const byParent = new Map<number | null, QueueOptionRow[]>();
  for (const row of rows) {
    const siblings = byParent.get(row.parentId) ?? [];
    siblings.push(row);
    byParent.set(row.parentId, siblings);
  }
  for (const siblings of byParent.values()) siblings.sort(byOption);
  return byParent;
}

/** The options under `parentId`, each with its whole subtree. */
export function presentOptionTree(rows: QueueOptionRow[], parentId: number | null): QueueOption[] {
  const byParent = childrenByParent(rows);
  const present = (row: QueueOptionRow): QueueOption => ({
    id: row.id,
    queueId: row.queueId,
    parentId: row.parentId,
    title: row.title,
    message: row.message,
    option: row.option,
    children: (byParent.get(row.id) ?? []).map(present),
  });
  return (byParent.get(parentId) ?? []).map(present);
}

/** One option with its subtree, from all the options of its queue. */
export function presentOption(rows: QueueOptionRow[], option: QueueOptionRow): QueueOption {
  return presentOptionTree(rows, option.parentId).find((o) => o.id === option.id) as QueueOption;
}
