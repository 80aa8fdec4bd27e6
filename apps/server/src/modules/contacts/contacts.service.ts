import { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  CONTACT_PICKER_LIMIT,
  PAGE_SIZE,
  V,
  type Contact,
  type ContactEventPayload,
  type ContactImportResult,
  type ContactListItem,
  type Paged,
  type contactInput,
  type contactListQuery,
} from '@atende/contract';
import { canonicalNumber, isPlausibleNumber } from '../../channels/whatsapp/numbers.js';
import { isWhatsAppError, type ProviderSession } from '../../channels/whatsapp/provider.js';
import type { Actor } from '../../platform/actor.js';
import { addDays } from '../../platform/clock.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, conflict, isUniqueViolation, notFound } from '../../platform/errors.js';
import { defaultConnectionRow } from '../connections/connections.repository.js';
import { announceTicketDeleted, ticketAudience } from '../tickets/tickets.audience.js';
import { CSV_BOM, CSV_HEADER, csvLine, presentContacts, presentOneContact } from './contacts.presenter.js';
import * as repo from './contacts.repository.js';

type ContactFields = z.output<typeof contactInput>;
type ContactQuery = z.output<typeof contactListQuery>;

const noContact = () => notFound('ERR_NO_CONTACT_FOUND');
const invalidNumber = () => new AppError('ERR_VALIDATION', 400, { fields: { number: V.invalid } });

/** To the company's members, and to its webhooks (a bulk 'reload' names no contact: they hear nothing). */
export function announceContact(ctx: AppContext, companyId: number, payload: ContactEventPayload) {
  ctx.live.toCompany(companyId, 'contact', payload);
  if (payload.action === 'delete') ctx.webhooks.publish(companyId, 'contact.deleted', { contactId: payload.contactId });
  else if (payload.action !== 'reload') ctx.webhooks.publish(companyId, payload.action === 'create' ? 'contact.created' : 'contact.updated', payload.contact);
}

/**
 * The one form a number is stored in: digits, country code first, Brazilian ninth
 * digit present. '+55 (11) 8765-4321', '5511987654321' and '55 11 98765 4321' are one contact.
 */
export function storedNumber(typed: string): string {
  const number = canonicalNumber(typed);
  if (!isPlausibleNumber(number)) throw invalidNumber();
  return number;
}

/** The unique index on (company, number) decides, so two concurrent saves cannot both pass. */
function storageError(error: unknown) {
  if (isUniqueViolation(error, 'contacts_company_number_unique')) return conflict('ERR_DUPLICATED_CONTACT');
  return error;
}

/** Creation-day filters as time bounds (UTC days; dateStart and dateEnd inclusive). */
function creationBounds(query: ContactQuery): { from?: Date; to?: Date } {
  const starts = [query.date, query.dateStart].filter(Boolean).map((d) => new Date(`${d}T00:00:00Z`));
  const ends = [query.date, query.dateEnd].filter(Boolean).map((d) => addDays(new Date(`${d}T00:00:00Z`), 1));
  return {
    from: starts.length ? new Date(Math.max(...starts.map(Number))) : undefined,
    to: ends.length ? new Date(Math.min(...ends.map(Number))) : undefined,
  };
}

export async function listContactsPage(ctx: AppContext, actor: Actor, query: ContactQuery): Promise<Paged<'contacts', Contact>> {
  const limit = PAGE_SIZE.contacts;
  const offset = (query.pageNumber - 1) * limit;
  const filter = { search: query.searchParam, ...creationBounds(query) };
  const { rows, count } = await repo.pageOfContacts(ctx.db, actor.companyId, filter, { limit, offset });
  return { contacts: await presentContacts(ctx.db, rows), count, hasMore: offset + rows.length < count };
}

export async function pickContacts(ctx: AppContext, actor: Actor, search: string): Promise<ContactListItem[]> {
  return repo.pickContacts(ctx.db, actor.companyId, search, CONTACT_PICKER_LIMIT);
}

export async function showContact(ctx: AppContext, actor: Actor, contactId: number): Promise<Contact> {
  const row = await repo.findContact(ctx.db, actor.companyId, contactId);
  if (!row) throw noContact();
  return presentOneContact(ctx.db, row);
}

export async function createContact(ctx: AppContext, actor: Actor, input: ContactFields): Promise<Contact> {
  const number = storedNumber(input.number);
  const row = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const created = await repo.insertContact(trx, actor.companyId, { name: input.name, number, email: input.email, active: input.active });
      await repo.replaceExtraInfo(trx, created.id, input.extraInfo);
      return created;
    })
    .catch((error) => {
      throw storageError(error);
    });
  const contact = await presentOneContact(ctx.db, row);
  announceContact(ctx, actor.companyId, { action: 'create', contact });
  return contact;
}

/** Fields not sent keep their value; extraInfo, when sent, becomes exactly the list sent. */
export async function updateContact(ctx: AppContext, actor: Actor, contactId: number, input: Partial<ContactFields>): Promise<Contact> {
  const number = input.number === undefined ? undefined : storedNumber(input.number);
  const row = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const updated = await repo.updateContactRow(trx, actor.companyId, contactId, {
        name: input.name,
        number,
        email: input.email,
        active: input.active,
        updatedAt: ctx.clock.now(),
      });
      if (!updated) throw noContact();
      if (input.extraInfo) await repo.replaceExtraInfo(trx, contactId, input.extraInfo);
      return updated;
    })
    .catch((error) => {
      throw storageError(error);
    });
  const contact = await presentOneContact(ctx.db, row);
  announceContact(ctx, actor.companyId, { action: 'update', contact });
  return contact;
}

/** The contact's tickets, messages and notes go with it; open ticket lists drop its tickets. */
export async function deleteContact(ctx: AppContext, actor: Actor, contactId: number): Promise<void> {
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const tickets = await repo.ticketsOfContact(trx, actor.companyId, contactId);
    // Who could see each ticket, taken before the rows go.
    const audiences = await Promise.all(tickets.map(async (ticket) => ({ ticketId: ticket.id, audience: await ticketAudience(trx, ticket) })));
    if (!(await repo.deleteContactRow(trx, actor.companyId, contactId))) throw noContact();
    return audiences;
  });
  announceContact(ctx, actor.companyId, { action: 'delete', contactId });
  for (const { ticketId, audience } of deleted) announceTicketDeleted(ctx, actor.companyId, ticketId, audience);
}

/** One line per contact, name;number;email, streamed in pages so a large address book never sits in memory. */
export function exportContacts(ctx: AppContext, actor: Actor): Readable {
  const batch = 1000;
  async function* lines() {
    yield CSV_BOM + CSV_HEADER;
    let after: { name: string; id: number } | null = null;
    for (;;) {
      const rows = await repo.contactsAfter(ctx.db, actor.companyId, after, batch);
      if (rows.length) yield rows.map(csvLine).join('');
      if (rows.length < batch) return;
      const last = rows[rows.length - 1];
      after = { name: last.name, id: last.id };
    }
  }
  return Readable.from(lines());
}

/**
 * A provider able to read the phone's address book. None of today's providers can (Baileys only
 * learns contacts as chats sync, the Cloud API has no address book, the simulator none): for them
 * the import answers `{ imported: 0 }`. A provider gains the import by implementing this method.
 */
export interface AddressBook {
  listContacts(): Promise<Array<{ number: string; name?: string }>>;
}

function hasAddressBook(session: ProviderSession): session is ProviderSession & AddressBook {
  return typeof (session as Partial<AddressBook>).listContacts === 'function';
}

/**
 * POST /contacts/import: adds every contact the company's default connection knows and the
 * company does not have yet (numbers canonical; existing contacts are left as they are).
 */
export async function importContacts(ctx: AppContext, actor: Actor): Promise<ContactImportResult> {
  const connection = await defaultConnectionRow(ctx.db, actor.companyId);
  if (!connection) throw notFound('ERR_NO_DEF_WAPP_FOUND');
  const session = ctx.sessions.session(connection.id);
  if (!session) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
  if (!hasAddressBook(session)) return { imported: 0 };
  const listed = await session.listContacts().catch((error) => {
    throw isWhatsAppError(error) ? new AppError(error.code, 400) : error;
  });
  const byNumber = new Map<string, { name: string; number: string }>();
  for (const entry of listed) {
    const number = canonicalNumber(entry.number);
    if (!isPlausibleNumber(number) || byNumber.has(number)) continue;
    byNumber.set(number, { number, name: entry.name?.trim().slice(0, 100) || number });
  }
  const imported = await repo.insertMissingContacts(ctx.db, actor.companyId, [...byNumber.values()]);
  if (imported > 0) announceContact(ctx, actor.companyId, { action: 'reload' });
  return { imported };
}
