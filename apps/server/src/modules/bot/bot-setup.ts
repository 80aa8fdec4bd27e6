/**
 * Everything the queue bot needs to answer one message of a ticket, read in a few queries: the
 * connection's bot fields, its queues in menu order with their option trees, the company's
 * working hours and the settings that shape the bot. Also the bot's memory on the ticket.
 */
import { sql } from 'kysely';
import type { CompanySchedule, SettingKey } from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { QueueScheduleEntry } from '../../db/schema.js';
import type { BotState, TicketRow } from '../../db/schema-conversations.js';

/**
 * The bot's memory on the ticket (tickets.bot_state, next to the rating flow's fields). It is
 * reset when an attendance starts (reopen), and `cycleId` tells which attendance it is about.
 */
export interface QueueBotState extends BotState {
  /** The attendance the bot greeted; another one means the bot has not begun with it. */
  cycleId?: number | null;
  /** When the last out-of-hours reply went out (ms). */
  outOfHoursAt?: number;
}

export interface BotOption {
  id: number;
  parentId: number | null;
  title: string;
  message: string;
  option: string;
}

export interface BotQueue {
  id: number;
  name: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  schedules: QueueScheduleEntry[];
  options: BotOption[];
}

export interface BotSetup {
  connection: { greetingMessage: string; outOfHoursMessage: string; maxUseBotQueues: number; timeUseBotQueues: number };
  /** The connection's queues in menu order (numbered ones first, then by name). */
  queues: BotQueue[];
  /** The ticket's queue, also when it is not one of the connection's (a transfer put it there). */
  ticketQueue: BotQueue | null;
  companySchedules: CompanySchedule[];
  scheduleType: string;
  /** sendGreetingMessageOneQueues: with a single queue, greet the customer anyway. */
  greetOneQueue: boolean;
}

export const stateOf = (ticket: TicketRow): QueueBotState => (ticket.botState ?? {}) as QueueBotState;

export async function loadBotSetup(db: Database, ticket: TicketRow, settings: Map<SettingKey, string>): Promise<BotSetup | null> {
  if (ticket.whatsappId === null) return null;
  const connection = await db
    .selectFrom('whatsapps')
    .select(['greetingMessage', 'outOfHoursMessage', 'maxUseBotQueues', 'timeUseBotQueues'])
    .where('companyId', '=', ticket.companyId)
    .where('id', '=', ticket.whatsappId)
    .executeTakeFirst();
  if (!connection) return null;
  const rows = await db
    .selectFrom('queues')
    .select(['queues.id', 'queues.name', 'queues.greetingMessage', 'queues.outOfHoursMessage', 'queues.schedules'])
    .select((eb) => eb.exists(eb.selectFrom('whatsappQueues').select('queueId').whereRef('queueId', '=', 'queues.id').where('whatsappId', '=', ticket.whatsappId)).as('onConnection'))
    .where('queues.companyId', '=', ticket.companyId)
    .where((eb) =>
      eb.or([
        eb('queues.id', 'in', eb.selectFrom('whatsappQueues').select('queueId').where('whatsappId', '=', ticket.whatsappId)),
        eb('queues.id', '=', ticket.queueId ?? 0),
      ]),
    )
    .orderBy(sql`queues.order_queue asc nulls last`)
    .orderBy('queues.name')
    .orderBy('queues.id')
    .execute();
  const queueIds = rows.map((q) => q.id);
  const options = queueIds.length
    ? await db.selectFrom('queueOptions').select(['id', 'queueId', 'parentId', 'title', 'message', 'option']).where('queueId', 'in', queueIds).execute()
    : [];
  const company = await db.selectFrom('companies').select('schedules').where('id', '=', ticket.companyId).executeTakeFirst();
  const all = rows.map(({ onConnection, ...q }) => ({
    queue: { ...q, schedules: q.schedules ?? [], options: options.filter((o) => o.queueId === q.id) },
    onConnection: Boolean(onConnection),
  }));
  return {
    connection,
    queues: all.filter((r) => r.onConnection).map((r) => r.queue),
    ticketQueue: all.find((r) => r.queue.id === ticket.queueId)?.queue ?? null,
    companySchedules: company?.schedules ?? [],
    scheduleType: settings.get('scheduleType') ?? 'disabled',
    greetOneQueue: settings.get('sendGreetingMessageOneQueues') === 'enabled',
  };
}
