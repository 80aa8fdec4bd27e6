/**
 * A local stand-in for Meta's Graph API (tests only): answers /{phone-number-id}, /messages,
 * /media and /{media-id} with Meta's documented payloads and errors, keeps what each customer's
 * phone received, and makes signed webhook calls to the URL we give it. Real client code runs
 * against it unchanged, only the base URL differs.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  messagePayload, metaJson, parseMultipart, signBody, statusPayload, type GraphStatus, type WebhookContext,
} from './fake-graph-payloads.js';

export interface FakeGraphOptions {
  phoneNumberId?: string;
  accessToken?: string;
  appSecret?: string;
  /** Where signed webhook calls go (our server's webhook route). */
  webhookUrl?: string;
}

export interface RecordedSend {
  id: string;
  to: string;
  type: string;
  body: Record<string, unknown>;
  quotedId?: string;
}

interface StoredMedia { data: Buffer; mimeType: string; fileName?: string }

const oauthError = { message: 'Error validating access token: Session has expired.', type: 'OAuthException', code: 190 };

export class FakeGraphServer {
  readonly phoneNumberId: string;
  readonly accessToken: string;
  readonly appSecret: string;
  webhookUrl: string | undefined;
  readonly sent: RecordedSend[] = [];
  readonly readMarks: string[] = [];
  readonly media = new Map<string, StoredMedia>();
  private server: Server | undefined;
  private port = 0;
  private tokenValid = true;
  private nextFailure: { status: number; code: number; message: string } | undefined;
  private seq = 0;

  constructor(options: FakeGraphOptions = {}) {
    this.phoneNumberId = options.phoneNumberId ?? '106540352242922';
    this.accessToken = options.accessToken ?? `EAAG${randomBytes(12).toString('hex')}`;
    this.appSecret = options.appSecret ?? randomBytes(16).toString('hex');
    this.webhookUrl = options.webhookUrl;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/v21.0`;
  }

  get context(): WebhookContext {
    return { phoneNumberId: this.phoneNumberId };
  }

  async listen(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  revokeToken(): void {
    this.tokenValid = false;
  }

  restoreToken(): void {
    this.tokenValid = true;
  }

  /** The next Graph call fails with this error (e.g. 131047 re-engagement). */
  failNext(failure: { status: number; code: number; message: string }): void {
    this.nextFailure = failure;
  }

  /** Media a customer sent, as it would sit on Meta's side. */
  addMedia(data: Buffer, mimeType: string, fileName?: string): string {
    const id = String(1_000_000_000_000 + ++this.seq);
    this.media.set(id, { data, mimeType, fileName });
    return id;
  }

  newMessageId(): string {
    return `wamid.HBgN${Buffer.from(`${Date.now()}-${++this.seq}-${randomBytes(6).toString('hex')}`).toString('base64')}`;
  }

  /** POSTs a payload to the webhook URL the way Meta does; returns our server's answer. */
  async deliverWebhook(payload: unknown, options: { signature?: string } = {}): Promise<{ status: number; body: string }> {
    if (!this.webhookUrl) throw new Error('fake graph server has no webhook url');
    const body = Buffer.from(metaJson(payload), 'utf8');
    const response = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': options.signature ?? signBody(body, this.appSecret) },
      body,
    });
    return { status: response.status, body: await response.text() };
  }

  customerMessage(input: { from: string; name?: string; content: Record<string, unknown>; contextId?: string; timestampSec?: number }) {
    const id = this.newMessageId();
    const payload = messagePayload(this.context, { ...input, id, timestampSec: input.timestampSec ?? Math.floor(Date.now() / 1000) });
    return { id, payload };
  }

  status(id: string, status: GraphStatus, options: { timestampSec?: number; error?: { code: number; title: string } } = {}) {
    const sent = this.sent.find((s) => s.id === id);
    return statusPayload(this.context, {
      id, status, recipient: sent?.to ?? '', timestampSec: options.timestampSec ?? Math.floor(Date.now() / 1000), error: options.error,
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(req);
    const answer = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.headers.authorization !== `Bearer ${this.accessToken}` || !this.tokenValid) {
      return answer(401, { error: { ...oauthError, fbtrace_id: 'AbCdEf' } });
    }
    if (this.nextFailure) {
      const { status, code, message } = this.nextFailure;
      this.nextFailure = undefined;
      return answer(status, { error: { message, type: 'OAuthException', code, error_data: { messaging_product: 'whatsapp', details: message }, fbtrace_id: 'AbCdEf' } });
    }
    const path = url.pathname.replace(/^\/v\d+\.\d+/, '');
    const [, first, second] = path.split('/');
    if (url.pathname.startsWith('/download/') && req.method === 'GET') {
      const stored = this.media.get(decodeURIComponent(first === 'download' ? second : ''));
      if (!stored) return answer(404, { error: { message: 'Media not found', code: 100 } });
      res.writeHead(200, { 'content-type': stored.mimeType, 'content-length': stored.data.length });
      return void res.end(stored.data);
    }
    if (first === this.phoneNumberId && !second && req.method === 'GET') {
      return answer(200, { id: this.phoneNumberId, display_phone_number: '+1 555-078-3881', verified_name: 'Atende Teste' });
    }
    if (first === this.phoneNumberId && second === 'messages' && req.method === 'POST') return this.onMessages(body, answer);
    if (first === this.phoneNumberId && second === 'media' && req.method === 'POST') {
      const parts = parseMultipart(body, String(req.headers['content-type'] ?? ''));
      const file = parts.find((p) => p.name === 'file');
      const product = parts.find((p) => p.name === 'messaging_product')?.data.toString();
      const type = parts.find((p) => p.name === 'type')?.data.toString();
      if (!file || product !== 'whatsapp' || !type) return answer(400, { error: { message: '(#100) Param file is required', code: 100 } });
      return answer(200, { id: this.addMedia(file.data, type, file.fileName) });
    }
    if (first && !second && this.media.has(first)) {
      const stored = this.media.get(first)!;
      if (req.method === 'DELETE') {
        this.media.delete(first);
        return answer(200, { success: true });
      }
      return answer(200, {
        messaging_product: 'whatsapp', url: `http://127.0.0.1:${this.port}/download/${first}`, mime_type: stored.mimeType,
        sha256: createHash('sha256').update(stored.data).digest('hex'), file_size: stored.data.length, id: first,
      });
    }
    answer(400, { error: { message: `Unsupported ${req.method} request to ${url.pathname}`, type: 'GraphMethodException', code: 100 } });
  }

  private onMessages(raw: Buffer, answer: (status: number, json: unknown) => void): void {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      return answer(400, { error: { message: '(#100) Invalid JSON', code: 100 } });
    }
    if (body.messaging_product !== 'whatsapp') return answer(400, { error: { message: '(#100) messaging_product is required', code: 100 } });
    if (body.status === 'read') {
      this.readMarks.push(String(body.message_id));
      return answer(200, { success: true });
    }
    const to = String(body.to ?? '');
    const type = String(body.type ?? 'text');
    const known = ['text', 'image', 'video', 'audio', 'document', 'sticker', 'location', 'contacts', 'reaction'];
    if (!/^\d{8,15}$/.test(to) || !known.includes(type) || typeof body[type] !== 'object') {
      return answer(400, { error: { message: `(#100) Invalid parameter for ${type}`, code: 100 } });
    }
    const media = body[type] as { id?: string };
    if (['image', 'video', 'audio', 'document', 'sticker'].includes(type) && !this.media.has(String(media.id))) {
      return answer(400, { error: { message: '(#131053) Media upload error', code: 131053 } });
    }
    const id = this.newMessageId();
    const quotedId = (body.context as { message_id?: string } | undefined)?.message_id;
    this.sent.push({ id, to, type, body, quotedId });
    answer(200, { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id }] });
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
