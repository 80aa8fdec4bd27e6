import {
  connectionInput, heldSecretKey, PROVIDER_CONFIG_SPECS, providerConfigSpecOf, V,
  type Connection, type ConnectionProvider, type ProviderConfigSpec, type ProviderSettingsField,
} from '@atende/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** Minutes and counts arrive from the inputs as text; the contract's schema coerces them. */
type NumberField = number | string;

/** A provider's settings as typed; its secrets are write-only (empty keeps the stored one). */
export type ProviderSettingsValues = Record<string, string>;

/** What the dialog edits: every field of a connection the contract has. */
export interface ConnectionFormValues extends Record<ProviderSettingsField, ProviderSettingsValues> {
  name: string;
  isDefault: boolean;
  provider: ConnectionProvider;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  queueIds: number[];
  transferQueueId: number | null;
  integrationId: number | null;
  timeToTransfer: NumberField;
  expiresTicket: NumberField;
  expiresInactiveMessage: string;
  timeUseBotQueues: NumberField;
  maxUseBotQueues: NumberField;
  /** The AI prompt that answers while a ticket has no queue yet, or none. */
  promptId: number | null;
}

export type ConnectionPayload = z.output<typeof connectionInput>;

export const CONNECTION_FORM_FIELDS = [
  'name', 'isDefault', 'provider', 'greetingMessage', 'complationMessage', 'outOfHoursMessage', 'ratingMessage',
  'queueIds', 'transferQueueId', 'integrationId', 'timeToTransfer', 'expiresTicket', 'expiresInactiveMessage', 'timeUseBotQueues',
  'maxUseBotQueues', 'promptId',
  ...PROVIDER_CONFIG_SPECS.flatMap((spec) => spec.fields.map((name) => `${spec.field}.${name}` as const)),
] as const;

/** What the server answers of a connection's provider settings: plain ones, and `has<Secret>` flags. */
export type StoredSettings = Record<string, unknown> | undefined;

export const storedSettingsOf = (connection: Connection | undefined, spec: ProviderConfigSpec | undefined): StoredSettings =>
  spec && connection ? ((connection as unknown as Record<string, StoredSettings>)[spec.field] ?? undefined) : undefined;

/** Every provider's settings, each field filled from the stored ones (never a secret: those are not answered). */
function settingsForm(connection?: Connection): Record<ProviderSettingsField, ProviderSettingsValues> {
  const entries = PROVIDER_CONFIG_SPECS.map((spec) => {
    const stored = storedSettingsOf(connection, spec) ?? {};
    const values = Object.fromEntries(spec.fields.map((name) => [name, spec.secrets.includes(name) ? '' : String(stored[name] ?? '')]));
    return [spec.field, values];
  });
  return Object.fromEntries(entries) as Record<ProviderSettingsField, ProviderSettingsValues>;
}

/** The contract's defaults (expiresTicket 0, timeUseBotQueues 0, maxUseBotQueues 3, provider beta). */
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
    integrationId: defaults.integrationId,
    timeToTransfer: defaults.timeToTransfer,
    expiresTicket: defaults.expiresTicket,
    expiresInactiveMessage: defaults.expiresInactiveMessage,
    timeUseBotQueues: defaults.timeUseBotQueues,
    maxUseBotQueues: defaults.maxUseBotQueues,
    promptId: defaults.promptId,
    ...settingsForm(),
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
    integrationId: connection.integrationId ?? null,
    timeToTransfer: connection.timeToTransfer ?? 0,
    expiresTicket: connection.expiresTicket ?? 0,
    expiresInactiveMessage: connection.expiresInactiveMessage ?? '',
    timeUseBotQueues: connection.timeUseBotQueues ?? 0,
    maxUseBotQueues: connection.maxUseBotQueues ?? 3,
    promptId: connection.promptId ?? null,
    ...settingsForm(connection),
  };
}

/**
 * The contract's schema, plus what the server would refuse anyway: the settings the chosen provider
 * requires (a Cloud connection's phone number id, access token and app secret), a secret the
 * server already holds counting as given. `stored` is what the server answered of the connection.
 */
export function connectionFormResolver(stored: Connection | undefined): Resolver<ConnectionFormValues, unknown, ConnectionPayload> {
  const schema = connectionInput.superRefine((value, ctx) => {
    const spec = providerConfigSpecOf(value.provider);
    if (!spec) return;
    const typed = ((value as Record<string, unknown>)[spec.field] ?? {}) as ProviderSettingsValues;
    const held = storedSettingsOf(stored, spec) ?? {};
    for (const name of spec.required) {
      const given = Boolean(typed[name]) || (spec.secrets.includes(name) && Boolean(held[heldSecretKey(name)]));
      if (!given) ctx.addIssue({ code: 'custom', path: [spec.field, name], message: V.required });
    }
  });
  return zodResolver(schema) as unknown as Resolver<ConnectionFormValues, unknown, ConnectionPayload>;
}

export type ConnectionSave = ConnectionPayload;

/**
 * What goes to the server: the chosen provider's settings only, its required plain settings always
 * and any other only when typed (an empty field keeps the stored secret).
 */
export function connectionPayload(values: ConnectionPayload): ConnectionSave {
  const all = values;
  const rest = Object.fromEntries(Object.entries(all).filter(([key]) => !PROVIDER_CONFIG_SPECS.some((spec) => spec.field === key))) as ConnectionSave;
  const spec = providerConfigSpecOf(rest.provider);
  const typed = spec && ((all as Record<string, unknown>)[spec.field] as ProviderSettingsValues | undefined);
  if (!spec || !typed) return rest;
  const always = spec.required.filter((name) => !spec.secrets.includes(name));
  const sent = Object.fromEntries(Object.entries(typed).filter(([name, value]) => always.includes(name) || (value !== undefined && value !== '')));
  return { ...rest, [spec.field]: sent };
}
