import type { IntegrationType, QueueIntegration } from '@atende/contract';
import type { QueueIntegrationRow } from '../../db/schema-integrations.js';
import type { SecretBox } from '../../platform/sealed.js';
import { openSealed, readServiceAccount } from './queue-integrations.policy.js';

/** Secrets stay on the server: the service account is never answered, only whose it is. */
export function presentIntegration(row: QueueIntegrationRow, box: SecretBox): QueueIntegration {
  const json = openSealed(box, row.jsonContentSealed);
  const account = json ? readServiceAccount(json) : null;
  const signs = row.type === 'n8n' || row.type === 'webhook';
  return {
    id: row.id,
    type: row.type as IntegrationType,
    name: row.name,
    projectName: row.projectName,
    jsonContent: '',
    hasJsonContent: json !== null,
    serviceAccountEmail: account?.clientEmail ?? null,
    language: row.language,
    urlN8N: row.urlN8n,
    signingSecret: signs ? openSealed(box, row.secretSealed) : null,
    typebotSlug: row.typebotSlug,
    typebotExpires: row.typebotExpires,
    typebotDelayMessage: row.typebotDelayMessage,
    typebotKeywordFinish: row.typebotKeywordFinish,
    typebotKeywordRestart: row.typebotKeywordRestart,
    typebotUnknownMessage: row.typebotUnknownMessage,
    typebotRestartMessage: row.typebotRestartMessage,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
