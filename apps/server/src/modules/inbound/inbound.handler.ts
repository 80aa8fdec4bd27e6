/**
 * The conversation engine's side of the WhatsApp sessions: the ChannelEventHandler the session
 * manager hands every provider event to. Work of one chat runs in its own serial lane (message,
 * its edits and revokes, receipts, calls and identity events of that chat), different chats in
 * parallel; across processes the database's unique keys and row locks keep the same guarantees.
 * Each call resolves only once its event is stored (Cloud answers Meta's webhook after that).
 */
import { normalizeJid } from '../../channels/whatsapp/numbers.js';
import { contextReader, type AppContext, type ContextSource } from '../../platform/context.js';
import { storableCopy } from '../../platform/validation.js';
import { recordAck } from '../messages/message-acks.js';
import type { ChannelEventHandler, ChannelSource } from '../connections/connections.events.js';
import { announceTicket, announceTicketDeleted, ticketAudience } from '../tickets/tickets.audience.js';
import { findTicket } from '../tickets/tickets.repository.js';
import { InboundBatcher } from './inbound.batch.js';
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

/**
 * The composition root builds one and gives it to the session manager; the handler reads the
 * context when an event arrives (the context holds that session manager, so it is built after).
 * Tests build more of their own over an app's context.
 */
export function createInboundHandler(context: ContextSource): InboundHandler {
  const ctxOf = contextReader(context);
  const lanes = new SerialLanes();
  const batcher = new InboundBatcher(ctxOf);
  const inLane = (source: ChannelSource, chatId: string | undefined, task: () => Promise<unknown>): Promise<void> => {
    const run = async () => {
      await task();
    };
    return chatId ? lanes.run(`${source.whatsappId}:${normalizeJid(chatId)}`, run) : run();
  };

  return {
    message: (source, event) => inLane(source, event.chatId, () => receiveMessage(ctxOf(), source, storableCopy(event), {}, batcher)),
    ack: (source, event) => inLane(source, event.chatId, () => recordAck(ctxOf(), source, event.providerMessageId, event.ack)),
    edit: (source, event) => inLane(source, event.chatId, () => receiveEdit(ctxOf(), source, storableCopy(event))),
    revoke: (source, event) => inLane(source, event.chatId, () => receiveRevoke(ctxOf(), source, event)),
    call: (source, event) => inLane(source, event.from, () => receiveCall(ctxOf(), source, event)),
    identity: (source, event) => inLane(source, event.phoneJid, () => receiveIdentity(ctxOf(), source, event.phoneJid, event.lid)),
    sendFailed: (source, event) => inLane(source, event.chatId, () => receiveSendFailed(ctxOf(), source, event)),
    lastInboundAt: (source, chatId) => lastInboundOf(ctxOf().db, source, chatId),
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
