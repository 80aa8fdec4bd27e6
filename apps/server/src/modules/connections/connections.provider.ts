/**
 * How a connection row becomes a provider session, and where that session's events go. The
 * registry is the only place that picks the provider; this file only fills in the request.
 */
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { ProviderSession, StatusEvent } from '../../channels/whatsapp/provider.js';
import type { ProviderRegistry } from '../../channels/whatsapp/registry.js';
import type { Database } from '../../db/database.js';
import type { MediaStore } from '../../platform/media.js';
import { databaseAuthStore, databaseSendLedger } from './connection-stores.js';
import type { ChannelEventHandler, ChannelSource } from './connections.events.js';
import type { ConnectionChanges, SessionRow } from './connections.leases.js';

export function createProviderSession(
  deps: { db: Database; media: MediaStore; registry: ProviderRegistry; log: FastifyBaseLogger },
  row: SessionRow,
  handler: () => ChannelEventHandler,
): ProviderSession {
  const source = { whatsappId: row.id, companyId: row.companyId };
  return deps.registry.create({
    provider: row.provider,
    connectionId: row.id,
    companyId: row.companyId,
    authStore: databaseAuthStore(deps.db, row.id),
    sendLedger: databaseSendLedger(deps.db, row.id),
    mediaSink: deps.media.sink,
    logger: deps.log.child({ whatsappId: row.id, companyId: row.companyId }),
    config: row.providerConfig ?? {},
    lastInboundAt: async (chatId) => handler().lastInboundAt?.(source, chatId) ?? null,
  });
}

/** Status events to `onStatus`, every inbound event to the current handler; answers the unsubscribers. */
export function wireSession(
  session: ProviderSession,
  source: Omit<ChannelSource, 'session' | 'provider'>,
  handler: () => ChannelEventHandler,
  onStatus: (event: StatusEvent) => Promise<void>,
): Array<() => void> {
  const from: ChannelSource = { ...source, provider: session.kind, session };
  return [
    session.on('status', onStatus),
    session.on('message', (event) => handler().message(from, event)),
    session.on('ack', (event) => handler().ack(from, event)),
    session.on('edit', (event) => handler().edit(from, event)),
    session.on('revoke', (event) => handler().revoke(from, event)),
    session.on('call', (event) => handler().call(from, event)),
    session.on('identity', (event) => handler().identity(from, event)),
    session.on('sendFailed', (event) => handler().sendFailed(from, event)),
  ];
}

/** What a status event changes on the connection row. */
export function statusChanges(event: StatusEvent): ConnectionChanges {
  return {
    status: event.status,
    qrcode: event.status === 'qrcode' ? (event.qrcode ?? '') : '',
    pairingCode: event.status === 'PAIRING' ? (event.pairingCode ?? '') : '',
    // A crash inside the provider counts as one more retry; otherwise the provider's own count.
    retries: event.reason === 'error' ? sql<number>`retries + 1` : event.retries,
    nextRetryAt: event.nextRetryAt ? new Date(event.nextRetryAt) : null,
    ...(event.number ? { number: event.number } : {}),
  };
}
