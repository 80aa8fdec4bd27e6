/**
 * WAMessage fixtures for the mapping tests, written by hand from Baileys' type definitions
 * (proto.IWebMessageInfo, proto.IMessage, WAMessageKey in baileys/lib/Types/Message.d.ts).
 * Numbers, ids and keys are invented.
 */
import { proto, type WAMessage, type WAMessageKey } from 'baileys';

export const T0 = 1736164800; // seconds, as WhatsApp stamps messages
export const PHONE_JID = '551187654321@s.whatsapp.net'; // an old Brazilian mobile, registered without the 9
export const CANONICAL_JID = '5511987654321@s.whatsapp.net';
export const LID = '123456789012345@lid';
export const GROUP = '120363025246125486@g.us';

const bytes = (n: number, fill: number) => new Uint8Array(n).fill(fill);

export const keys = {
  /** Chat addressed by phone number, WhatsApp also told us the LID. */
  pn: (id: string): WAMessageKey => ({ remoteJid: PHONE_JID, remoteJidAlt: LID, fromMe: false, id, addressingMode: 'pn' }),
  /** Chat addressed by LID with the phone number as the alternative. */
  lid: (id: string): WAMessageKey => ({ remoteJid: LID, remoteJidAlt: CANONICAL_JID, fromMe: false, id, addressingMode: 'lid' }),
  /** A LID whose phone number nobody told us. */
  lidOnly: (id: string): WAMessageKey => ({ remoteJid: '987654321098765@lid', fromMe: false, id, addressingMode: 'lid' }),
  group: (id: string): WAMessageKey => ({
    remoteJid: GROUP, participant: '111111111111111@lid', participantAlt: '5521998887777@s.whatsapp.net', fromMe: false, id,
  }),
  mine: (id: string): WAMessageKey => ({ remoteJid: CANONICAL_JID, fromMe: true, id }),
  status: (id: string): WAMessageKey => ({ remoteJid: 'status@broadcast', participant: PHONE_JID, fromMe: false, id }),
};

export function wa(key: WAMessageKey, message: proto.IMessage | null, extra: Partial<WAMessage> = {}): WAMessage {
  return { key, message, messageTimestamp: T0, pushName: 'João', status: proto.WebMessageInfo.Status.DELIVERY_ACK, ...extra };
}

const mediaFields = (path: string) => ({
  url: `https://mmg.whatsapp.net/v/t62.7118-24/${path}.enc?ccb=11-4`,
  directPath: `/v/t62.7118-24/${path}.enc?ccb=11-4`,
  mediaKey: bytes(32, 7),
  fileSha256: bytes(32, 1),
  fileEncSha256: bytes(32, 2),
  mediaKeyTimestamp: T0,
});

export const fixtures = {
  text: wa(keys.pn('3A0001'), { conversation: 'Olá, bom dia' }),
  reply: wa(keys.lid('3A0002'), {
    extendedTextMessage: {
      text: 'Esse mesmo',
      contextInfo: { stanzaId: '3EB0QUOTED', participant: CANONICAL_JID, quotedMessage: { conversation: 'Qual modelo?' } },
    },
  }),
  image: wa(keys.pn('3A0003'), {
    imageMessage: { ...mediaFields('img'), mimetype: 'image/jpeg', caption: 'foto da nota', fileLength: 48213, height: 1280, width: 960, jpegThumbnail: bytes(64, 9) },
  }),
  video: wa(keys.pn('3A0004'), { videoMessage: { ...mediaFields('vid'), mimetype: 'video/mp4', seconds: 12, fileLength: 1_048_576 } }),
  audio: wa(keys.pn('3A0005'), { audioMessage: { ...mediaFields('aud'), mimetype: 'audio/mpeg', seconds: 95, ptt: false, fileLength: 900_000 } }),
  voice: wa(keys.pn('3A0006'), { audioMessage: { ...mediaFields('ptt'), mimetype: 'audio/ogg; codecs=opus', seconds: 7, ptt: true, fileLength: 11_000 } }),
  document: wa(keys.pn('3A0007'), {
    documentMessage: { ...mediaFields('doc'), mimetype: 'application/pdf', fileName: 'boleto.pdf', title: 'boleto.pdf', pageCount: 1, fileLength: 53_000 },
  }),
  documentWithCaption: wa(keys.pn('3A0008'), {
    documentWithCaptionMessage: {
      message: { documentMessage: { ...mediaFields('doc2'), mimetype: 'application/pdf', fileName: 'contrato.pdf', caption: 'assinado' } },
    },
  }),
  sticker: wa(keys.pn('3A0009'), { stickerMessage: { ...mediaFields('stk'), mimetype: 'image/webp', isAnimated: false } }),
  location: wa(keys.pn('3A0010'), {
    locationMessage: { degreesLatitude: -23.561414, degreesLongitude: -46.655881, name: 'Loja Paulista', address: 'Av. Paulista, 1000' },
  }),
  liveLocation: wa(keys.pn('3A0011'), { liveLocationMessage: { degreesLatitude: -22.9, degreesLongitude: -43.2, caption: 'estou aqui' } }),
  contact: wa(keys.pn('3A0012'), {
    contactMessage: { displayName: 'Maria', vcard: 'BEGIN:VCARD\nVERSION:3.0\nFN:Maria\nTEL;type=CELL;waid=5511912345678:+55 11 91234-5678\nEND:VCARD' },
  }),
  contacts: wa(keys.pn('3A0013'), {
    contactsArrayMessage: {
      displayName: '2 contatos',
      contacts: [
        { displayName: 'Ana', vcard: 'BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nTEL;waid=5511900000001:+55 11 90000-0001\nEND:VCARD' },
        { displayName: 'Bia', vcard: 'BEGIN:VCARD\nVERSION:3.0\nFN:Bia\nTEL;waid=5511900000002:+55 11 90000-0002\nEND:VCARD' },
      ],
    },
  }),
  reaction: wa(keys.pn('3A0014'), { reactionMessage: { key: keys.mine('3EB0TARGET'), text: '❤️', senderTimestampMs: T0 * 1000 } }),
  reactionRemoved: wa(keys.pn('3A0015'), { reactionMessage: { key: keys.mine('3EB0TARGET'), text: '' } }),
  revoke: wa(keys.pn('3A0016'), {
    protocolMessage: { key: { remoteJid: PHONE_JID, fromMe: false, id: '3A0001' }, type: proto.Message.ProtocolMessage.Type.REVOKE },
  }),
  /** Edits arrive wrapped in the future-proof `editedMessage` envelope. */
  edit: wa(keys.pn('3A0017'), {
    editedMessage: {
      message: {
        protocolMessage: {
          key: { remoteJid: PHONE_JID, fromMe: false, id: '3A0001' },
          type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
          editedMessage: { conversation: 'Olá, boa tarde' },
          timestampMs: (T0 + 60) * 1000,
        },
      },
    },
  }),
  captionEdit: wa(keys.pn('3A0018'), {
    protocolMessage: {
      key: { remoteJid: PHONE_JID, fromMe: false, id: '3A0003' },
      type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
      editedMessage: { imageMessage: { caption: 'foto da nota (corrigida)' } },
    },
  }),
  ephemeral: wa(keys.pn('3A0019'), { ephemeralMessage: { message: { extendedTextMessage: { text: 'some em 7 dias' } } } }),
  viewOnce: wa(keys.pn('3A0020'), { viewOnceMessageV2: { message: { imageMessage: { ...mediaFields('vo'), mimetype: 'image/jpeg', viewOnce: true } } } }),
  missedCall: wa(keys.pn('3A0021'), null, { messageStubType: proto.WebMessageInfo.StubType.CALL_MISSED_VOICE, messageStubParameters: [] }),
  missedVideoCall: wa(keys.pn('3A0022'), null, { messageStubType: proto.WebMessageInfo.StubType.CALL_MISSED_VIDEO }),
  buttonReply: wa(keys.pn('3A0023'), { buttonsResponseMessage: { selectedButtonId: 'opt-1', selectedDisplayText: 'Financeiro' } }),
  listReply: wa(keys.pn('3A0024'), { listResponseMessage: { title: 'Suporte', singleSelectReply: { selectedRowId: 'row-2' } } }),
  group: wa(keys.group('3A0025'), { conversation: 'bom dia grupo' }),
  lidOnly: wa(keys.lidOnly('3A0026'), { conversation: 'quem sou eu?' }),
  fromMe: wa(keys.mine('3EB0MINE01'), { conversation: 'enviada pelo celular' }, { pushName: null }),
  statusBroadcast: wa(keys.status('3A0027'), { conversation: 'meu status' }),
  poll: wa(keys.pn('3A0028'), { pollCreationMessage: { name: 'Horário?', options: [{ optionName: 'manhã' }], selectableOptionsCount: 1 } }),
  historyNotice: wa(keys.mine('3A0029'), {
    protocolMessage: { type: proto.Message.ProtocolMessage.Type.HISTORY_SYNC_NOTIFICATION, historySyncNotification: { syncType: 0 } },
  }),
  undecryptable: wa(keys.pn('3A0030'), null, { messageStubType: proto.WebMessageInfo.StubType.CIPHERTEXT, messageStubParameters: ['No session'] }),
};
