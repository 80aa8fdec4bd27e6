import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.js';
import { MemoryAuthStore } from './memory-auth-store.js';
import { isWhatsAppError, silentLogger } from './provider.js';
import { baileysProvider } from './baileys/definition.js';
import { cloudProvider } from './cloud/definition.js';
import { createProviderRegistry, providerKindOf } from './registry.js';
import { simulatorProvider } from './simulator/definition.js';
import { SimulatorNetwork } from './simulator/network.js';

const base = () => ({ connectionId: 1, companyId: 1, authStore: new MemoryAuthStore(), logger: silentLogger });

describe('provider registry', () => {
  it("exposes exactly each provider folder's definition, every provider value meaning one of them", () => {
    const registry = createProviderRegistry();
    expect(registry.definitions).toEqual([baileysProvider, cloudProvider, simulatorProvider]);
    expect(registry.definitions.map((d) => d.kind)).toEqual(['baileys', 'cloud', 'simulator']);
    const settings = registry.definitions.flatMap((d) => d.settings);
    expect(new Set(settings).size).toBe(settings.length);
    for (const definition of registry.definitions) {
      for (const setting of definition.settings) expect(registry.definitionOf(setting)).toBe(definition);
      if (definition.config) expect(definition.config.secrets.every((name) => definition.config!.fields.includes(name))).toBe(true);
    }
  });

  it("maps the connection's provider field, 'beta' and empty meaning Baileys", () => {
    expect(providerKindOf('beta')).toBe('baileys');
    expect(providerKindOf(undefined)).toBe('baileys');
    expect(providerKindOf(null)).toBe('baileys');
    expect(providerKindOf('')).toBe('baileys');
    expect(providerKindOf('baileys')).toBe('baileys');
    expect(providerKindOf('Cloud')).toBe('cloud');
    expect(providerKindOf('simulator')).toBe('simulator');
    expect(() => providerKindOf('wwebjs')).toThrow(expect.objectContaining({ code: 'ERR_WAPP_UNKNOWN_PROVIDER' }));
  });

  it('refuses the simulator unless enabled', () => {
    const registry = createProviderRegistry();
    expect(registry.simulator).toBeUndefined();
    expect(registry.isAvailable('simulator')).toBe(false);
    expect(registry.isAvailable('beta')).toBe(true);
    expect(registry.isAvailable('nonsense')).toBe(false);
    let error: unknown;
    try {
      registry.create({ ...base(), provider: 'simulator' });
    } catch (e) {
      error = e;
    }
    expect(isWhatsAppError(error, 'ERR_WAPP_PROVIDER_DISABLED')).toBe(true);
  });

  it('creates simulator sessions on its network when enabled', async () => {
    const clock = new ManualClock();
    const network = new SimulatorNetwork({ clock });
    const registry = createProviderRegistry({ simulatorEnabled: true, simulator: network });
    const session = registry.create({ ...base(), provider: 'simulator', clock });
    expect(session.kind).toBe('simulator');
    expect(registry.simulator).toBe(network);
    await session.start();
    network.scan(1);
    await clock.advance(1_000);
    expect(session.status).toBe('CONNECTED');
    await session.stop();
  });

  it('creates Baileys sessions without connecting', () => {
    const session = createProviderRegistry().create({ ...base(), provider: 'beta' });
    expect(session.kind).toBe('baileys');
    expect(session.status).toBe('DISCONNECTED');
    expect(session.capabilities.pairingCode).toBe(true);
  });

  it('requires Cloud credentials', () => {
    const registry = createProviderRegistry({ cloud: { baseUrl: 'http://127.0.0.1:1/v21.0' } });
    expect(() => registry.create({ ...base(), provider: 'cloud' })).toThrow(expect.objectContaining({ code: 'ERR_WAPP_NOT_INITIALIZED' }));
    const session = registry.create({
      ...base(), provider: 'cloud', config: { phoneNumberId: '1', accessToken: 't', appSecret: 's', verifyToken: 'v' },
    });
    expect(session.kind).toBe('cloud');
    expect(typeof session.receiveWebhook).toBe('function');
  });

  it('answers capabilities per provider without a session', () => {
    const registry = createProviderRegistry();
    expect(registry.capabilitiesOf('cloud')).toMatchObject({ qr: false, edit: false, customerWindow24h: true });
    expect(registry.capabilitiesOf('beta')).toMatchObject({ qr: true, edit: true, customerWindow24h: false });
  });
});
