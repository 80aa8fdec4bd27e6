import type { Database } from '../../db/database.js';

/**
 * The connection a token belongs to, with its company's standing and the plan flag: the only
 * lookup not scoped by a company, since the token is what names the company (unique index).
 */
export function findConnectionByToken(db: Database, token: string) {
  return db
    .selectFrom('whatsapps as w')
    .innerJoin('companies as c', 'c.id', 'w.companyId')
    .innerJoin('plans as p', 'p.id', 'c.planId')
    .select(['w.id', 'w.companyId', 'w.status', 'c.status as companyStatus', 'c.dueDate as companyDueDate', 'p.useExternalApi'])
    .where('w.token', '=', token)
    .executeTakeFirst();
}
export type TokenConnection = NonNullable<Awaited<ReturnType<typeof findConnectionByToken>>>;

/** The messages a send stored under these keys (one per file, or one text), in order. */
export function messagesByKeys(db: Database, companyId: number, keys: string[]) {
  return db
    .selectFrom('messages')
    .innerJoin('contacts', 'contacts.id', 'messages.contactId')
    .selectAll('messages')
    .select('contacts.number as contactNumber')
    .where('messages.companyId', '=', companyId)
    .where('messages.idempotencyKey', 'in', keys)
    .orderBy('messages.id')
    .execute();
}

export function userOfCompany(db: Database, companyId: number, userId: number) {
  return db.selectFrom('users').select('id').where('companyId', '=', companyId).where('id', '=', userId).executeTakeFirst();
}

export function queueOfCompany(db: Database, companyId: number, queueId: number) {
  return db.selectFrom('queues').select('id').where('companyId', '=', companyId).where('id', '=', queueId).executeTakeFirst();
}

/** Closes the ticket and finishes its attendance (the API's closeTicket): no completion message, the caller's own message ends it. */
export async function closeTicketRow(trx: Database, companyId: number, ticketId: number, cycleId: number | null, now: Date) {
  if (cycleId !== null) {
    await trx.updateTable('ticketCycles').set({ finishedAt: now }).where('companyId', '=', companyId).where('id', '=', cycleId).where('finishedAt', 'is', null).execute();
  }
  return trx
    .updateTable('tickets')
    .set({ status: 'closed', chatbot: false, unreadMessages: 0, botState: JSON.stringify({}), updatedAt: now })
    .where('companyId', '=', companyId)
    .where('id', '=', ticketId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
