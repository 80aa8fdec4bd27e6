import {
  heldSecretKey,
  type Connection, type ConnectionProvider, type ConnectionSessionEvent, type ConnectionStatus, type ConnectionSummary, type ProviderConfigSpec, type QueueRef,
} from '@atende/contract';
import { DEFINITIONS, findProviderDefinition, type ProviderDefinition } from '../../channels/whatsapp/registry.js';
import type { Database } from '../../db/database.js';
import type { WhatsappRow } from '../../db/schema.js';
import { queuesOfConnections } from './connections.repository.js';

/** The settings a connection's provider keeps in providerConfig (none for QR-paired providers). */
export const configSpecOf = (provider: string): ProviderConfigSpec | undefined => findProviderDefinition(provider)?.config;

/** Payload fields that carry some provider's settings (`cloud`). */
export const PROVIDER_CONFIG_FIELDS: ReadonlySet<string> = new Set(DEFINITIONS.flatMap((d) => (d.config ? [d.config.field] : [])));

/**
 * A provider's settings as admins see them: plain settings as stored, each secret only as whether
 * it is held (`hasAccessToken`), and the path the provider's routes answer this connection at.
 */
function presentProviderConfig(definition: ProviderDefinition, spec: ProviderConfigSpec, row: WhatsappRow): Record<string, unknown> {
  const config = row.providerConfig ?? {};
  const shown: Record<string, unknown> = {};
  for (const name of spec.fields) {
    if (spec.secrets.includes(name)) shown[heldSecretKey(name)] = Boolean(config[name]);
    else shown[name] = config[name] ?? '';
  }
  if (definition.routes) shown.webhookPath = definition.routes.pathOf(row.id);
  return shown;
}

/** The full shape, for admins: QR, pairing code, token and the provider's non-secret settings. */
export function presentConnection(row: WhatsappRow, queues: QueueRef[]): Connection {
  const connection: Connection = {
    ...summaryOf(row, queues),
    qrcode: row.qrcode,
    token: row.token,
  };
  if (row.pairingCode) connection.pairingCode = row.pairingCode;
  const definition = findProviderDefinition(row.provider);
  if (definition?.config) {
    Object.assign(connection, { [definition.config.field]: presentProviderConfig(definition, definition.config, row) });
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
    integrationId: row.integrationId,
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
