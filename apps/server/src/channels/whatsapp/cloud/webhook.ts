/**
 * Inbound side of the Cloud API: Meta calls our webhook. Pure functions, so the route can verify
 * and map before anything touches the database:
 * - the GET challenge answers only with our verify token;
 * - X-Hub-Signature-256 is HMAC-SHA256 over the raw body bytes exactly as received (Meta escapes
 *   non-ASCII as \uXXXX before signing, so re-serialised JSON would not match);
 * - events older than the freshness window are flagged `stale`, not dropped: Meta redelivers for
 *   days after an outage of ours, and dropping would lose customer messages. Consumers store stale
 *   events (dedupe makes a replay harmless) but run no automations on them.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { numberToJid } from '../numbers.js';
import type { AckEvent, AckLevel, EditEvent, InboundMessage, MediaDescriptor, RevokeEvent, SendFailedEvent } from '../provider.js';
import { buildVcard } from '../vcard.js';

/** Default freshness window: long enough for Meta's first retries, short enough to flag replays. */
export const DEFAULT_STALE_AFTER_MS = 5 * 60_000;

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The challenge to echo when Meta verifies the webhook with our token, otherwise null (answer 403). */
export function verifyWebhookChallenge(query: Record<string, unknown>, verifyToken: string): string | null {
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string' || !verifyToken) return null;
  return sameText(token, verifyToken) ? challenge : null;
}

export function verifySignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header || !appSecret) return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(match[1], 'hex'));
}

const media = z.object({ id: z.string(), mime_type: z.string().optional(), caption: z.string().optional(), filename: z.string().optional(), voice: z.boolean().optional() });
const contactCard = z.object({
  name: z.object({ formatted_name: z.string().optional(), first_name: z.string().optional() }).optional(),
  phones: z.array(z.object({ phone: z.string().optional(), wa_id: z.string().optional() })).optional(),
});
const message = z.object({
  from: z.string(),
  id: z.string(),
  timestamp: z.string(),
  type: z.string(),
  context: z.object({ id: z.string().optional() }).optional(),
  text: z.object({ body: z.string() }).optional(),
  image: media.optional(), video: media.optional(), audio: media.optional(), document: media.optional(), sticker: media.optional(),
  location: z.object({ latitude: z.number(), longitude: z.number(), name: z.string().optional(), address: z.string().optional() }).optional(),
  contacts: z.array(contactCard).optional(),
  reaction: z.object({ message_id: z.string(), emoji: z.string().optional() }).optional(),
  button: z.object({ text: z.string().optional() }).optional(),
  interactive: z.object({ button_reply: z.object({ title: z.string() }).optional(), list_reply: z.object({ title: z.string() }).optional() }).optional(),
  edit: z.object({ original_message_id: z.string(), message: z.looseObject({}).optional() }).optional(),
  revoke: z.object({ original_message_id: z.string() }).optional(),
});
const graphError = z.object({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional(), error_data: z.object({ details: z.string().optional() }).optional() });
const status = z.object({ id: z.string(), status: z.string(), timestamp: z.string(), recipient_id: z.string().optional(), errors: z.array(graphError).optional() });
const change = z.object({
  field: z.string(),
  value: z.object({
    metadata: z.object({ phone_number_id: z.string() }).optional(),
    contacts: z.array(z.object({ wa_id: z.string().optional(), profile: z.object({ name: z.string().optional() }).optional() })).optional(),
    messages: z.array(z.unknown()).optional(),
    statuses: z.array(z.unknown()).optional(),
    errors: z.array(graphError).optional(),
  }),
});
const envelope = z.object({ object: z.string(), entry: z.array(z.object({ changes: z.array(z.unknown()).default([]) })) });

export type CloudInbound = Omit<InboundMessage, 'media'> & { media?: MediaDescriptor };

export type CloudWebhookEvent = { phoneNumberId: string } & (
  | { type: 'message'; message: CloudInbound }
  | { type: 'ack'; ack: AckEvent }
  | { type: 'edit'; edit: EditEvent }
  | { type: 'revoke'; revoke: RevokeEvent }
  | { type: 'sendFailed'; failure: SendFailedEvent }
  | { type: 'error'; code: number; title: string; details?: string }
);

const STATUS_ACK: Record<string, AckLevel> = { sent: 1, delivered: 2, read: 3, played: 4 };
const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'] as const;

/** Every event in a webhook call, in payload order; malformed parts are skipped, never thrown. */
export function mapWebhook(payload: unknown, options: { now?: number; staleAfterMs?: number } = {}): CloudWebhookEvent[] {
  const parsed = envelope.safeParse(payload);
  if (!parsed.success || parsed.data.object !== 'whatsapp_business_account') return [];
  const now = options.now ?? Date.now();
  const staleBefore = now - (options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS);
  const events: CloudWebhookEvent[] = [];
  for (const entry of parsed.data.entry) {
    for (const raw of entry.changes) {
      const c = change.safeParse(raw);
      if (!c.success || c.data.field !== 'messages') continue;
      const { value } = c.data;
      const phoneNumberId = value.metadata?.phone_number_id ?? '';
      const names = new Map((value.contacts ?? []).map((k) => [k.wa_id ?? '', k.profile?.name ?? '']));
      for (const m of value.messages ?? []) {
        const msg = message.safeParse(m);
        if (!msg.success) continue;
        const event = mapMessage(msg.data, names.get(msg.data.from) ?? '', staleBefore);
        if (event) events.push({ phoneNumberId, ...event } as CloudWebhookEvent);
      }
      for (const s of value.statuses ?? []) {
        const st = status.safeParse(s);
        if (!st.success) continue;
        const timestamp = Number(st.data.timestamp) * 1000;
        const chatId = st.data.recipient_id ? numberToJid(st.data.recipient_id) : undefined;
        const ack = STATUS_ACK[st.data.status];
        if (ack) {
          events.push({ phoneNumberId, type: 'ack', ack: { providerMessageId: st.data.id, chatId, ack, timestamp, stale: timestamp < staleBefore } });
        } else if (st.data.status === 'failed') {
          const error = st.data.errors?.[0];
          events.push({
            phoneNumberId, type: 'sendFailed',
            failure: { providerMessageId: st.data.id, chatId, code: String(error?.code ?? 'unknown'), reason: error?.error_data?.details ?? error?.title ?? error?.message },
          });
        }
      }
      for (const error of value.errors ?? []) {
        events.push({ phoneNumberId, type: 'error', code: error.code ?? 0, title: error.title ?? error.message ?? '', details: error.error_data?.details });
      }
    }
  }
  return events;
}

type Mapped =
  | { type: 'message'; message: CloudInbound }
  | { type: 'edit'; edit: EditEvent }
  | { type: 'revoke'; revoke: RevokeEvent }
  | null;

function mapMessage(m: z.infer<typeof message>, pushName: string, staleBefore: number): Mapped {
  const timestamp = Number(m.timestamp) * 1000;
  const chatId = numberToJid(m.from);
  if (m.type === 'edit' && m.edit) {
    const inner = m.edit.message as { text?: { body?: string }; image?: { caption?: string }; video?: { caption?: string } } | undefined;
    const newBody = inner?.text?.body ?? inner?.image?.caption ?? inner?.video?.caption ?? '';
    return { type: 'edit', edit: { providerMessageId: m.edit.original_message_id, chatId, newBody, timestamp, fromMe: false } };
  }
  if (m.type === 'revoke' && m.revoke) {
    return { type: 'revoke', revoke: { providerMessageId: m.revoke.original_message_id, chatId, timestamp, fromMe: false } };
  }
  const base: CloudInbound = {
    providerMessageId: m.id, chatId, fromMe: false, timestamp, pushName, kind: 'text', body: '',
    quotedId: m.context?.id, isGroup: false, history: false, stale: timestamp < staleBefore,
  };
  const kind = MEDIA_TYPES.find((t) => t === m.type);
  if (kind && m[kind]) {
    const item = m[kind]!;
    return {
      type: 'message',
      message: {
        ...base, kind: kind === 'audio' && item.voice ? 'voice' : kind, body: item.caption ?? '',
        media: { mimeType: item.mime_type ?? 'application/octet-stream', fileName: item.filename, ref: item.id },
      },
    };
  }
  if (m.type === 'text' && m.text) return { type: 'message', message: { ...base, body: m.text.body } };
  if (m.type === 'location' && m.location) {
    const { latitude, longitude, name, address } = m.location;
    return { type: 'message', message: { ...base, kind: 'location', body: name ?? '', location: { latitude, longitude, name, address } } };
  }
  if (m.type === 'contacts' && m.contacts) {
    const cards = m.contacts.flatMap((card) => {
      const name = card.name?.formatted_name ?? card.name?.first_name ?? '';
      return (card.phones ?? []).map((p) => ({ name, number: p.wa_id ?? p.phone ?? '' })).filter((p) => p.number);
    });
    return {
      type: 'message',
      message: { ...base, kind: 'contact', body: cards.map((c) => c.name).join(', '), vcard: cards.map(buildVcard).join('\n') },
    };
  }
  if (m.type === 'reaction' && m.reaction) {
    const emoji = m.reaction.emoji ?? '';
    return { type: 'message', message: { ...base, kind: 'reaction', body: emoji, reaction: { targetId: m.reaction.message_id, emoji } } };
  }
  const choice = m.button?.text ?? m.interactive?.button_reply?.title ?? m.interactive?.list_reply?.title;
  if (choice !== undefined) return { type: 'message', message: { ...base, body: choice } };
  return null;
}

/** The phone-number ids a webhook call is about, for the route to find the connection(s). */
export function phoneNumberIdsOf(payload: unknown): string[] {
  const parsed = envelope.safeParse(payload);
  if (!parsed.success) return [];
  const ids = new Set<string>();
  for (const entry of parsed.data.entry) {
    for (const raw of entry.changes) {
      const c = change.safeParse(raw);
      const id = c.success ? c.data.value.metadata?.phone_number_id : undefined;
      if (id) ids.add(id);
    }
  }
  return [...ids];
}
