/**
 * One signed POST to a subscriber. Redirects are not followed (a 3xx is a failed attempt), the
 * answer is read only as far as the log keeps it, and the whole exchange is cut at the timeout.
 */
import { createHmac } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOKS } from '@atende/contract';
import { PrivateAddressError, hostOf, isPublicAddress, publicOnlyLookup } from '../../platform/outbound-address.js';

export interface SignedDelivery {
  url: string;
  secret: string;
  event: string;
  deliveryId: string;
  body: string;
  /** Unix seconds, signed with the body. */
  timestamp: number;
}

export interface DeliveryOutcome {
  ok: boolean;
  statusCode: number | null;
  responseExcerpt: string | null;
  durationMs: number;
  error: string | null;
}

export function signature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

const ANSWER_READ_LIMIT = 16 * 1024;

function readExcerpt(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOKS.responseExcerptChars));
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= ANSWER_READ_LIMIT) {
        response.destroy();
        done();
      }
    });
    response.on('end', done);
    response.on('error', done);
    response.on('close', done);
  });
}

export async function postSigned(delivery: SignedDelivery, options: { timeoutMs: number; allowPrivate: boolean }): Promise<DeliveryOutcome> {
  const started = performance.now();
  const outcome = (fields: Omit<DeliveryOutcome, 'durationMs'>): DeliveryOutcome => ({ ...fields, durationMs: Math.round(performance.now() - started) });
  const url = new URL(delivery.url);
  const host = hostOf(url);
  if (!options.allowPrivate && isIP(host) && !isPublicAddress(host)) {
    return outcome({ ok: false, statusCode: null, responseExcerpt: null, error: new PrivateAddressError(host).message });
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<DeliveryOutcome>((resolve) => {
    let settled = false;
    const finish = (result: Omit<DeliveryOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome(result));
    };
    const req = send(
      url,
      {
        method: 'POST',
        lookup: options.allowPrivate ? undefined : publicOnlyLookup,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(delivery.body),
          'user-agent': 'Atende-Webhooks/1',
          'x-atende-event': delivery.event,
          'x-atende-delivery': delivery.deliveryId,
          'x-atende-timestamp': String(delivery.timestamp),
          'x-atende-signature': signature(delivery.secret, delivery.timestamp, delivery.body),
        },
      },
      (response) => {
        void readExcerpt(response).then((excerpt) => {
          const statusCode = response.statusCode ?? null;
          const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
          finish({ ok, statusCode, responseExcerpt: excerpt || null, error: ok ? null : `HTTP ${statusCode}` });
        });
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)), options.timeoutMs);
    req.on('error', (error) => finish({ ok: false, statusCode: null, responseExcerpt: null, error: error.message.slice(0, 300) }));
    req.end(delivery.body);
  });
}
