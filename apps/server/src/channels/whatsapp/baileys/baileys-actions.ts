/**
 * What a Baileys session does once connected: send, edit, delete, mark read, download, look up.
 * The lifecycle (connect, QR, reconnect) is in baileys-provider.ts.
 */
import {
  downloadMediaMessage, toNumber,
  type AnyMessageContent, type Contact, type WAMessage, type WAMessageKey, type WASocket,
} from 'baileys';
import { BoundedMap, messageIdFor } from '../delivery.js';
import { brazilianVariants, isPhoneJid, jidToNumber, normalizeJid, toChatId } from '../numbers.js';
import {
  WhatsAppError,
  type CheckNumberResult, type MessageRef, type SendContactInput, type SendLocationInput, type SendMediaInput,
  type SendResult, type SendTextInput, type SendVoiceInput,
} from '../provider.js';
import { SessionBase } from '../session-base.js';
import { buildVcard } from '../vcard.js';
import { toBaileysLogger } from './logger.js';
import { parseMediaRef } from './map-inbound.js';

/** The part of Baileys' socket the session uses (tests provide a fake with this shape). */
export type BaileysSocket = Pick<
  WASocket,
  'ev' | 'end' | 'logout' | 'requestPairingCode' | 'sendMessage' | 'readMessages' | 'profilePictureUrl' | 'onWhatsApp' | 'updateMediaMessage'
> & { readonly user: Contact | undefined };

export abstract class BaileysActions extends SessionBase {
  protected sock: BaileysSocket | undefined;
  /** Recent messages by id: quoting needs the original, and Baileys asks for them on retries. */
  protected readonly recent = new BoundedMap<string, WAMessage>(2_000);
  /** Ids of messages this session is sending: Baileys echoes them as upserts, which are not news. */
  protected readonly ownSends = new BoundedMap<string, true>(2_000);
  /** Canonical number -> the jid WhatsApp really uses for it (old Brazilian numbers lack the 9). */
  private readonly realJids = new BoundedMap<string, string>(20_000);

  sendText(input: SendTextInput): Promise<SendResult> {
    return this.sendContent(input, { text: input.body });
  }

  sendMedia(input: SendMediaInput): Promise<SendResult> {
    const { data, mimeType: mimetype, caption, fileName } = input;
    const content: AnyMessageContent =
      input.kind === 'image' ? { image: data, mimetype, caption }
      : input.kind === 'video' ? { video: data, mimetype, caption }
      : input.kind === 'audio' ? { audio: data, mimetype, ptt: false }
      : input.kind === 'sticker' ? { sticker: data, mimetype }
      : { document: data, mimetype, fileName: fileName ?? 'file', caption };
    return this.sendContent(input, content);
  }

  sendVoice(input: SendVoiceInput): Promise<SendResult> {
    return this.sendContent(input, { audio: input.data, ptt: true, mimetype: input.mimeType ?? 'audio/ogg; codecs=opus', seconds: input.seconds });
  }

  sendLocation(input: SendLocationInput): Promise<SendResult> {
    return this.sendContent(input, {
      location: { degreesLatitude: input.latitude, degreesLongitude: input.longitude, name: input.name, address: input.address },
    });
  }

  sendContact(input: SendContactInput): Promise<SendResult> {
    const contacts = input.contacts.map((c) => ({ displayName: c.name, vcard: c.vcard ?? buildVcard(c) }));
    return this.sendContent(input, { contacts: { displayName: input.contacts.map((c) => c.name).join(', '), contacts } });
  }

  async editMessage(input: MessageRef & { newBody: string }): Promise<void> {
    const sock = this.connected();
    const jid = await this.jidFor(input.chatId);
    try {
      await sock.sendMessage(jid, { text: input.newBody, edit: this.ownKey(jid, input.providerMessageId) });
    } catch (error) {
      throw new WhatsAppError('ERR_SENDING_WAPP_MSG', (error as Error).message, { cause: error });
    }
  }

  async deleteMessage(input: MessageRef): Promise<void> {
    const sock = this.connected();
    const jid = await this.jidFor(input.chatId);
    try {
      await sock.sendMessage(jid, { delete: this.ownKey(jid, input.providerMessageId) });
    } catch (error) {
      throw new WhatsAppError('ERR_DELETE_WAPP_MSG', (error as Error).message, { cause: error });
    }
  }

  async markRead(input: { chatId: string; providerMessageIds: string[] }): Promise<void> {
    const sock = this.connected();
    const jid = await this.jidFor(input.chatId);
    const keys: WAMessageKey[] = input.providerMessageIds.map((id) => {
      const known = this.recent.get(id)?.key;
      return { remoteJid: known?.remoteJid ?? jid, id, fromMe: false, participant: known?.participant ?? undefined };
    });
    await sock.readMessages(keys);
  }

  async downloadMedia(ref: string): Promise<Buffer> {
    try {
      const message = parseMediaRef(ref);
      const sock = this.sock;
      return await downloadMediaMessage(message, 'buffer', {}, {
        logger: toBaileysLogger(this.options.logger, { connectionId: this.connectionId }),
        // An expired URL is asked again from the sender's phone; only possible while connected.
        reuploadRequest: (m) => (sock ? sock.updateMediaMessage(m) : Promise.reject(new Error('not connected'))),
      });
    } catch (error) {
      throw new WhatsAppError('ERR_WAPP_DOWNLOAD_MEDIA', (error as Error).message, { cause: error });
    }
  }

  async profilePicture(chatId: string): Promise<string | null> {
    const sock = this.connected();
    try {
      return (await sock.profilePictureUrl(await this.jidFor(chatId), 'image')) ?? null;
    } catch {
      return null; // hidden by privacy settings or no picture: both look the same to us
    }
  }

  async checkNumber(number: string): Promise<CheckNumberResult> {
    const sock = this.connected();
    let found: Array<{ jid: string; exists: boolean }> | undefined;
    try {
      found = await sock.onWhatsApp(...brazilianVariants(number));
    } catch (error) {
      throw new WhatsAppError('ERR_WAPP_CHECK_CONTACT', (error as Error).message, { cause: error });
    }
    const hit = found?.find((r) => r.exists);
    if (!hit) return { exists: false, chatId: null, verified: true };
    const chatId = normalizeJid(hit.jid);
    this.learnJid(chatId, hit.jid);
    return { exists: true, chatId, verified: true };
  }

  protected learnJid(chatId: string, realJid: string): void {
    const number = jidToNumber(chatId);
    // Kept as WhatsApp wrote it (not canonicalised): this is the address sends must use.
    if (number) this.realJids.set(number, `${digitsOf(realJid)}@s.whatsapp.net`);
  }

  private connected() {
    this.requireConnected();
    if (!this.sock) throw new WhatsAppError('ERR_WAPP_NOT_INITIALIZED');
    return this.sock;
  }

  /** The address WhatsApp knows: groups and LIDs as given, numbers resolved once (ninth digit). */
  private async jidFor(to: string): Promise<string> {
    const chatId = toChatId(to);
    const number = isPhoneJid(chatId) ? jidToNumber(chatId) : null;
    if (!number) return chatId;
    const known = this.realJids.get(number);
    if (known) return known;
    const variants = brazilianVariants(number);
    if (variants.length === 1 || !this.sock) return chatId;
    const found = await this.sock.onWhatsApp(...variants).catch(() => undefined);
    if (found && found.length > 0 && !found.some((r) => r.exists)) throw new WhatsAppError('ERR_WAPP_INVALID_CONTACT');
    const hit = found?.find((r) => r.exists);
    if (hit) this.learnJid(chatId, hit.jid);
    return this.realJids.get(number) ?? chatId;
  }

  private ownKey(jid: string, id: string): WAMessageKey {
    return this.recent.get(id)?.key ?? { remoteJid: jid, fromMe: true, id };
  }

  private sendContent(input: { to: string; idempotencyKey: string; quotedId?: string }, content: AnyMessageContent): Promise<SendResult> {
    return this.sendOnce(input.idempotencyKey, async () => {
      const sock = this.connected();
      const jid = await this.jidFor(input.to);
      const quoted = input.quotedId
        ? this.recent.get(input.quotedId) ?? { key: { remoteJid: jid, id: input.quotedId, fromMe: false }, message: { conversation: '' } }
        : undefined;
      // The id comes from the idempotency key: a resend from another process reuses it.
      const messageId = messageIdFor(this.connectionId, input.idempotencyKey);
      this.ownSends.set(messageId, true);
      const sent = await sock.sendMessage(jid, content, { messageId, quoted });
      if (!sent?.key?.id) throw new WhatsAppError('ERR_SENDING_WAPP_MSG', 'baileys returned no message');
      this.recent.set(sent.key.id, sent);
      const seconds = sent.messageTimestamp != null ? toNumber(sent.messageTimestamp) : 0;
      return { providerMessageId: sent.key.id, timestamp: seconds ? seconds * 1000 : this.clock.now() };
    });
  }
}

/** The user part of a jid with its device suffix dropped but its digits untouched. */
function digitsOf(jid: string): string {
  return jid.split('@')[0].split(':')[0].split('_')[0];
}
