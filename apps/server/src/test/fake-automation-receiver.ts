/**
 * An n8n/webhook receiver: checks X-Atende-Signature (HMAC-SHA256 of the raw body under the
 * integration's secret) on every call, records the events it accepted and answers what `answer`
 * says. A call with a wrong signature answers 401 and is counted.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IntegrationAnswer, IntegrationEvent } from '@atende/contract';
import { startFakeHttp, type FakeAnswer } from './fake-http.js';

export interface FakeReceiver {
  url: string;
  /** The integration's signing secret (set once the integration exists). */
  secret: string;
  events: IntegrationEvent[];
  badSignatures: number;
  answer: (event: IntegrationEvent) => IntegrationAnswer | FakeAnswer;
  close(): Promise<void>;
}

function signed(raw: string, header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(raw).digest('hex'));
  const given = Buffer.from(header.slice('sha256='.length));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startFakeReceiver(): Promise<FakeReceiver> {
  const fake: Omit<FakeReceiver, 'url' | 'close'> = { secret: '', events: [], badSignatures: 0, answer: () => ({}) };
  const server = await startFakeHttp(({ method, headers, raw }) => {
    if (method !== 'POST' || !String(headers['content-type']).startsWith('application/json')) return { status: 415, body: {} };
    if (!signed(raw, headers['x-atende-signature'], fake.secret)) {
      fake.badSignatures += 1;
      return { status: 401, body: { error: 'bad signature' } };
    }
    const event = JSON.parse(raw) as IntegrationEvent;
    fake.events.push(event);
    const answer = fake.answer(event);
    return 'status' in answer || 'delayMs' in answer || 'body' in answer ? (answer as FakeAnswer) : { body: answer };
  });
  return Object.assign(fake, { url: server.url, close: server.close }) as FakeReceiver;
}
