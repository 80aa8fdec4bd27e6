/**
 * What happens to an inbound message, in order: filtered (broadcasts; groups per
 * CheckMsgIsGroup), deduplicated early when it has media to download (a redelivery then costs one
 * lookup, no download; otherwise the insert itself dedupes), media
 * saved, stored (the everyday message in a shared batch, inbound.batch; anything else alone,
 * inbound.store), then — after the commit — announced to the ticket's audience and
 * handed to the automation hooks with what they need to know (history, stale, fromMe, consumed).
 */
import { isBroadcastJid } from '../../channels/whatsapp/numbers.js';
import type { InboundMessage, ProviderSession } from '../../channels/whatsapp/provider.js';
import type { ContactRow } from '../../db/schema-conversations.js';
import type { AppContext } from '../../platform/context.js';
import { announceMessages } from '../messages/messages.live.js';
import { findByProviderId } from '../messages/messages.repository.js';
import { settingValue } from '../settings/settings.service.js';
import { announceTicket, announceTicketDeleted, newTicketAudience, ticketAudience } from '../tickets/tickets.audience.js';
import { presentOneContact } from '../contacts/contacts.presenter.js';
import { mayBatch, type InboundBatcher } from './inbound.batch.js';
import { identityOfChat } from './inbound.contacts.js';
import { storeInbound, type InboundSource, type PreparedMedia, type StoreOptions, type StoredInbound } from './inbound.store.js';

const DAY_MS = 86_400_000;

export interface PipelineSource extends InboundSource {
  session?: ProviderSession;
}

const needsDownload = (event: InboundMessage) => Boolean(event.media && !event.media.storedAs && !event.history);

/** Saved before the transaction: provider media URLs expire, and a transaction should not wait on a download. */
async function prepareMedia(ctx: AppContext, source: InboundSource, event: InboundMessage): Promise<PreparedMedia> {
  const media = event.media;
  if (!media) return { mediaPath: null, mediaName: null, mimeType: null };
  const base = { mediaName: media.fileName ?? null, mimeType: media.mimeType };
  if (media.storedAs) return { ...base, mediaPath: media.storedAs };
  if (!event.history) {
    try {
      const data = await media.fetch();
      return { ...base, mediaPath: await ctx.media.save(source.companyId, { data, mimeType: media.mimeType, fileName: media.fileName }) };
    } catch (error) {
      ctx.log.warn({ err: error, providerMessageId: event.providerMessageId }, 'inbound media not saved; its reference is kept');
    }
  }
  return { ...base, mediaPath: null, mediaRef: media.ref };
}

/**
 * Stores an inbound message and tells everyone concerned; null when it was a duplicate or filtered
 * out. Without a batcher every message takes the one-message path.
 */
export async function receiveMessage(
  ctx: AppContext,
  source: PipelineSource,
  event: InboundMessage,
  extra: Partial<StoreOptions> = {},
  batcher?: InboundBatcher,
): Promise<StoredInbound | null> {
  const { companyId, whatsappId } = source;
  if (isBroadcastJid(event.chatId)) return null;
  if (event.isGroup && (await settingValue(ctx.db, companyId, 'CheckMsgIsGroup')) === 'enabled') return null;
  const identity = identityOfChat(event.chatId, { lid: event.lid, pushName: event.fromMe ? '' : event.pushName, isGroup: event.isGroup });
  if (!identity) return null;
  // A redelivery must not download its media again; without a download the insert itself dedupes.
  if (needsDownload(event) && (await findByProviderId(ctx.db, companyId, whatsappId, event.providerMessageId))) return null;
  const media = await prepareMedia(ctx, source, event);
  const batched = batcher && mayBatch(identity, event, extra) ? await batcher.store({ source, identity, event, media }) : 'single';
  if (batched === null) return null;
  let stored: StoredInbound;
  if (batched === 'single') {
    const single = await storeInbound(ctx, source, identity, event, media, extra);
    if (!single) return null;
    await announceStored(ctx, source, single);
    stored = single;
  } else stored = batched; // the batch announced it
  if (source.session) refreshProfilePicture(ctx, source.session, stored.contact, event.chatId, stored.contactCreated);
  await ctx.automation.afterInboundMessage(ctx, {
    ticket: stored.ticket,
    contact: stored.contact,
    message: stored.message,
    history: event.history,
    stale: Boolean(event.stale),
    fromMe: event.fromMe,
    automated: stored.message.automated,
    ticketCreated: stored.ticketCreated,
    ticketReopened: stored.ticketReopened,
    consumed: stored.consumed,
    mayAutomate:
      !event.history && !event.stale && !event.fromMe && !stored.consumed && !stored.message.automated && !['reaction', 'call_log'].includes(stored.message.mediaType),
  });
  return stored;
}

async function announceStored(ctx: AppContext, source: InboundSource, stored: StoredInbound): Promise<void> {
  const { companyId } = source;
  // Only a reopen changes who may see the ticket (owner and queue reset): then the old audience learns it left.
  const before = stored.ticketCreated
    ? newTicketAudience()
    : stored.ticketReopened && stored.previous
      ? await ticketAudience(ctx.db, stored.previous)
      : [];
  if (stored.contactCreated) ctx.webhooks.publish(companyId, 'contact.created', () => presentOneContact(ctx.db, stored.contact));
  const changes = [stored.message, ...stored.said].map((message) => ({ action: 'create' as const, message }));
  await announceMessages(ctx, companyId, stored.ticket.id, changes, { ticketChanged: true, before });
  if (stored.said.length) ctx.outbox.kick(source.whatsappId);
  if (!stored.merged) return;
  // A LID contact folded into the phone contact: its tickets moved or merged into the survivor.
  const audience = await ticketAudience(ctx.db, stored.ticket);
  for (const ticketId of stored.merged.deletedTicketIds) announceTicketDeleted(ctx, companyId, ticketId, audience);
  for (const ticketId of stored.merged.changedTicketIds) if (ticketId !== stored.ticket.id) await announceTicket(ctx, companyId, ticketId);
}

/** Profile pictures are asked for when the contact is new and at most daily after that. */
function refreshProfilePicture(ctx: AppContext, session: ProviderSession, contact: ContactRow, chatId: string, created: boolean): void {
  if (contact.isGroup || !session.capabilities.profilePicture) return;
  const updated = contact.profilePicUpdatedAt ? new Date(contact.profilePicUpdatedAt).getTime() : 0;
  const now = ctx.clock.now();
  if (!created && now.getTime() - updated < DAY_MS) return;
  void (async () => {
    const url = await session.profilePicture(chatId).catch(() => null);
    await ctx.db
      .updateTable('contacts')
      .set({ profilePicUrl: url ?? '', profilePicUpdatedAt: now })
      .where('id', '=', contact.id)
      .execute();
  })().catch((error: unknown) => ctx.log.debug({ err: error, contactId: contact.id }, 'profile picture not refreshed'));
}
