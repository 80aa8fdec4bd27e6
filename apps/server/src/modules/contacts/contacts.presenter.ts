import type { Contact } from '@atende/contract';
import type { Database } from '../../db/database.js';
import { extraInfoOf, type ContactRow, type ExtraInfoRow } from './contacts.repository.js';

export function presentContact(row: ContactRow, extraInfo: ExtraInfoRow[], connectionName?: string): Contact {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    email: row.email,
    profilePicUrl: row.profilePicUrl,
    isGroup: row.isGroup,
    lid: row.lid,
    extraInfo: extraInfo.map(({ id, name, value }) => ({ id, name, value })),
    whatsappId: row.whatsappId,
    whatsapp: row.whatsappId && connectionName !== undefined ? { id: row.whatsappId, name: connectionName } : null,
    active: row.active,
    companyId: row.companyId,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** Contacts with their extra info and connection, in the order given (three queries for any number of rows). */
export async function presentContacts(db: Database, rows: ContactRow[]): Promise<Contact[]> {
  const connectionIds = [...new Set(rows.map((r) => r.whatsappId).filter((id): id is number => id !== null))];
  const [extra, connections] = await Promise.all([
    extraInfoOf(db, rows.map((r) => r.id)),
    connectionIds.length ? db.selectFrom('whatsapps').select(['id', 'name']).where('id', 'in', connectionIds).execute() : [],
  ]);
  const names = new Map(connections.map((c) => [c.id, c.name]));
  return rows.map((row) => presentContact(row, extra.get(row.id) ?? [], row.whatsappId ? names.get(row.whatsappId) : undefined));
}

export async function presentOneContact(db: Database, row: ContactRow): Promise<Contact> {
  const [contact] = await presentContacts(db, [row]);
  return contact;
}

/** CSV with ';' between fields. UTF-8 with a byte order mark so spreadsheets read accents. */
export const CSV_BOM = '\uFEFF';
export const CSV_HEADER = 'name;number;email\r\n';

/**
 * One CSV field: quoted when it holds the separator, a quote or a line break. A value a
 * spreadsheet would run as a formula (= + - @ first) gets a leading apostrophe (CSV injection).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(contact: { name: string; number: string; email: string }): string {
  return `${[contact.name, contact.number, contact.email].map(csvField).join(';')}\r\n`;
}
