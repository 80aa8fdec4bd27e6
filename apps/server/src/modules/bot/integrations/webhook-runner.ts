/**
 * n8n and webhook: each customer message is POSTed, signed, to urlN8N; the answer's `reply` is
 * sent, `transferQueueId` (a queue of the company) hands the customer to people there, `close`
 * finishes the ticket. An answer with neither keeps the conversation with the receiver.
 */
import type { IntegrationEvent } from '@atende/contract';
import { assertMayCall, IntegrationFailure } from '../../queue-integrations/integration-http.js';
import { openSealed } from '../../queue-integrations/queue-integrations.policy.js';
import { boxOf } from '../../queue-integrations/queue-integrations.service.js';
import { postIntegrationEvent } from '../../queue-integrations/webhook-client.js';
import { findCompanyQueue } from '../../tickets/tickets.repository.js';
import type { IntegrationRunner } from './runner.js';

export const webhookRunner: IntegrationRunner = {
  async answer({ ctx, integration, ticket, contact, message }) {
    const secret = openSealed(boxOf(ctx), integration.secretSealed);
    if (!secret) throw new IntegrationFailure('the integration has no usable signing secret');
    const event: IntegrationEvent = {
      event: 'message',
      ticket: { id: ticket.id, uuid: ticket.uuid, status: ticket.status, queueId: ticket.queueId, whatsappId: ticket.whatsappId },
      contact: { id: contact.id, name: contact.name, number: contact.number },
      message: { id: Number(message.id), body: message.body, mediaType: message.mediaType, createdAt: new Date(message.createdAt).toISOString() },
      integration: { id: integration.id, name: integration.name },
    };
    await assertMayCall(integration.urlN8n, ctx.config.webhooks.allowPrivate);
    const answer = await postIntegrationEvent(integration.urlN8n, event, secret, ctx.config.integrations.timeoutMs);
    const say = answer.reply?.trim() ? [answer.reply] : [];
    if (answer.close) return { say, then: { kind: 'close' } };
    if (answer.transferQueueId !== undefined) {
      if (!(await findCompanyQueue(ctx.db, ticket.companyId, answer.transferQueueId))) {
        throw new IntegrationFailure(`transferQueueId ${answer.transferQueueId} is not a queue of this company`);
      }
      return { say, then: { kind: 'handOver', queueId: answer.transferQueueId } };
    }
    return { say, then: { kind: 'stay' } };
  },
};
