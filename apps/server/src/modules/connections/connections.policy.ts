import { can, V, type ProviderConfigSpec } from '@atende/contract';
import type { ProviderRegistry } from '../../channels/whatsapp/registry.js';
import type { ProviderConfig } from '../../db/schema.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';

/**
 * Who sees a connection's QR code, pairing code, API token and Cloud settings: those who may act
 * on its session (connections-page:actionButtons). Everyone else of the company gets the summary.
 */
export function maySeeSecrets(actor: Actor): boolean {
  return can(actor, 'connections-page:actionButtons');
}

/** ERR_WAPP_GREETING_REQUIRED: with more than one queue the greeting offers the choice. */
export function assertGreeting(queueCount: number, greetingMessage: string): void {
  if (queueCount > 1 && !greetingMessage.trim()) throw new AppError('ERR_WAPP_GREETING_REQUIRED', 400);
}

/** The registry decides which providers this server offers (the simulator only when enabled). */
export function assertProviderAvailable(registry: ProviderRegistry, provider: string): void {
  if (!registry.isAvailable(provider)) throw new AppError('ERR_WAPP_PROVIDER_DISABLED', 400);
}

/** A provider's session cannot start without its required settings (a Cloud connection's credentials). */
export function assertProviderConfig(spec: ProviderConfigSpec | undefined, config: ProviderConfig): void {
  if (!spec) return;
  const fields: Record<string, string> = {};
  for (const name of spec.required) if (!config[name]) fields[`${spec.field}.${name}`] = V.required;
  if (Object.keys(fields).length) throw new AppError('ERR_VALIDATION', 400, { fields });
}
