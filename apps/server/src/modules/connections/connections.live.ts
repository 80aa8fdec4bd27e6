import { rooms, type ConnectionEvent } from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { WhatsappRow } from '../../db/schema.js';
import type { LiveChannel } from '../../platform/live.js';
import { queuesOfConnections } from './connections.repository.js';
import { sessionEventOf, summaryOf } from './connections.presenter.js';

/**
 * Live events of connections, always inside the row's company:
 * - `company-{id}-whatsapp` to the company room, without QR, token or credentials;
 * - `company-{id}-whatsappSession` to the company's admins only: the QR pairs a phone to the
 *   company, agents must never receive it.
 */
export async function announceConnection(live: LiveChannel, db: Database, action: 'create' | 'update', row: WhatsappRow): Promise<void> {
  const queues = (await queuesOfConnections(db, row.companyId, [row.id])).get(row.id) ?? [];
  const payload: ConnectionEvent = { action, whatsapp: summaryOf(row, queues), whatsappId: row.id };
  live.toCompany(row.companyId, 'whatsapp', payload);
}

export function announceDeleted(live: LiveChannel, companyId: number, whatsappId: number): void {
  const payload: ConnectionEvent = { action: 'delete', whatsappId };
  live.toCompany(companyId, 'whatsapp', payload);
}

/** A status change: the session event to admins, and the connection's summary to everyone. */
export async function announceSession(live: LiveChannel, db: Database, row: WhatsappRow): Promise<void> {
  live.toRoom(rooms.admins(row.companyId), row.companyId, 'whatsappSession', sessionEventOf(row));
  await announceConnection(live, db, 'update', row);
}
