import { z } from 'zod';

/** `provider` values: 'beta' (WhatsApp Web, the default), 'cloud' (official Cloud API), 'simulator' (demo/tests only). */
export const CONNECTION_PROVIDERS = ['beta', 'cloud', 'simulator'] as const;
export type ConnectionProvider = (typeof CONNECTION_PROVIDERS)[number];

/**
 * The settings a provider keeps on its connection (`providerConfig`), as the dialog sends them
 * under `field` and the server stores them. Secrets are write-only: never answered (only whether
 * one is held, as `has<Name>`), and a blank value sent keeps the stored one.
 */
export interface ProviderConfigSpec<Name extends string = string> {
  /** The field of the connection payload that carries these settings. */
  field: string;
  schema: z.ZodObject<Record<Name, z.ZodType<string | undefined>>>;
  /** In the order the dialog shows them. */
  fields: readonly Name[];
  secrets: readonly Name[];
  /** A session cannot start without these (a stored secret counts). */
  required: readonly Name[];
  /** Made by the server (an unguessable value) when none is stored. */
  generated: readonly Name[];
}

/** Cloud API credentials; secrets are write-only (answered masked). */
export const cloudConfigInput = z.object({
  phoneNumberId: z.string().trim().max(64).optional().default(''),
  accessToken: z.string().trim().max(1000).optional(),
  appSecret: z.string().trim().max(200).optional(),
  verifyToken: z.string().trim().max(200).optional(),
});

export const CLOUD_CONFIG: ProviderConfigSpec<keyof z.input<typeof cloudConfigInput>> = {
  field: 'cloud',
  schema: cloudConfigInput,
  fields: ['phoneNumberId', 'accessToken', 'appSecret', 'verifyToken'],
  secrets: ['accessToken', 'appSecret'],
  required: ['phoneNumberId', 'accessToken', 'appSecret'],
  generated: ['verifyToken'],
};

export interface ConnectionProviderSpec {
  /** Offered only where the server runs it (demos and tests). */
  demoOnly?: boolean;
  config?: ProviderConfigSpec;
}

/** What the dialog and the server share about each provider value. */
export const CONNECTION_PROVIDER_SPECS: Record<ConnectionProvider, ConnectionProviderSpec> = {
  beta: {},
  cloud: { config: CLOUD_CONFIG },
  simulator: { demoOnly: true },
};

export const providerConfigSpecOf = (provider: string | null | undefined): ProviderConfigSpec | undefined =>
  CONNECTION_PROVIDER_SPECS[provider as ConnectionProvider]?.config;

/** How a held secret is told in the answer: `accessToken` → `hasAccessToken`. */
export const heldSecretKey = (name: string) => `has${name.charAt(0).toUpperCase()}${name.slice(1)}`;
