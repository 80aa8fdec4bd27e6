/**
 * The bot tests' stage on top of the conversation world: connections with the bot's fields,
 * queues with greetings, schedules and option trees, and a customer who writes and reads what
 * the business's phone sent back.
 */
import { expect } from 'vitest';
import { DEFAULT_QUEUE_SCHEDULES, type QueueSchedule } from '@atende/contract';
import { messagesOf, pairedConnection, settle, ticketOf, type World } from './conversation-world.js';
import { eventually } from './live-sockets.js';

export const MINUTE = 60_000;

/** Every day closed, or every day open (all day): the same whatever the server's time zone. */
export const alwaysClosed: QueueSchedule[] = DEFAULT_QUEUE_SCHEDULES.map((d) => ({ ...d, startTime: '', endTime: '' }));
export const alwaysOpen: QueueSchedule[] = DEFAULT_QUEUE_SCHEDULES.map((d) => ({ ...d, startTime: '00:00', endTime: '23:59' }));

let colors = 0;
export async function queueWith(w: World, name: string, fields: Record<string, unknown> = {}): Promise<number> {
  const color = `#${(0x102030 + ++colors * 7919).toString(16).slice(-6)}`;
  const res = await w.admin.post('/api/queue', { name, color, ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

/** An option of a queue's tree; answers its id. */
export async function optionOf(w: World, queueId: number, fields: { title: string; message?: string; option?: string; parentId?: number }): Promise<number> {
  const res = await w.admin.post('/api/queue-options', { queueId, ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

/** A paired simulator connection with these queues and bot fields. */
export async function connectionWith(w: World, queueIds: number[], fields: Record<string, unknown> = {}): Promise<number> {
  const id = await pairedConnection(w, queueIds);
  if (Object.keys(fields).length) {
    const res = await w.admin.put(`/api/whatsapp/${id}`, fields);
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

/** A customer of one connection: writes (waiting until it is stored and answered) and reads. */
export function customer(w: World, whatsappId: number, from: string, name = 'Carla Dias') {
  return {
    from,
    async writes(body: string) {
      const { id } = w.network.customerSends({ connectionId: whatsappId, from, body, name });
      await eventually(async () => expect(await w.t.database.db.selectFrom('messages').select('id').where('providerMessageId', '=', id).executeTakeFirst()).toBeDefined());
      await settle(w);
      return id;
    },
    /** What the business's phone sent this customer, oldest first. */
    received: () => w.network.conversation(whatsappId, from).filter((e) => e.direction === 'out').map((e) => e.body),
    ticket: async () => (await ticketOf(w, whatsappId, from))!,
    async cycle() {
      const ticket = await ticketOf(w, whatsappId, from);
      return w.t.database.db.selectFrom('ticketCycles').selectAll().where('id', '=', ticket!.currentCycleId!).executeTakeFirstOrThrow();
    },
    async automated() {
      const ticket = await ticketOf(w, whatsappId, from);
      return (await messagesOf(w, ticket!.id)).filter((m) => m.automated);
    },
  };
}
