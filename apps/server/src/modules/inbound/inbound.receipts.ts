/**
 * What the network says about messages already stored: edits (the previous text is kept),
 * revokes ("deleted for everyone": kept, marked isDeleted), and sends the network refused after
 * accepting them. Acks are in messages/message-acks (forward only, early ones kept briefly).
 */
import { sql } from 'kysely';
import type { EditEvent, RevokeEvent, SendFailedEvent } from '../../channels/whatsapp/provider.js';
import type { AppContext } from '../../platform/context.js';
import { announceQuietly } from '../messages/messages.live.js';
import { findByProviderId } from '../messages/messages.repository.js';
import type { InboundSource } from './inbound.store.js';

export async function receiveEdit(ctx: AppContext, source: InboundSource, event: EditEvent): Promise<void> {
  const message = await findByProviderId(ctx.db, source.companyId, source.whatsappId, event.providerMessageId);
  if (!message || message.body === event.newBody) return; // unknown, or a redelivered edit
  const edited = await ctx.db
    .updateTable('messages')
    .set({
      body: event.newBody,
      isEdited: true,
      previousBodies: sql<string>`previous_bodies || jsonb_build_array(body)`,
      updatedAt: ctx.clock.now(),
    })
    .where('id', '=', message.id)
    .where('body', '!=', event.newBody)
    .returningAll()
    .executeTakeFirst();
  if (edited) await announceQuietly(ctx, edited.companyId, edited.ticketId, [{ action: 'update', message: edited }]);
}

export async function receiveRevoke(ctx: AppContext, source: InboundSource, event: RevokeEvent): Promise<void> {
  const revoked = await ctx.db
    .updateTable('messages')
    .set({ isDeleted: true, updatedAt: ctx.clock.now() })
    .where('companyId', '=', source.companyId)
    .where('whatsappId', '=', source.whatsappId)
    .where('providerMessageId', '=', event.providerMessageId)
    .where('isDeleted', '=', false)
    .returningAll()
    .executeTakeFirst();
  if (revoked) await announceQuietly(ctx, revoked.companyId, revoked.ticketId, [{ action: 'update', message: revoked }]);
}

/** The network refused a message after the send call had returned (Cloud status 'failed'). */
export async function receiveSendFailed(ctx: AppContext, source: InboundSource, event: SendFailedEvent): Promise<void> {
  const failed = await ctx.db
    .updateTable('messages')
    .set({ delivery: 'failed', errorCode: event.code || 'ERR_SENDING_WAPP_MSG', nextAttemptAt: null, updatedAt: ctx.clock.now() })
    .where('companyId', '=', source.companyId)
    .where('whatsappId', '=', source.whatsappId)
    .where('providerMessageId', '=', event.providerMessageId)
    .where('fromMe', '=', true)
    .returningAll()
    .executeTakeFirst();
  if (failed) await announceQuietly(ctx, failed.companyId, failed.ticketId, [{ action: 'update', message: failed }]);
}
