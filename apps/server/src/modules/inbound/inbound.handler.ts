/**
 * The conversation engine's side of the WhatsApp sessions: the ChannelEventHandler the session
 * manager hands every provider event to. Work of one chat runs in its own serial lane (message,
 * its edits and revokes, receipts, calls and identity events of that chat), different chats in
 * parallel; across processes the database's unique keys and row locks keep the same guarantees.
 * Each call resolves only once its event is stored (Cloud answers Meta's webhook after that).
 */
import type { FastifyInstance } from 'fastify';
import { normalizeJid } from '../../channels/whatsapp/numbers.js';
import type { AppContext } from '../../platform/context.js';
import { recordAck } from '../messages/message-acks.js';
import type { ChannelEventHandler, ChannelSource } from '../connections/connections.events.js';
import { announceTicket, announceTicketDeleted, ticketAudience } from '../tickets/tickets.audience.js';
import { findTicket } from '../tickets/tickets.repository.js';
import { receiveCall } from './inbound.calls.js';
import { linkIdentity } from './inbound.contacts.js';
import { lastInboundOf } from './inbound.lookup.js';
import { receiveMessage } from './inbound.pipeline.js';
import { receiveEdit, receiveRevoke, receiveSendFailed } from './inbound.receipts.js';
import { SerialLanes, withRetry } from './serial-lanes.js';

export interface InboundHandler extends ChannelEventHandler {
  /** Resolves when every lane is empty (tests). */
  idle(): Promise<void>;
}

const handlers = new WeakMap<AppContext, InboundHandler>();
export const inboundHandlerOf = (ctx: AppContext) => handlers.get(ctx);

export function createInboundHandler(ctx: AppContext): InboundHandler {
  const lanes = new SerialLanes();
  const inLane = (source: ChannelSource, chatId: string | undefined, task: () => Promise<unknown>): Promise<void> => {
    const run = async () => {
      await task();
    };
    return chatId ? lanes.run(`${source.whatsappId}:${normalizeJid(chatId)}`, run) : run();
  };

  return {
    message: (source, event) => inLane(source, event.chatId, () => receiveMessage(ctx, source, event)),
    ack: (source, event) => inLane(source, event.chatId, () => recordAck(ctx, source, event.providerMessageId, event.ack)),
    edit: (source, event) => inLane(source, event.chatId, () => receiveEdit(ctx, source, event)),
    revoke: (source, event) => inLane(source, event.chatId, () => receiveRevoke(ctx, source, event)),
    call: (source, event) => inLane(source, event.from, () => receiveCall(ctx, source, event)),
    identity: (source, event) => inLane(source, event.phoneJid, () => receiveIdentity(ctx, source, event.phoneJid, event.lid)),
    sendFailed: (source, event) => inLane(source, event.chatId, () => receiveSendFailed(ctx, source, event)),
    lastInboundAt: (source, chatId) => lastInboundOf(ctx.db, source, chatId),
    idle: () => lanes.idle(),
  };
}

/** A phone number and a LID are one person: link them, merging two contacts when both exist. */
async function receiveIdentity(ctx: AppContext, source: ChannelSource, phoneJid: string, lid: string): Promise<void> {
  const linked = await withRetry(() => ctx.db.transaction().execute((trx) => linkIdentity(trx, source.companyId, phoneJid, lid, ctx.clock.now())));
  const merged = linked?.merged;
  if (!merged) return;
  const survivors = [...new Set(merged.changedTicketIds)];
  for (const ticketId of survivors) await announceTicket(ctx, source.companyId, ticketId);
  const first = survivors.length ? await findTicket(ctx.db, source.companyId, survivors[0]) : undefined;
  const audience = first ? await ticketAudience(ctx.db, first) : [];
  for (const ticketId of merged.deletedTicketIds) announceTicketDeleted(ctx, source.companyId, ticketId, audience);
}

/** Plugs the engine into the session manager (module registration, modules/index.ts). */
export async function inboundModule(_api: FastifyInstance, ctx: AppContext): Promise<void> {
  const handler = createInboundHandler(ctx);
  handlers.set(ctx, handler);
  ctx.sessions.setHandler(handler);
}
