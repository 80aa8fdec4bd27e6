import type { Database } from '../db/database.js';
import type { TicketStatus } from '../db/schema-conversations.js';

/**
 * Rows of the conversation engine written straight to the database, for tests of the features
 * around tickets (tags, notes, contacts) that must not depend on the inbound pipeline.
 */
let counter = 0;

export async function insertContactRow(db: Database, companyId: number, fields: { name?: string; number?: string; email?: string } = {}) {
  counter += 1;
  return db
    .insertInto('contacts')
    .values({
      companyId,
      name: fields.name ?? `Contact ${counter}`,
      number: fields.number ?? `55119${String(70_000_000 + counter * 7919).padStart(8, '0')}`,
      email: fields.email ?? '',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertTicketRow(
  db: Database,
  companyId: number,
  fields: { contactId?: number; queueId?: number | null; userId?: number | null; whatsappId?: number | null; status?: TicketStatus; lastMessage?: string } = {},
) {
  const contactId = fields.contactId ?? (await insertContactRow(db, companyId)).id;
  return db
    .insertInto('tickets')
    .values({
      companyId,
      contactId,
      queueId: fields.queueId ?? null,
      userId: fields.userId ?? null,
      whatsappId: fields.whatsappId ?? null,
      status: fields.status ?? 'open',
      lastMessage: fields.lastMessage ?? '',
      botState: '{}',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
