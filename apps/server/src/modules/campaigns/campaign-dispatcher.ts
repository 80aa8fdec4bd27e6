/**
 * Sends campaigns (worker role). A sweep starts the scheduled campaigns whose time came (their
 * shipping rows are created in the same transaction that marks them EM_ANDAMENTO), then gives
 * every connection with work its turns: one send at a time per connection, paced by the
 * company's campaign settings.
 *
 * Exactly once: a turn is one transaction that locks the connection's pacing row, claims the next
 * shipping row (FOR UPDATE SKIP LOCKED, claimed_by/claimed_at), stores its messages through the
 * outbound path with keys derived from the row (`campaign:{shippingId}:...`) and marks the row
 * delivered (or asked for confirmation). Either all of it commits or none: a crash, a restart, a
 * second dispatcher or a cancel in between never serves a contact twice nor skips one; the outbox
 * then sends each stored message once with its key.
 *
 * Tickets: a campaign message joins the contact's ticket on the connection as it is; a contact
 * without one gets a closed ticket, so agents see nothing pending until the contact answers
 * (the inbound flow then reopens it as pending, as any answer to a closed ticket).
 */
import { CAMPAIGN_CONFIRMATION_FIELDS, CAMPAIGN_MESSAGE_FIELDS, type MessageMediaType } from '@atende/contract';
import type { Database } from '../../db/database.js';
import type { MessageRow, TicketRow } from '../../db/schema-conversations.js';
import type { CampaignRow, CampaignShippingRow } from '../../db/schema-campaigns.js';
import type { AutomationHook } from '../../platform/automation.js';
import type { AppContext } from '../../platform/context.js';
import { WorkerSweep } from '../../platform/repeating-task.js';
import { afterOutboundStored, storeOutbound } from '../messages/outbound.js';
import * as tickets from '../tickets/tickets.repository.js';
import { readCampaignSettings } from './campaign-settings.js';
import * as queries from './campaign-dispatch.queries.js';
import { shippingCounts, validContactsOf } from './campaigns.repository.js';
import { announceCampaign } from './campaigns.service.js';
import { presentCampaign } from './campaigns.presenter.js';
import { findCampaign } from './campaigns.repository.js';

export interface CampaignDispatcherOptions {
  pollMs?: number;
  /** Random source in [0, 1) for variants and intervals (tests pin it). */
  random?: () => number;
}

export interface CampaignDispatcher {
  runDue(): Promise<void>;
  /** A contact confirmed: look for work now. */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

function mediaTypeOf(contentType: string): MessageMediaType {
  if (contentType.startsWith('image/')) return 'image';
  if (contentType.startsWith('video/')) return 'video';
  if (contentType.startsWith('audio/')) return 'audio';
  return 'application';
}

/** {nome}, {email}, {numero} and the company's variables. */
export function fillCampaignText(text: string, shipping: Pick<CampaignShippingRow, 'name' | 'email' | 'number'>, variables: Array<{ key: string; value: string }>): string {
  const values = new Map<string, string>([['nome', shipping.name], ['email', shipping.email], ['numero', shipping.number]]);
  for (const v of variables) if (!values.has(v.key)) values.set(v.key, v.value);
  return text.replace(/\{([^{}\s]{1,50})\}/gu, (whole, key: string) => values.get(key) ?? whole);
}

interface Turn {
  ticket: TicketRow;
  stored: MessageRow[];
  campaign: CampaignRow;
}

class Dispatcher extends WorkerSweep implements CampaignDispatcher {
  constructor(
    ctx: AppContext,
    private readonly random: () => number,
    pollMs: number,
  ) {
    super(ctx, 'campaign dispatch', pollMs);
  }

  kick(): void {
    void this.runDue();
  }

  protected async sweep(): Promise<void> {
    await this.startDue();
    for (const whatsappId of await queries.connectionsWithWork(this.ctx.db)) {
      // Turns until the pacing says wait or nothing is ready.
      for (;;) {
        const turn = await this.turn(whatsappId);
        if (!turn) break;
        await afterOutboundStored(this.ctx, turn.ticket, turn.stored);
        await this.progress(turn.campaign);
      }
    }
    for (const done of await queries.finishDone(this.ctx.db, this.ctx.clock.now())) await this.announce(done.companyId, done.id);
  }

  private async startDue(): Promise<void> {
    const now = this.ctx.clock.now();
    const started = await this.ctx.db.transaction().execute(async (trx) => {
      const due = await queries.lockDueCampaigns(trx, now, 20);
      for (const campaign of due) {
        await queries.addShippings(trx, campaign, now);
        await queries.setStatus(trx, campaign.id, { status: 'EM_ANDAMENTO', updatedAt: now });
      }
      return due;
    });
    for (const campaign of started) await this.announce(campaign.companyId, campaign.id);
  }

  private async turn(whatsappId: number): Promise<Turn | null> {
    const { ctx } = this;
    const now = ctx.clock.now();
    return ctx.db.transaction().execute(async (trx) => {
      const pacing = await queries.takeTurn(trx, whatsappId, now);
      if (!pacing) return null;
      const claimed = await queries.claimNext(trx, whatsappId, ctx.sessions.nodeId, now);
      if (!claimed) return null;
      const { shipping, campaign } = claimed;
      const settings = await readCampaignSettings(trx, campaign.companyId);
      const contact = await queries.contactFor(trx, campaign.companyId, shipping);
      const ticket = await this.ticketFor(trx, campaign, contact.id, contact.isGroup, now);
      const fill = (text: string) => fillCampaignText(text, shipping, settings.variables);
      const stored: MessageRow[] = [];
      const store = async (key: string, draft: Omit<Parameters<typeof storeOutbound>[2], 'userId' | 'automated' | 'idempotencyKey'>) => {
        const { message, created } = await storeOutbound(trx, ticket, { ...draft, userId: null, automated: true, idempotencyKey: `campaign:${shipping.id}:${key}` }, now);
        if (created) stored.push(message);
      };
      if (campaign.confirmation && shipping.confirmationRequestedAt === null && this.variants(campaign, CAMPAIGN_CONFIRMATION_FIELDS).length > 0) {
        const text = fill(this.pick(this.variants(campaign, CAMPAIGN_CONFIRMATION_FIELDS)));
        await store('confirmation', { body: text });
        await queries.markShipping(trx, shipping.id, { confirmationMessage: text, confirmationRequestedAt: now, contactId: contact.id, ticketId: ticket.id, updatedAt: now });
      } else {
        const text = fill(this.pick(this.variants(campaign, CAMPAIGN_MESSAGE_FIELDS)));
        const media = campaign.mediaPath ? await ctx.media.read(campaign.companyId, campaign.mediaPath) : null;
        if (media) await store('message', { body: text, mediaType: mediaTypeOf(media.contentType), mediaPath: campaign.mediaPath, mediaName: campaign.mediaName, mimeType: media.contentType });
        else await store('message', { body: text });
        for (const file of await this.filesOf(trx, campaign)) {
          await store(`file:${file.id}`, { body: '', mediaType: mediaTypeOf(file.mediaType ?? ''), mediaPath: file.path, mediaName: file.fileName ?? file.name, mimeType: file.mediaType });
        }
        await queries.markShipping(trx, shipping.id, { message: text, deliveredAt: now, contactId: contact.id, ticketId: ticket.id, updatedAt: now });
      }
      const sends = pacing.sends + 1;
      await queries.passTurn(trx, whatsappId, new Date(now.getTime() + this.pause(settings, sends)), sends);
      return { ticket, stored, campaign };
    });
  }

  private variants(campaign: CampaignRow, fields: readonly (keyof CampaignRow)[]): string[] {
    return fields.map((f) => campaign[f] as string | null).filter((t): t is string => typeof t === 'string' && t.trim() !== '');
  }

  private pick(texts: string[]): string {
    if (texts.length === 0) return '';
    return texts[Math.min(texts.length - 1, Math.floor(this.random() * texts.length))]!;
  }

  /** Up to messageInterval at random; greaterInterval after every longerIntervalAfter sends. */
  private pause(settings: { messageInterval: number; longerIntervalAfter: number; greaterInterval: number }, sends: number): number {
    if (settings.longerIntervalAfter > 0 && sends % settings.longerIntervalAfter === 0) return settings.greaterInterval * 1000;
    return Math.floor(this.random() * settings.messageInterval * 1000);
  }

  private async filesOf(trx: Database, campaign: CampaignRow) {
    if (campaign.fileListId === null) return [];
    return trx
      .selectFrom('fileListOptions')
      .selectAll()
      .where('companyId', '=', campaign.companyId)
      .where('fileListId', '=', campaign.fileListId)
      .where('path', 'is not', null)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  private async ticketFor(trx: Database, campaign: CampaignRow, contactId: number, isGroup: boolean, now: Date): Promise<TicketRow> {
    const whatsappId = campaign.whatsappId!;
    const existing = await tickets.lockTicketOf(trx, campaign.companyId, contactId, whatsappId);
    if (existing) return existing;
    const inserted = await tickets.insertTicketIfAbsent(trx, {
      companyId: campaign.companyId, contactId, whatsappId, status: 'closed', userId: null, queueId: null, isGroup, lastMessageAt: now, createdAt: now, updatedAt: now,
    });
    return inserted ?? (await tickets.lockTicketOf(trx, campaign.companyId, contactId, whatsappId))!;
  }

  private async progress(campaign: CampaignRow): Promise<void> {
    const [validContacts, counts] = await Promise.all([validContactsOf(this.ctx.db, campaign), shippingCounts(this.ctx.db, campaign.companyId, campaign.id)]);
    announceCampaign(this.ctx, campaign.companyId, { action: 'progress', campaignId: campaign.id, counts: { validContacts, ...counts } });
  }

  private async announce(companyId: number, id: number): Promise<void> {
    const row = await findCampaign(this.ctx.db, companyId, id);
    if (row) announceCampaign(this.ctx, companyId, { action: 'update', record: presentCampaign(row, this.ctx.clock.now()) });
  }
}

export function createCampaignDispatcher(ctx: AppContext, options: CampaignDispatcherOptions = {}): CampaignDispatcher {
  return new Dispatcher(ctx, options.random ?? Math.random, options.pollMs ?? 5_000);
}

/**
 * The contact's answer confirms the campaigns that asked them on that connection; the dispatcher
 * then sends them the campaign message. `dispatcher` is read when an answer arrives.
 */
export function campaignConfirmations(dispatcher: () => CampaignDispatcher | undefined): AutomationHook<AppContext> {
  return {
    async afterInboundMessage(ctx, event) {
      if (event.fromMe || event.history || event.automated || event.stale || event.ticket.whatsappId === null) return;
      const confirmed = await queries.confirm(ctx.db, event.ticket.companyId, event.contact.id, event.ticket.whatsappId, ctx.clock.now());
      if (confirmed.length) dispatcher()?.kick();
    },
  };
}
