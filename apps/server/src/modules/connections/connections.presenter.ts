import type { Connection, ConnectionProvider, ConnectionSessionEvent, ConnectionStatus, ConnectionSummary, QueueRef } from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { WhatsappRow } from '../../db/schema.js';
import { queuesOfConnections } from './connections.repository.js';

export const webhookPathOf = (whatsappId: number) => `/api/webhooks/whatsapp-cloud/${whatsappId}`;

/** The full shape, for admins: QR, pairing code, token and the non-secret Cloud settings. */
export function presentConnection(row: WhatsappRow, queues: QueueRef[]): Connection {
  const connection: Connection = {
    ...summaryOf(row, queues),
    qrcode: row.qrcode,
    token: row.token,
  };
  if (row.pairingCode) connection.pairingCode = row.pairingCode;
  if (row.provider === 'cloud') {
    const config = row.providerConfig ?? {};
    connection.cloud = {
      phoneNumberId: config.phoneNumberId ?? '',
      webhookPath: webhookPathOf(row.id),
      hasAccessToken: Boolean(config.accessToken),
      hasAppSecret: Boolean(config.appSecret),
      verifyToken: config.verifyToken ?? '',
    };
  }
  return connection;
}

/** What every user of the company may see: never the QR, the token or credentials. */
export function summaryOf(row: WhatsappRow, queues: QueueRef[]): ConnectionSummary {
  return {
    id: row.id,
    name: row.name,
    isDefault: row.isDefault,
    provider: row.provider as ConnectionProvider,
    status: row.status as ConnectionStatus,
    retries: row.retries,
    nextRetryAt: row.nextRetryAt ? new Date(row.nextRetryAt).toISOString() : null,
    number: row.number,
    greetingMessage: row.greetingMessage,
    complationMessage: row.complationMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    ratingMessage: row.ratingMessage,
    queues,
    transferQueueId: row.transferQueueId,
    promptId: row.promptId,
    timeToTransfer: row.timeToTransfer,
    expiresTicket: row.expiresTicket,
    expiresInactiveMessage: row.expiresInactiveMessage,
    timeUseBotQueues: row.timeUseBotQueues,
    maxUseBotQueues: row.maxUseBotQueues,
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** Rows with their queues, full or summary (two queries for any number of rows). */
export async function presentConnections(db: Database, companyId: number, rows: WhatsappRow[], full: boolean) {
  const queues = await queuesOfConnections(db, companyId, rows.map((r) => r.id));
  return rows.map((row) => (full ? presentConnection(row, queues.get(row.id) ?? []) : summaryOf(row, queues.get(row.id) ?? [])));
}

/** `company-{id}-whatsappSession` payload (admins only). */
export function sessionEventOf(row: WhatsappRow): ConnectionSessionEvent {
  return {
    action: 'update',
    session: {
      id: row.id,
      status: row.status as ConnectionStatus,
      qrcode: row.qrcode,
      retries: row.retries,
      nextRetryAt: row.nextRetryAt ? new Date(row.nextRetryAt).toISOString() : null,
      updatedAt: new Date(row.updatedAt).toISOString(),
      ...(row.pairingCode ? { pairingCode: row.pairingCode } : {}),
    },
  };
}
