/**
 * Pure translation of Baileys' WAMessage (proto.IWebMessageInfo) into neutral events. Kept free of
 * sockets so it is tested with fixtures written from Baileys' type definitions.
 *
 * Addressing (Baileys 7): a chat may be keyed by the phone-number jid or by the LID, with the other
 * one in `remoteJidAlt` when WhatsApp sent it. The chat id is the canonical phone jid whenever it
 * is known; the LID travels alongside so the contact keeps both.
 */
import {
  BufferJSON, getContentType, normalizeMessageContent, proto, toNumber,
  type WACallEvent, type WAMessage, type WAMessageKey,
} from 'baileys';
import { isBroadcastJid, isGroupJid, isLidJid, isPhoneJid, normalizeJid } from '../numbers.js';
import type {
  AckLevel, CallEvent, EditEvent, InboundMessage, MediaDescriptor, MessageKind, RevokeEvent,
} from '../provider.js';

export type BaileysInbound = Omit<InboundMessage, 'media'> & { media?: MediaDescriptor };

export type MappedInbound =
  | { type: 'message'; message: BaileysInbound }
  | { type: 'edit'; edit: EditEvent }
  | { type: 'revoke'; revoke: RevokeEvent };

interface Address { chatId: string; lid?: string; isGroup: boolean; senderId?: string }

export function addressOf(key: WAMessageKey): Address | null {
  const remote = key.remoteJid;
  if (!remote || isBroadcastJid(remote)) return null;
  if (isGroupJid(remote)) {
    const sender = [key.participantAlt, key.participant].find((j) => j && isPhoneJid(j)) ?? key.participant ?? undefined;
    return { chatId: remote, isGroup: true, senderId: sender ? normalizeJid(sender) : undefined };
  }
  const alt = key.remoteJidAlt ?? undefined;
  if (isLidJid(remote)) {
    const phone = alt && isPhoneJid(alt) ? normalizeJid(alt) : undefined;
    return { chatId: phone ?? normalizeJid(remote), lid: normalizeJid(remote), isGroup: false };
  }
  if (isPhoneJid(remote)) {
    return { chatId: normalizeJid(remote), lid: alt && isLidJid(alt) ? normalizeJid(alt) : undefined, isGroup: false };
  }
  return null;
}

const MISSED_CALLS = new Map<number, string>([
  [proto.WebMessageInfo.StubType.CALL_MISSED_VOICE, 'voice'],
  [proto.WebMessageInfo.StubType.CALL_MISSED_VIDEO, 'video'],
  [proto.WebMessageInfo.StubType.CALL_MISSED_GROUP_VOICE, 'voice'],
  [proto.WebMessageInfo.StubType.CALL_MISSED_GROUP_VIDEO, 'video'],
]);

type MediaField = 'imageMessage' | 'videoMessage' | 'audioMessage' | 'documentMessage' | 'stickerMessage';
const MEDIA_FIELDS: Record<MediaField, MessageKind> = {
  imageMessage: 'image', videoMessage: 'video', audioMessage: 'audio', documentMessage: 'document', stickerMessage: 'sticker',
};

/** Text of a message's visible content (for edits and captions). */
function textOf(content: proto.IMessage | undefined): string {
  return content?.conversation ?? content?.extendedTextMessage?.text ?? content?.imageMessage?.caption
    ?? content?.videoMessage?.caption ?? content?.documentMessage?.caption ?? '';
}

/**
 * What a later download needs, as a storable string: the key (for re-upload requests when the URL
 * has expired) and the media fields, without the inline thumbnail.
 */
export function mediaRef(key: WAMessageKey, field: MediaField, media: proto.Message.IImageMessage | proto.Message.IDocumentMessage): string {
  const { url, directPath, mediaKey, mimetype } = media as { url?: string | null; directPath?: string | null; mediaKey?: Uint8Array | string | null; mimetype?: string | null };
  return JSON.stringify({
    key: { remoteJid: key.remoteJid, id: key.id, fromMe: key.fromMe, participant: key.participant ?? undefined },
    field,
    media: { url, directPath, mimetype, mediaKey: typeof mediaKey === 'string' ? Buffer.from(mediaKey, 'base64') : mediaKey },
  }, BufferJSON.replacer);
}

export function parseMediaRef(ref: string): WAMessage {
  const parsed = JSON.parse(ref, BufferJSON.reviver) as { key: WAMessageKey; field: MediaField; media: Record<string, unknown> };
  if (!parsed?.key || !parsed.field || !(parsed.field in MEDIA_FIELDS)) throw new Error('not a baileys media ref');
  return { key: parsed.key, message: { [parsed.field]: parsed.media } };
}

export function mapInbound(msg: WAMessage, options: { history?: boolean } = {}): MappedInbound | null {
  const key = msg.key;
  const address = key ? addressOf(key) : null;
  if (!key?.id || !address) return null;
  const fromMe = Boolean(key.fromMe);
  const timestamp = toNumber(msg.messageTimestamp) * 1000;
  const base: BaileysInbound = {
    providerMessageId: key.id, chatId: address.chatId, lid: address.lid, senderId: address.senderId, fromMe, timestamp,
    pushName: msg.pushName ?? '', kind: 'text', body: '', isGroup: address.isGroup, history: options.history ?? false,
  };
  for (const name of ['lid', 'senderId'] as const) if (base[name] === undefined) delete base[name];

  const missed = msg.messageStubType != null ? MISSED_CALLS.get(msg.messageStubType) : undefined;
  if (missed) return { type: 'message', message: { ...base, kind: 'call_log', body: missed } };

  const content = normalizeMessageContent(msg.message);
  if (!content) return null;
  const protocol = content.protocolMessage;
  if (protocol) {
    const target = protocol.key?.id;
    if (!target) return null;
    if (protocol.type === proto.Message.ProtocolMessage.Type.REVOKE) {
      return { type: 'revoke', revoke: { providerMessageId: target, chatId: address.chatId, timestamp, fromMe } };
    }
    if (protocol.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) {
      const at = protocol.timestampMs ? toNumber(protocol.timestampMs) : timestamp;
      const newBody = textOf(normalizeMessageContent(protocol.editedMessage));
      return { type: 'edit', edit: { providerMessageId: target, chatId: address.chatId, newBody, timestamp: at, fromMe } };
    }
    return null; // history sync notices, app-state keys, ephemeral settings...
  }

  const type = getContentType(content);
  const typed = type ? (content[type] as { contextInfo?: proto.IContextInfo | null } | null | undefined) : undefined;
  const quotedId = typed && typeof typed === 'object' ? typed.contextInfo?.stanzaId ?? undefined : undefined;
  const message = quotedId ? { ...base, quotedId } : base;

  if (content.conversation != null) return { type: 'message', message: { ...message, body: content.conversation } };
  if (content.extendedTextMessage) return { type: 'message', message: { ...message, body: content.extendedTextMessage.text ?? '' } };

  const field = (Object.keys(MEDIA_FIELDS) as MediaField[]).find((f) => content[f]);
  if (field) {
    const media = content[field]! as proto.Message.IDocumentMessage & proto.Message.IAudioMessage;
    const kind: MessageKind = field === 'audioMessage' && media.ptt ? 'voice' : MEDIA_FIELDS[field];
    const size = media.fileLength != null ? toNumber(media.fileLength) : undefined;
    return {
      type: 'message',
      message: {
        ...message, kind, body: media.caption ?? '',
        media: {
          mimeType: media.mimetype ?? 'application/octet-stream',
          ...(media.fileName ? { fileName: media.fileName } : {}),
          ...(size !== undefined ? { size } : {}),
          ref: mediaRef(key, field, media),
        },
      },
    };
  }

  const place = content.locationMessage ?? content.liveLocationMessage;
  if (place) {
    const loc = place as proto.Message.ILocationMessage;
    const location = {
      latitude: loc.degreesLatitude ?? 0, longitude: loc.degreesLongitude ?? 0,
      ...(loc.name ? { name: loc.name } : {}), ...(loc.address ? { address: loc.address } : {}),
    };
    return { type: 'message', message: { ...message, kind: 'location', body: loc.name ?? loc.address ?? '', location } };
  }

  if (content.contactMessage) {
    const c = content.contactMessage;
    return { type: 'message', message: { ...message, kind: 'contact', body: c.displayName ?? '', vcard: c.vcard ?? '' } };
  }
  if (content.contactsArrayMessage) {
    const list = content.contactsArrayMessage.contacts ?? [];
    return {
      type: 'message',
      message: {
        ...message, kind: 'contact', body: content.contactsArrayMessage.displayName ?? list.map((c) => c.displayName ?? '').join(', '),
        vcard: list.map((c) => c.vcard ?? '').filter(Boolean).join('\n'),
      },
    };
  }

  if (content.reactionMessage) {
    const r = content.reactionMessage;
    if (!r.key?.id) return null;
    const emoji = r.text ?? '';
    return { type: 'message', message: { ...base, kind: 'reaction', body: emoji, reaction: { targetId: r.key.id, emoji } } };
  }

  const choice = content.buttonsResponseMessage?.selectedDisplayText ?? content.listResponseMessage?.title
    ?? content.templateButtonReplyMessage?.selectedDisplayText;
  if (choice != null) return { type: 'message', message: { ...message, body: choice } };

  return null; // polls, events, payments...: not part of the inbox yet
}

/** Baileys' message status to our ack: SERVER_ACK 1, DELIVERY_ACK 2, READ 3, PLAYED 4. */
export function ackFromStatus(status: number | null | undefined): AckLevel | null {
  const S = proto.WebMessageInfo.Status;
  if (status === S.SERVER_ACK) return 1;
  if (status === S.DELIVERY_ACK) return 2;
  if (status === S.READ) return 3;
  if (status === S.PLAYED) return 4;
  return null; // ERROR, PENDING
}

/** An incoming call offer; other call states (ringing, terminate...) are not news for the inbox. */
export function mapCall(call: WACallEvent): CallEvent | null {
  if (call.status !== 'offer' || call.isGroup) return null;
  const from = call.callerPn && isPhoneJid(call.callerPn) ? call.callerPn : call.from;
  return { from: normalizeJid(from), timestamp: call.date.getTime(), isVideo: Boolean(call.isVideo), callId: call.id };
}
