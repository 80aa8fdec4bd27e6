/**
 * A program that receives a company's webhooks, as its author would write one: a real HTTP
 * server on a random local port that checks X-Atende-Signature against the secret it was given,
 * refuses stale timestamps, and dedupes on X-Atende-Delivery.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  event: string;
  deliveryId: string;
  timestamp: number;
  signatureValid: boolean;
  headers: IncomingHttpHeaders;
  body: { id: string; event: string; companyId: number; createdAt: string; data: any };
}

export interface FakeWebhookReceiver {
  url: string;
  /** Every request, valid or not, in arrival order. */
  requests: ReceivedWebhook[];
  /** Deliveries with a valid signature, each delivery id once. */
  accepted(): ReceivedWebhook[];
  /** The secret signatures are checked with (shown once when the webhook was created). */
  secret: string;
  /** Status codes to answer the next requests with (then 200). */
  answerNext(...codes: number[]): void;
  /** Answers nothing (the request hangs) while true. */
  hang: boolean;
  close(): Promise<void>;
}

export function verifySignature(secret: string, timestamp: string, rawBody: string, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex'));
  const given = Buffer.from(header.slice('sha256='.length));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startWebhookReceiver(): Promise<FakeWebhookReceiver> {
  const queue: number[] = [];
  const receiver: FakeWebhookReceiver = {
    url: '',
    requests: [],
    secret: '',
    hang: false,
    accepted() {
      const seen = new Set<string>();
      return receiver.requests.filter((r) => r.signatureValid && !seen.has(r.deliveryId) && seen.add(r.deliveryId));
    },
    answerNext: (...codes) => queue.push(...codes),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const timestamp = String(req.headers['x-atende-timestamp'] ?? '');
      receiver.requests.push({
        event: String(req.headers['x-atende-event']),
        deliveryId: String(req.headers['x-atende-delivery']),
        timestamp: Number(timestamp),
        signatureValid: verifySignature(receiver.secret, timestamp, raw, req.headers['x-atende-signature'] as string | undefined),
        headers: req.headers,
        body: JSON.parse(raw),
      });
      if (receiver.hang) return;
      const code = queue.shift() ?? 200;
      res.writeHead(code, { 'content-type': 'text/plain' }).end(code < 300 ? 'ok' : `falhou ${code}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
