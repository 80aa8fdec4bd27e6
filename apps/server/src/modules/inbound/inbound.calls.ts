/**
 * Calls (message type 'call_log'; company setting `call`): every incoming call is logged in the
 * customer's ticket as a call_log message; when the company refuses calls (`call` disabled) the
 * customer gets one automatic answer per call (the call id is the key: a redelivered call event
 * never answers twice).
 */
import type { CallEvent, InboundMessage } from '../../channels/whatsapp/provider.js';
import type { AppContext } from '../../platform/context.js';
import { sendAutomatedText } from '../messages/outbound.js';
import { settingValue } from '../settings/settings.service.js';
import { ticketOfChat } from './inbound.lookup.js';
import { receiveMessage, type PipelineSource } from './inbound.pipeline.js';

export const CALL_REFUSED_MESSAGE =
  '*Mensagem automática*:\nAs chamadas de voz e vídeo estão desabilitadas para este WhatsApp, favor enviar uma mensagem de texto. Obrigado!';

export async function receiveCall(ctx: AppContext, source: PipelineSource, event: CallEvent): Promise<void> {
  const callId = event.callId ?? `call:${event.from}:${event.timestamp}`;
  const entry: InboundMessage = {
    providerMessageId: callId,
    chatId: event.from,
    fromMe: false,
    timestamp: event.timestamp,
    pushName: '',
    kind: 'call_log',
    body: event.isVideo ? 'video' : 'voice',
    isGroup: false,
    history: false,
  };
  const stored = await receiveMessage(ctx, source, entry, { fromCallEvent: true });
  if ((await settingValue(ctx.db, source.companyId, 'call')) !== 'disabled') return;
  const ticket = stored?.ticket ?? (await ticketOfChat(ctx.db, source, event.from));
  if (ticket) await sendAutomatedText(ctx, ticket, CALL_REFUSED_MESSAGE, `call-reply:${source.whatsappId}:${callId}`);
}
