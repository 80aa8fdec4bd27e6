import { z } from 'zod';

/** `provider` values: 'beta' (WhatsApp Web, the default), 'cloud' (official Cloud API), 'simulator' (demo/tests only). */
export const CONNECTION_PROVIDERS = ['beta', 'cloud', 'simulator'] as const;
export type ConnectionProvider = (typeof CONNECTION_PROVIDERS)[number];

/**
 * The settings a provider keeps on its connection (`providerConfig`), as the dialog sends them
 * under `field` and the server stores them. Secrets are write-only: never answered (only whether
 * one is held, as `has<Name>`), and a blank value sent keeps the stored one.
 */
export interface ProviderConfigSpec<Name extends string = string, Field extends string = string> {
  /** The field of the connection payload that carries these settings. */
  field: Field;
  schema: z.ZodObject<Record<Name, z.ZodType<string | undefined>>>;
  /** In the order the dialog shows them. */
  fields: readonly Name[];
  secrets: readonly Name[];
  /** A session cannot start without these (a stored secret counts). */
  required: readonly Name[];
  /** Made by the server (an unguessable value) when none is stored. */
  generated: readonly Name[];
  /** The provider calls this server at a path of the connection's own (answered once saved, for the admin to copy). */
  webhook: boolean;
}

/** Cloud API credentials; secrets are write-only (answered masked). */
export const cloudConfigInput = z.object({
  phoneNumberId: z.string().trim().max(64).optional().default(''),
  accessToken: z.string().trim().max(1000).optional(),
  appSecret: z.string().trim().max(200).optional(),
  verifyToken: z.string().trim().max(200).optional(),
});

export const CLOUD_CONFIG: ProviderConfigSpec<keyof z.input<typeof cloudConfigInput>, 'cloud'> = {
  field: 'cloud',
  schema: cloudConfigInput,
  fields: ['phoneNumberId', 'accessToken', 'appSecret', 'verifyToken'],
  secrets: ['accessToken', 'appSecret'],
  required: ['phoneNumberId', 'accessToken', 'appSecret'],
  generated: ['verifyToken'],
  webhook: true,
};

export interface ConnectionProviderSpec {
  /** Offered only where the server runs it (demos and tests). */
  demoOnly?: boolean;
  config?: ProviderConfigSpec;
}

/** What the dialog and the server share about each provider value. */
export const CONNECTION_PROVIDER_SPECS = {
  beta: {},
  cloud: { config: CLOUD_CONFIG },
  simulator: { demoOnly: true },
} satisfies Record<ConnectionProvider, ConnectionProviderSpec>;

type Specs = typeof CONNECTION_PROVIDER_SPECS;
/** The payload fields that carry some provider's settings. */
export type ProviderSettingsField = { [P in ConnectionProvider]: Specs[P] extends { config: { field: infer F } } ? F : never }[ConnectionProvider];

export const specOfProvider = (provider: string | null | undefined): ConnectionProviderSpec | undefined =>
  (CONNECTION_PROVIDER_SPECS as Record<string, ConnectionProviderSpec>)[provider ?? ''];

export const providerConfigSpecOf = (provider: string | null | undefined): ProviderConfigSpec | undefined => specOfProvider(provider)?.config;

/** Every provider's settings, once each. */
export const PROVIDER_CONFIG_SPECS: readonly ProviderConfigSpec<string, ProviderSettingsField>[] = Object.values(
  CONNECTION_PROVIDER_SPECS as Record<ConnectionProvider, { config?: ProviderConfigSpec<string, ProviderSettingsField> }>,
).flatMap((spec) => (spec.config ? [spec.config] : []));

/** How a held secret is told in the answer: `accessToken` → `hasAccessToken`. */
export const heldSecretKey = (name: string) => `has${name.charAt(0).toUpperCase()}${name.slice(1)}`;
