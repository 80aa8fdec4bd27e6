import type { Database } from '../../db/database.js';
import { identityOfChat } from './inbound.contacts.js';
import type { InboundSource } from './inbound.store.js';

/** The ticket of a chat on a connection, if its contact exists. */
export async function ticketOfChat(db: Database, source: InboundSource, chatId: string) {
  const id = identityOfChat(chatId, {});
  if (!id) return undefined;
  return db
    .selectFrom('tickets')
    .innerJoin('contacts', 'contacts.id', 'tickets.contactId')
    .selectAll('tickets')
    .where('tickets.companyId', '=', source.companyId)
    .where('tickets.whatsappId', '=', source.whatsappId)
    .where((eb) => (id.number ? eb('contacts.number', '=', id.number) : eb('contacts.lid', '=', id.lid ?? '')))
    .executeTakeFirst();
}

/** Cloud's 24-hour window: when the customer last wrote on this connection (ms). */
export async function lastInboundOf(db: Database, source: InboundSource, chatId: string): Promise<number | null> {
  const ticket = await ticketOfChat(db, source, chatId);
  return ticket?.lastInboundAt ? new Date(ticket.lastInboundAt).getTime() : null;
}
