import type { Queue } from '@atende/contract';
import type { QueueRow } from '../../db/schema.js';

/** The public shape of a queue; greeting, schedules and options join it when they exist. */
export function presentQueue(row: QueueRow): Queue {
  return { id: row.id, name: row.name, color: row.color };
}
