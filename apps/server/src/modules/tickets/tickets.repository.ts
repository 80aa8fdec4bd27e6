import { sql, type Insertable, type Updateable } from 'kysely';
import type { OpenTicketHolder } from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { TicketCyclesTable, TicketRow, TicketsTable } from '../../db/schema-conversations.js';

export interface TagRef {
  id: number;
  name: string;
  color: string;
}

/** The list's order: unread first, then the newest conversation; id keeps pages stable. */
export const LIST_ORDER = sql`(tickets.unread_messages > 0) desc, tickets.last_message_at desc, tickets.id desc`;

/**
 * A ticket with everything the list and the ticket screen show, in one query: contact, owner,
 * queue, connection and tags (never a query per row).
 */
export function ticketViews(db: Database, companyId: number) {
  return db
    .selectFrom('tickets')
    .innerJoin('contacts', 'contacts.id', 'tickets.contactId')
    .leftJoin('users', 'users.id', 'tickets.userId')
    .leftJoin('queues', 'queues.id', 'tickets.queueId')
    .leftJoin('whatsapps', 'whatsapps.id', 'tickets.whatsappId')
    .where('tickets.companyId', '=', companyId)
    .selectAll('tickets')
    .select([
      'contacts.name as contactName',
      'contacts.number as contactNumber',
      'contacts.email as contactEmail',
      'contacts.profilePicUrl as contactProfilePicUrl',
      'contacts.isGroup as contactIsGroup',
      'users.name as userName',
      'queues.name as queueName',
      'queues.color as queueColor',
      'whatsapps.name as whatsappName',
      sql<TagRef[]>`coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) order by t.name, t.id)
        from ticket_tags tt join tags t on t.id = tt.tag_id where tt.ticket_id = tickets.id), '[]'::json)`.as('tags'),
    ]);
}

export type TicketView = Awaited<ReturnType<ReturnType<typeof ticketViews>['executeTakeFirstOrThrow']>>;

export function findTicketView(db: Database, companyId: number, ticketId: number) {
  return ticketViews(db, companyId).where('tickets.id', '=', ticketId).executeTakeFirst();
}

export function findTicketViewByUuid(db: Database, companyId: number, uuid: string) {
  return ticketViews(db, companyId).where('tickets.uuid', '=', uuid).executeTakeFirst();
}

export function findTicketByUuid(db: Database, companyId: number, uuid: string) {
  return db.selectFrom('tickets').selectAll().where('companyId', '=', companyId).where('uuid', '=', uuid).executeTakeFirst();
}

export function findTicket(db: Database, companyId: number, ticketId: number) {
  return db.selectFrom('tickets').selectAll().where('companyId', '=', companyId).where('id', '=', ticketId).executeTakeFirst();
}

/** The row locked until the caller's transaction ends: changes of one ticket run one at a time. */
export function lockTicket(db: Database, companyId: number, ticketId: number) {
  return db.selectFrom('tickets').selectAll().where('companyId', '=', companyId).where('id', '=', ticketId).forUpdate().executeTakeFirst();
}

/** The contact's ticket on a connection (there is at most one), locked. */
export function lockTicketOf(db: Database, companyId: number, contactId: number, whatsappId: number) {
  return db
    .selectFrom('tickets')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('contactId', '=', contactId)
    .where('whatsappId', '=', whatsappId)
    .forUpdate()
    .executeTakeFirst();
}

/** Inserts unless the contact already has a ticket on the connection (then undefined: lock and reuse that one). */
export function insertTicketIfAbsent(db: Database, values: Insertable<TicketsTable>) {
  return db.insertInto('tickets').values(values).onConflict((oc) => oc.doNothing()).returningAll().executeTakeFirst();
}

export function updateTicketRow(db: Database, companyId: number, ticketId: number, values: Updateable<TicketsTable>) {
  return db.updateTable('tickets').set(values).where('companyId', '=', companyId).where('id', '=', ticketId).returningAll().executeTakeFirstOrThrow();
}

export async function deleteTicketRow(db: Database, companyId: number, ticketId: number): Promise<boolean> {
  const result = await db.deleteFrom('tickets').where('companyId', '=', companyId).where('id', '=', ticketId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A new attendance of the ticket becomes its current cycle. */
export async function startCycle(db: Database, ticket: TicketRow, values: Omit<Insertable<TicketCyclesTable>, 'companyId' | 'ticketId' | 'contactId'>) {
  const cycle = await db
    .insertInto('ticketCycles')
    .values({ companyId: ticket.companyId, ticketId: ticket.id, contactId: ticket.contactId, ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
  return cycle;
}

export async function updateCycle(db: Database, companyId: number, cycleId: number | null, values: Updateable<TicketCyclesTable>) {
  if (cycleId === null) return;
  await db.updateTable('ticketCycles').set(values).where('companyId', '=', companyId).where('id', '=', cycleId).execute();
}

export async function queueIdsOfUser(db: Database, companyId: number, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('userQueues')
    .innerJoin('queues', 'queues.id', 'userQueues.queueId')
    .select('queues.id')
    .where('queues.companyId', '=', companyId)
    .where('userQueues.userId', '=', userId)
    .execute();
  return rows.map((r) => r.id);
}

/** Who holds a live ticket, for ERR_OTHER_OPEN_TICKET. */
export async function holderOf(db: Database, ticket: TicketRow): Promise<OpenTicketHolder> {
  const names = await db
    .selectFrom('tickets')
    .leftJoin('users', 'users.id', 'tickets.userId')
    .leftJoin('queues', 'queues.id', 'tickets.queueId')
    .select(['users.name as userName', 'queues.name as queueName'])
    .where('tickets.id', '=', ticket.id)
    .executeTakeFirst();
  return { ticketId: ticket.id, uuid: ticket.uuid, userId: ticket.userId, userName: names?.userName ?? null, queueName: names?.queueName ?? null };
}

export function findCompanyUser(db: Database, companyId: number, userId: number) {
  return db.selectFrom('users').select(['id', 'name', 'profile']).where('companyId', '=', companyId).where('id', '=', userId).executeTakeFirst();
}

export function findCompanyQueue(db: Database, companyId: number, queueId: number) {
  return db.selectFrom('queues').select(['id', 'name']).where('companyId', '=', companyId).where('id', '=', queueId).executeTakeFirst();
}

export async function isQueueMember(db: Database, userId: number, queueId: number): Promise<boolean> {
  const row = await db.selectFrom('userQueues').select('userId').where('userId', '=', userId).where('queueId', '=', queueId).executeTakeFirst();
  return Boolean(row);
}

/** The queues of a connection: with exactly one, its tickets go straight there. */
export async function queueIdsOfConnection(db: Database, whatsappId: number): Promise<number[]> {
  const rows = await db.selectFrom('whatsappQueues').select('queueId').where('whatsappId', '=', whatsappId).orderBy('queueId').execute();
  return rows.map((r) => r.queueId);
}
