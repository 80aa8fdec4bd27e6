import type { ProviderDefinition } from '../definition.js';
import { BAILEYS_CAPABILITIES, createBaileysSession } from './baileys-provider.js';

/** WhatsApp Web through Baileys, paired by QR or code. 'beta' is the default value of a new connection. */
export const baileysProvider: ProviderDefinition = {
  kind: 'baileys',
  settings: ['beta', 'baileys'],
  capabilities: BAILEYS_CAPABILITIES,
  create: ({ config: _config, lastInboundAt: _lastInboundAt, ...base }, options) => createBaileysSession({ ...options.baileys, ...base }),
};
