/**
 * Dialogflow ES: each customer message is one detectIntent in the attendance's session (ticket
 * and cycle), in the integration's language; the agent's texts are sent, and an intent that ends
 * the conversation (endInteraction, or end_conversation in its diagnostic info) hands the
 * customer to people.
 */
import { detectIntent } from '../../queue-integrations/dialogflow-client.js';
import { IntegrationFailure } from '../../queue-integrations/integration-http.js';
import { openSealed, readServiceAccount } from '../../queue-integrations/queue-integrations.policy.js';
import { boxOf } from '../../queue-integrations/queue-integrations.service.js';
import type { IntegrationRunner } from './runner.js';

export const dialogflowRunner: IntegrationRunner = {
  async answer({ ctx, integration, ticket, message }) {
    const json = openSealed(boxOf(ctx), integration.jsonContentSealed);
    const account = json ? readServiceAccount(json) : null;
    if (!account) throw new IntegrationFailure('no usable service account is stored');
    const sessionId = `atende-${ticket.id}-${ticket.currentCycleId ?? 0}`;
    const turn = await detectIntent(ctx, account, { projectName: integration.projectName, language: integration.language, sessionId, text: message.body || ' ' });
    return { say: turn.texts, then: turn.end ? { kind: 'handOver' } : { kind: 'stay' } };
  },
};
