import type { Queue } from '@atende/contract';
import type { QueueRow } from '../../db/schema.js';

/** The public shape of a queue: everything the queues page and the bot settings show. */
export function presentQueue(row: QueueRow): Queue {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    greetingMessage: row.greetingMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    orderQueue: row.orderQueue,
    schedules: row.schedules,
    promptId: row.promptId,
    integrationId: row.integrationId,
  };
}
