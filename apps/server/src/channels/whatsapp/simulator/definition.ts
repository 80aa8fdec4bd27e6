import type { ProviderDefinition } from '../definition.js';
import { WhatsAppError } from '../provider.js';
import { createSimulatorSession, SIMULATOR_CAPABILITIES } from './simulator-provider.js';

/** A simulated WhatsApp for demos and tests; a server offers it only when created with it enabled. */
export const simulatorProvider: ProviderDefinition = {
  kind: 'simulator',
  settings: ['simulator'],
  capabilities: SIMULATOR_CAPABILITIES,
  available: (options) => Boolean(options.simulator),
  create({ config: _config, lastInboundAt: _lastInboundAt, ...base }, options) {
    if (!options.simulator) throw new WhatsAppError('ERR_WAPP_PROVIDER_DISABLED', 'the simulator provider is not enabled on this server');
    return createSimulatorSession({ ...options.simulatorSession, ...base, network: options.simulator });
  },
};
