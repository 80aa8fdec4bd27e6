/**
 * Webhook payloads as Meta documents them (whatsapp_business_account / messages field), and the
 * way Meta serialises and signs them. Used by the fake Graph server and the webhook tests.
 */
import { createHmac } from 'node:crypto';

/** JSON as Meta sends it: non-ASCII escaped as \uXXXX and '/' as '\/'. The signature covers these bytes. */
export function metaJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function signBody(body: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

export interface WebhookContext {
  wabaId?: string;
  phoneNumberId: string;
  displayPhoneNumber?: string;
}

function envelope(ctx: WebhookContext, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [{
      id: ctx.wabaId ?? '102290129340398',
      changes: [{
        value: {
          messaging_product: 'whatsapp',
          metadata: { display_phone_number: ctx.displayPhoneNumber ?? '15550783881', phone_number_id: ctx.phoneNumberId },
          ...value,
        },
        field: 'messages',
      }],
    }],
  };
}

/** A customer's message; `content` is the type-specific part, e.g. { type: 'text', text: { body } }. */
export function messagePayload(
  ctx: WebhookContext,
  input: { from: string; name?: string; id: string; timestampSec: number; content: Record<string, unknown>; contextId?: string },
) {
  return envelope(ctx, {
    contacts: [{ profile: { name: input.name ?? 'Cliente' }, wa_id: input.from }],
    messages: [{
      from: input.from,
      id: input.id,
      timestamp: String(input.timestampSec),
      ...(input.contextId ? { context: { from: ctx.displayPhoneNumber ?? '15550783881', id: input.contextId } } : {}),
      ...input.content,
    }],
  });
}

export type GraphStatus = 'sent' | 'delivered' | 'read' | 'played' | 'failed';

export function statusPayload(
  ctx: WebhookContext,
  input: { id: string; status: GraphStatus; recipient: string; timestampSec: number; error?: { code: number; title: string; details?: string } },
) {
  return envelope(ctx, {
    statuses: [{
      id: input.id,
      status: input.status,
      timestamp: String(input.timestampSec),
      recipient_id: input.recipient,
      ...(input.status === 'failed' && input.error
        ? { errors: [{ code: input.error.code, title: input.error.title, message: input.error.title, error_data: { details: input.error.details ?? input.error.title } }] }
        : { pricing: { billable: true, pricing_model: 'PMP', category: 'service' } }),
    }],
  });
}

export function errorPayload(ctx: WebhookContext, error: { code: number; title: string; details?: string }) {
  return envelope(ctx, { errors: [{ code: error.code, title: error.title, message: error.title, error_data: { details: error.details ?? '' } }] });
}

/** multipart/form-data, enough for Meta's media upload (fields plus one file). */
export function parseMultipart(body: Buffer, contentType: string): Array<{ name: string; fileName?: string; contentType?: string; data: Buffer }> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: Array<{ name: string; fileName?: string; contentType?: string; data: Buffer }> = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2); // skip CRLF after delimiter and before next
    const split = part.indexOf('\r\n\r\n');
    if (split !== -1) {
      const headers = part.subarray(0, split).toString('utf8');
      const name = /name="([^"]*)"/i.exec(headers)?.[1] ?? '';
      const fileName = /filename="([^"]*)"/i.exec(headers)?.[1];
      const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1];
      parts.push({ name, fileName, contentType: type, data: Buffer.from(part.subarray(split + 4)) });
    }
    start = next;
  }
  return parts;
}
