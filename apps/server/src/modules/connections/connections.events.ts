import type { FastifyBaseLogger } from 'fastify';
import type {
  AckEvent, CallEvent, EditEvent, IdentityEvent, InboundMessage, ProviderKind, ProviderSession, RevokeEvent, SendFailedEvent,
} from '../../channels/whatsapp/provider.js';

/** Which connection an inbound event came through, and its live session (to answer through it). */
export interface ChannelSource {
  whatsappId: number;
  companyId: number;
  provider: ProviderKind;
  session: ProviderSession;
}

/**
 * Where the session manager hands every inbound provider event. The inbound module
 * implements it (inbound.handler.ts: contacts, tickets, messages); the session manager cannot
 * be built without one.
 *
 * Contract: events of one chat arrive one at a time and in order (different chats of a connection
 * may arrive side by side; status and identity events wait for what came before); a handler awaits its own
 * storage before resolving (Cloud answers Meta's webhook only after that, so a
 * failed store makes Meta deliver the event again); providers
 * deliver at least once, so handlers dedupe by (company, connection, providerMessageId); `history`
 * and `stale` messages are stored but never trigger automations. A throw is logged (socket
 * providers) or fails the webhook call so Meta redelivers (Cloud).
 */
export interface ChannelEventHandler {
  message(source: ChannelSource, event: InboundMessage): Promise<void>;
  /** Only forward moves reach here per session; store with GREATEST(ack, new) all the same. */
  ack(source: ChannelSource, event: AckEvent): Promise<void>;
  edit(source: ChannelSource, event: EditEvent): Promise<void>;
  revoke(source: ChannelSource, event: RevokeEvent): Promise<void>;
  call(source: ChannelSource, event: CallEvent): Promise<void>;
  /** A phone-number jid and a LID are the same person. */
  identity(source: ChannelSource, event: IdentityEvent): Promise<void>;
  /** The network refused a message after the send call had returned. */
  sendFailed(source: ChannelSource, event: SendFailedEvent): Promise<void>;
  /** Cloud's 24-hour window: when the customer last wrote on this connection (ms), from the message store. */
  lastInboundAt?(source: Pick<ChannelSource, 'whatsappId' | 'companyId'>, chatId: string): Promise<number | null>;
}

export const INBOUND_EVENTS = ['message', 'ack', 'edit', 'revoke', 'call', 'identity', 'sendFailed'] as const;

/** Logs each event at debug level and stores nothing (tests that watch the sessions alone). */
export function loggingChannelHandler(log: FastifyBaseLogger): ChannelEventHandler {
  const note = (event: string) => async (source: ChannelSource, payload: unknown) => {
    log.debug({ whatsappId: source.whatsappId, companyId: source.companyId, event, payload }, 'whatsapp event (no handler yet)');
  };
  return {
    message: note('message'),
    ack: note('ack'),
    edit: note('edit'),
    revoke: note('revoke'),
    call: note('call'),
    identity: note('identity'),
    sendFailed: note('sendFailed'),
  };
}
