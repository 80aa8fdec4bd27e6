import { CLOUD_CONFIG } from '@atende/contract';
import type { ProviderDefinition } from '../definition.js';
import { WhatsAppError } from '../provider.js';
import { CLOUD_CAPABILITIES, createCloudSession } from './cloud-provider.js';
import { cloudWebhookPathOf, cloudWebhookRoutes } from './webhook.routes.js';

/** The official WhatsApp Cloud API: credentials on the connection, inbound by Meta's webhook. */
export const cloudProvider: ProviderDefinition = {
  kind: 'cloud',
  settings: ['cloud'],
  capabilities: CLOUD_CAPABILITIES,
  config: CLOUD_CONFIG,
  create({ config, lastInboundAt, ...base }, options) {
    const { phoneNumberId = '', accessToken = '', appSecret = '', verifyToken = '', baseUrl } = config ?? {};
    if (!phoneNumberId || !accessToken || !appSecret) {
      throw new WhatsAppError('ERR_WAPP_NOT_INITIALIZED', 'a cloud connection needs phoneNumberId, accessToken and appSecret');
    }
    return createCloudSession({
      ...options.cloud, ...base, phoneNumberId, accessToken, appSecret, verifyToken,
      baseUrl: baseUrl ?? options.cloud?.baseUrl, lastInboundAt,
    });
  },
  routes: { pathOf: cloudWebhookPathOf, register: cloudWebhookRoutes },
};
