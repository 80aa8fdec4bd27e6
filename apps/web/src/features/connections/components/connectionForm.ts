import { connectionInput, V, type Connection, type ConnectionProvider } from '@atende/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** Minutes and counts arrive from the inputs as text; the contract's schema coerces them. */
type NumberField = number | string;

export interface CloudFormValues {
  phoneNumberId: string;
  /** Write-only secrets: empty keeps the stored one. */
  accessToken: string;
  appSecret: string;
  verifyToken: string;
}

/** What the dialog edits: every field of spec admin §3 the contract has, except the prompt. */
export interface ConnectionFormValues {
  name: string;
  isDefault: boolean;
  provider: ConnectionProvider;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  queueIds: number[];
  transferQueueId: number | null;
  timeToTransfer: NumberField;
  expiresTicket: NumberField;
  expiresInactiveMessage: string;
  timeUseBotQueues: NumberField;
  maxUseBotQueues: NumberField;
  cloud: CloudFormValues;
}

export type ConnectionPayload = z.output<typeof connectionInput>;

export const CONNECTION_FORM_FIELDS = [
  'name', 'isDefault', 'provider', 'greetingMessage', 'complationMessage', 'outOfHoursMessage', 'ratingMessage',
  'queueIds', 'transferQueueId', 'timeToTransfer', 'expiresTicket', 'expiresInactiveMessage', 'timeUseBotQueues',
  'maxUseBotQueues', 'cloud.phoneNumberId', 'cloud.accessToken', 'cloud.appSecret', 'cloud.verifyToken',
] as const;

const emptyCloud: CloudFormValues = { phoneNumberId: '', accessToken: '', appSecret: '', verifyToken: '' };

/** The contract's defaults (spec admin §9: expiresTicket 0, timeUseBotQueues 0, maxUseBotQueues 3, provider beta). */
export function emptyConnectionForm(): ConnectionFormValues {
  // Parsing a bare valid name yields every default the contract declares, so the two never drift.
  const defaults = connectionInput.parse({ name: 'xx' });
  return {
    name: '',
    isDefault: defaults.isDefault,
    provider: defaults.provider,
    greetingMessage: defaults.greetingMessage,
    complationMessage: defaults.complationMessage,
    outOfHoursMessage: defaults.outOfHoursMessage,
    ratingMessage: defaults.ratingMessage,
    queueIds: defaults.queueIds,
    transferQueueId: defaults.transferQueueId,
    timeToTransfer: defaults.timeToTransfer,
    expiresTicket: defaults.expiresTicket,
    expiresInactiveMessage: defaults.expiresInactiveMessage,
    timeUseBotQueues: defaults.timeUseBotQueues,
    maxUseBotQueues: defaults.maxUseBotQueues,
    cloud: emptyCloud,
  };
}

export function connectionToForm(connection: Connection): ConnectionFormValues {
  return {
    name: connection.name,
    isDefault: connection.isDefault,
    provider: connection.provider,
    greetingMessage: connection.greetingMessage ?? '',
    complationMessage: connection.complationMessage ?? '',
    outOfHoursMessage: connection.outOfHoursMessage ?? '',
    ratingMessage: connection.ratingMessage ?? '',
    queueIds: (connection.queues ?? []).map((queue) => queue.id),
    transferQueueId: connection.transferQueueId ?? null,
    timeToTransfer: connection.timeToTransfer ?? 0,
    expiresTicket: connection.expiresTicket ?? 0,
    expiresInactiveMessage: connection.expiresInactiveMessage ?? '',
    timeUseBotQueues: connection.timeUseBotQueues ?? 0,
    maxUseBotQueues: connection.maxUseBotQueues ?? 3,
    cloud: {
      ...emptyCloud,
      phoneNumberId: connection.cloud?.phoneNumberId ?? '',
      verifyToken: connection.cloud?.verifyToken ?? '',
    },
  };
}

/** Which Cloud secrets the server already holds (they are never sent back). */
export interface StoredSecrets {
  accessToken: boolean;
  appSecret: boolean;
}

/**
 * The contract's schema, plus what the server would refuse anyway: a Cloud connection needs its
 * phone number id, access token and app secret, unless the secrets are already stored.
 */
export function connectionFormResolver(stored: StoredSecrets): Resolver<ConnectionFormValues, unknown, ConnectionPayload> {
  const schema = connectionInput.superRefine((value, ctx) => {
    if (value.provider !== 'cloud') return;
    const cloud = value.cloud ?? { phoneNumberId: '' };
    const missing = (field: keyof CloudFormValues) => ctx.addIssue({ code: 'custom', path: ['cloud', field], message: V.required });
    if (!cloud.phoneNumberId) missing('phoneNumberId');
    if (!cloud.accessToken && !stored.accessToken) missing('accessToken');
    if (!cloud.appSecret && !stored.appSecret) missing('appSecret');
  });
  return zodResolver(schema) as unknown as Resolver<ConnectionFormValues, unknown, ConnectionPayload>;
}

export type ConnectionSave = Omit<ConnectionPayload, 'promptId'>;

/**
 * What goes to the server: Cloud settings only for a Cloud connection, and a secret only when one
 * was typed (an empty field keeps the stored secret). The prompt is not edited here (no prompts
 * page yet), so it is left out and an edit keeps it.
 */
export function connectionPayload(values: ConnectionPayload): ConnectionSave {
  const { cloud, promptId: _prompt, ...rest } = values;
  if (rest.provider !== 'cloud' || !cloud) return rest;
  const sent = Object.fromEntries(Object.entries(cloud).filter(([, value]) => value !== undefined && value !== ''));
  return { ...rest, cloud: { phoneNumberId: cloud.phoneNumberId, ...sent } };
}
