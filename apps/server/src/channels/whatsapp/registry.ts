/**
 * The one place that turns a connection's `provider` field into an implementation. Everything
 * else holds a ProviderSession and never asks which kind it is.
 *
 * 'beta' is the spec's default value for a new connection and means the WhatsApp Web provider
 * (Baileys). The simulator exists only when the registry is created with simulatorEnabled (demo,
 * tests): a production server configured without it refuses such connections.
 */
import { BAILEYS_CAPABILITIES, createBaileysSession, type BaileysSessionOptions } from './baileys/baileys-provider.js';
import { CLOUD_CAPABILITIES, createCloudSession, type CloudConnectionConfig, type CloudSessionOptions } from './cloud/cloud-provider.js';
import { WhatsAppError, type Capabilities, type ProviderKind, type ProviderOptions, type ProviderSession } from './provider.js';
import { sharedSimulatorNetwork, type SimulatorNetwork } from './simulator/network.js';
import { createSimulatorSession, SIMULATOR_CAPABILITIES, type SimulatorSessionOptions } from './simulator/simulator-provider.js';

/** Values of the connection's `provider` column this registry understands. */
export const PROVIDER_SETTINGS = ['beta', 'baileys', 'cloud', 'simulator'] as const;
export type ProviderSetting = (typeof PROVIDER_SETTINGS)[number];

const KINDS: Record<ProviderSetting, ProviderKind> = { beta: 'baileys', baileys: 'baileys', cloud: 'cloud', simulator: 'simulator' };
const CAPABILITIES: Record<ProviderKind, Capabilities> = {
  baileys: BAILEYS_CAPABILITIES, cloud: CLOUD_CAPABILITIES, simulator: SIMULATOR_CAPABILITIES,
};

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

export interface SessionRequest extends ProviderOptions {
  /** The connection's `provider` field; empty means 'beta'. */
  provider?: string | null;
  /** Per-connection Cloud API credentials (required for 'cloud'). */
  cloud?: CloudConnectionConfig;
  /** When the customer last wrote, from the message store (Cloud's 24 h window). */
  lastInboundAt?: (chatId: string) => Promise<number | null>;
}

export interface ProviderRegistry {
  /** Throws ERR_WAPP_UNKNOWN_PROVIDER for a value it does not know. */
  kindOf(provider: string | null | undefined): ProviderKind;
  /** False for unknown values and for the simulator when it is disabled. */
  isAvailable(provider: string | null | undefined): boolean;
  capabilitiesOf(provider: string | null | undefined): Capabilities;
  create(request: SessionRequest): ProviderSession;
  /** The simulated network, when enabled: the demo and test endpoints drive customers through it. */
  readonly simulator: SimulatorNetwork | undefined;
}

export function providerKindOf(provider: string | null | undefined): ProviderKind {
  const setting = (provider ?? '').trim().toLowerCase() || 'beta';
  const kind = KINDS[setting as ProviderSetting];
  if (!kind) throw new WhatsAppError('ERR_WAPP_UNKNOWN_PROVIDER', `unknown whatsapp provider '${provider}'`);
  return kind;
}

export function createProviderRegistry(options: RegistryOptions = {}): ProviderRegistry {
  const simulator = options.simulatorEnabled ? (options.simulator ?? sharedSimulatorNetwork()) : undefined;

  const registry: ProviderRegistry = {
    simulator,
    kindOf: providerKindOf,
    isAvailable(provider) {
      try {
        return providerKindOf(provider) !== 'simulator' || Boolean(simulator);
      } catch {
        return false;
      }
    },
    capabilitiesOf: (provider) => CAPABILITIES[providerKindOf(provider)],
    create(request) {
      const { provider, cloud, lastInboundAt, ...base } = request;
      const kind = providerKindOf(provider);
      if (kind === 'simulator') {
        if (!simulator) throw new WhatsAppError('ERR_WAPP_PROVIDER_DISABLED', 'the simulator provider is not enabled on this server');
        return createSimulatorSession({ ...options.simulatorSession, ...base, network: simulator });
      }
      if (kind === 'cloud') {
        if (!cloud?.phoneNumberId || !cloud.accessToken || !cloud.appSecret) {
          throw new WhatsAppError('ERR_WAPP_NOT_INITIALIZED', 'a cloud connection needs phoneNumberId, accessToken and appSecret');
        }
        return createCloudSession({ ...options.cloud, ...base, ...cloud, baseUrl: cloud.baseUrl ?? options.cloud?.baseUrl, lastInboundAt });
      }
      return createBaileysSession({ ...options.baileys, ...base });
    },
  };
  return registry;
}
