/**
 * What one WhatsApp provider brings to the application, in one value: its kind, what it can do,
 * the settings it keeps on the connection (schema and secrets, shared with the web), how its
 * sessions are made and, when it needs them, its own HTTP routes (the Cloud API's webhook).
 * The registry loops over these; nothing outside this folder asks which provider a connection uses.
 */
import type { ProviderConfigSpec } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import type { BaileysSessionOptions } from './baileys/baileys-provider.js';
import type { CloudSessionOptions } from './cloud/cloud-provider.js';
import type { Capabilities, ProviderKind, ProviderOptions, ProviderSession } from './provider.js';
import type { SimulatorNetwork } from './simulator/network.js';
import type { SimulatorSessionOptions } from './simulator/simulator-provider.js';

/** A connection's stored provider settings (`providerConfig`). */
export type ProviderConfig = Record<string, string | undefined>;

export interface RegistryOptions {
  simulatorEnabled?: boolean;
  /** The network simulator sessions join; the process-wide one when absent. */
  simulator?: SimulatorNetwork;
  simulatorSession?: Omit<SimulatorSessionOptions, 'network'>;
  /** Defaults for every Baileys session (e.g. a socket URL in tests). */
  baileys?: Omit<BaileysSessionOptions, 'makeSocket'>;
  /** Defaults for every Cloud session: Graph base URL, freshness window. */
  cloud?: Pick<CloudSessionOptions, 'baseUrl' | 'staleAfterMs' | 'dropStale' | 'customerWindowMs' | 'fetch'>;
}

/** The registry's options once resolved: the simulator network exists only when enabled. */
export type ResolvedRegistryOptions = Omit<RegistryOptions, 'simulator'> & { simulator: SimulatorNetwork | undefined };

export interface SessionRequest extends ProviderOptions {
  /** The connection's `provider` field; empty means 'beta'. */
  provider?: string | null;
  /** The connection's stored provider settings (`providerConfig`). */
  config?: ProviderConfig | null;
  /** When the customer last wrote, from the message store (Cloud's 24 h window). */
  lastInboundAt?: (chatId: string) => Promise<number | null>;
}

/** What a provider's routes may ask of the application about a connection. */
export interface ProviderRouteContext {
  /** The connection when it exists and uses this provider; undefined otherwise. */
  connection(connectionId: number): Promise<{ id: number; config: ProviderConfig } | undefined>;
  /** The connection's live session in this process. */
  session(connectionId: number): ProviderSession | undefined;
}

export interface ProviderDefinition {
  kind: ProviderKind;
  /** Values of the connection's `provider` field that mean this provider (lower case). */
  settings: readonly string[];
  capabilities: Readonly<Capabilities>;
  /** The settings kept on the connection; none for providers that pair by QR. */
  config?: ProviderConfigSpec;
  /** False when this server does not offer the provider (the simulator outside demos and tests). */
  available?(options: ResolvedRegistryOptions): boolean;
  create(request: Omit<SessionRequest, 'provider'>, options: ResolvedRegistryOptions): ProviderSession;
  /** The provider's own HTTP routes, under /api, and the path a connection's calls arrive at. */
  routes?: {
    pathOf(connectionId: number): string;
    register(app: FastifyInstance, ctx: ProviderRouteContext): Promise<void>;
  };
}
