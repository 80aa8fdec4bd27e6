/**
 * n8n and webhook integrations: each customer message is POSTed as JSON (IntegrationEvent) with
 * `X-Atende-Signature: sha256=<hex HMAC-SHA256 of the raw body>` under the integration's secret;
 * the receiver may answer `{ reply?, transferQueueId?, close? }`.
 */
import { createHmac } from 'node:crypto';
import { INTEGRATION_SIGNATURE_HEADER, integrationAnswer, type IntegrationAnswer, type IntegrationEvent } from '@atende/contract';
import { callJson, IntegrationFailure } from './integration-http.js';

export function signatureOf(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export async function postIntegrationEvent(url: string, event: IntegrationEvent, secret: string, timeoutMs: number): Promise<IntegrationAnswer> {
  const body = JSON.stringify(event);
  const answer = await callJson(url, { body, headers: { [INTEGRATION_SIGNATURE_HEADER]: signatureOf(body, secret) }, timeoutMs });
  if (answer === undefined) return {};
  const parsed = integrationAnswer.safeParse(answer);
  if (!parsed.success) throw new IntegrationFailure('the answer is not { reply?, transferQueueId?, close? }');
  return parsed.data;
}
