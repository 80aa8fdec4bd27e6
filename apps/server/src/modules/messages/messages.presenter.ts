import type { Message, MessageMediaType } from '@atende/contract';
import type { MessageRow } from '../../db/schema-conversations.js';
import type { QuotedRef } from './messages.repository.js';

/** Media is fetched by the web with the bearer token: never a public URL. */
export const mediaUrlOf = (mediaPath: string | null) => (mediaPath ? `/api/media/${mediaPath}` : null);

/** What `extra` may hold, written by the inbound pipeline and the outbound senders. */
export interface MessageExtra {
  location?: { latitude: number; longitude: number; name?: string; address?: string };
  vcard?: string;
  /** Sent or received as a voice note (ogg/opus), not as an audio file. */
  voice?: boolean;
  /** In groups: who wrote it. */
  senderId?: string;
  senderName?: string;
  /** Provider media reference, when the bytes could not be saved on arrival (download later). */
  mediaRef?: string;
  /** reactions: the message reacted to. */
  targetId?: string;
  isVideoCall?: boolean;
}

export function extraOf(row: Pick<MessageRow, 'extra'>): MessageExtra {
  const extra = row.extra as unknown;
  if (typeof extra === 'string') {
    try {
      return JSON.parse(extra) as MessageExtra;
    } catch {
      return {};
    }
  }
  return (extra ?? {}) as MessageExtra;
}

/**
 * `contactName`: the ticket's contact, named on each message as clients read it; in a group the
 * participant who wrote it.
 */
export function presentMessage(row: MessageRow, quoted?: QuotedRef | null, contactName = ''): Message {
  const extra = extraOf(row);
  return {
    id: Number(row.id),
    ticketId: row.ticketId,
    contactId: row.contactId,
    body: row.body,
    fromMe: row.fromMe,
    read: row.read,
    mediaType: row.mediaType as MessageMediaType,
    mediaUrl: mediaUrlOf(row.mediaPath),
    mediaName: row.mediaName,
    mimeType: row.mimeType,
    location: extra.location ? { latitude: extra.location.latitude, longitude: extra.location.longitude, name: extra.location.name } : null,
    vcard: extra.vcard ?? null,
    quotedMsg: quoted
      ? { id: Number(quoted.id), body: quoted.isDeleted ? '' : quoted.body, fromMe: quoted.fromMe, mediaType: quoted.mediaType as MessageMediaType }
      : null,
    isDeleted: row.isDeleted,
    isEdited: row.isEdited,
    ack: row.ack,
    delivery: row.delivery,
    errorCode: row.errorCode,
    automated: row.automated,
    contact: { id: row.contactId, name: extra.senderName ?? contactName },
    userId: row.userId,
    cycleId: row.cycleId,
    // The conversation's time is the provider's (messages may reach us out of order), not when
    // our row was written.
    createdAt: new Date(Number(row.sentAt)).toISOString(),
  };
}

/** The label a ticket list shows for a message without text. */
export function lastMessageLabel(row: Pick<MessageRow, 'body' | 'mediaType' | 'mediaName'>): string {
  if (row.body.trim()) return row.body;
  if (row.mediaName) return row.mediaName;
  const labels: Record<string, string> = {
    image: '📷 Imagem',
    video: '🎥 Vídeo',
    audio: '🎵 Áudio',
    application: '📄 Documento',
    sticker: 'Figurinha',
    locationMessage: '📍 Localização',
    vcard: '👤 Contato',
    call_log: '📞 Chamada',
  };
  return labels[row.mediaType] ?? '';
}
