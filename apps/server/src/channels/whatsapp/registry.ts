/**
 * The one place that turns a connection's `provider` field into an implementation. Everything
 * else holds a ProviderSession and never asks which kind it is. Each provider folder exports one
 * definition (definition.ts); adding a provider is adding its folder and a line to DEFINITIONS.
 *
 * 'beta' is the default provider of a new connection and means the WhatsApp Web provider
 * (Baileys). The simulator exists only when the registry is created with simulatorEnabled (demo,
 * tests): a production server configured without it refuses such connections.
 */
import { baileysProvider } from './baileys/definition.js';
import { cloudProvider } from './cloud/definition.js';
import type { ProviderDefinition, RegistryOptions, ResolvedRegistryOptions, SessionRequest } from './definition.js';
import { WhatsAppError, type Capabilities, type ProviderKind, type ProviderSession } from './provider.js';
import { sharedSimulatorNetwork, type SimulatorNetwork } from './simulator/network.js';
import { simulatorProvider } from './simulator/definition.js';

export type { ProviderConfig, ProviderDefinition, ProviderRouteContext, RegistryOptions, SessionRequest } from './definition.js';

/** Every provider this application knows. */
export const DEFINITIONS: readonly ProviderDefinition[] = [baileysProvider, cloudProvider, simulatorProvider];

/** Values of the connection's `provider` column this registry understands. */
export const PROVIDER_SETTINGS = DEFINITIONS.flatMap((definition) => definition.settings);

export interface ProviderRegistry {
  /** Every provider, offered by this server or not. */
  readonly definitions: readonly ProviderDefinition[];
  /** Throws ERR_WAPP_UNKNOWN_PROVIDER for a value it does not know. */
  definitionOf(provider: string | null | undefined): ProviderDefinition;
  /** Throws ERR_WAPP_UNKNOWN_PROVIDER for a value it does not know. */
  kindOf(provider: string | null | undefined): ProviderKind;
  /** False for unknown values and for the simulator when it is disabled. */
  isAvailable(provider: string | null | undefined): boolean;
  capabilitiesOf(provider: string | null | undefined): Capabilities;
  create(request: SessionRequest): ProviderSession;
  /** The simulated network, when enabled: the demo and test endpoints drive customers through it. */
  readonly simulator: SimulatorNetwork | undefined;
}

/** The provider a connection's `provider` field means, or undefined for a value no provider uses. */
export function findProviderDefinition(provider: string | null | undefined): ProviderDefinition | undefined {
  const setting = (provider ?? '').trim().toLowerCase() || 'beta';
  return DEFINITIONS.find((candidate) => candidate.settings.includes(setting));
}

export function providerDefinitionOf(provider: string | null | undefined): ProviderDefinition {
  const definition = findProviderDefinition(provider);
  if (!definition) throw new WhatsAppError('ERR_WAPP_UNKNOWN_PROVIDER', `unknown whatsapp provider '${provider}'`);
  return definition;
}

export const providerKindOf = (provider: string | null | undefined): ProviderKind => providerDefinitionOf(provider).kind;

export function createProviderRegistry(options: RegistryOptions = {}): ProviderRegistry {
  const simulator = options.simulatorEnabled ? (options.simulator ?? sharedSimulatorNetwork()) : undefined;
  const resolved: ResolvedRegistryOptions = { ...options, simulator };

  return {
    simulator,
    definitions: DEFINITIONS,
    definitionOf: providerDefinitionOf,
    kindOf: providerKindOf,
    isAvailable(provider) {
      const definition = findProviderDefinition(provider);
      return Boolean(definition) && (definition?.available?.(resolved) ?? true);
    },
    capabilitiesOf: (provider) => providerDefinitionOf(provider).capabilities,
    create({ provider, ...request }) {
      return providerDefinitionOf(provider).create(request, resolved);
    },
  };
}
