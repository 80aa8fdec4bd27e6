/**
 * The extension point of the queue bot, greetings, out-of-hours replies, timers, prompts and
 * integrations. The conversation engine stores first and then tells the hooks, after the
 * transaction committed; a hook sends through `sendAutomatedText` (messages/outbound.ts) so what
 * it says is stored, retried and flagged `automated`.
 *
 * Hooks of an inbound message run inside that chat's serial lane (inbound.handler), so a bot sees
 * a chat's messages one at a time and in order. A failing hook is logged; it never loses the
 * message, which is already stored.
 *
 * It lives below the features: tickets and inbound both tell the hooks, and neither has to know
 * the other (or the bot) for that. The composition root registers the hooks of the app.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ContactRow, MessageRow, TicketRow } from '../db/schema-conversations.js';
import type { Actor } from './actor.js';

export interface InboundMessageEvent {
  ticket: TicketRow;
  contact: ContactRow;
  message: MessageRow;
  /** Synced from the phone's history (old): stored, never to be answered. */
  history: boolean;
  /** Delivered late or replayed by the provider: stored, never to be answered. */
  stale: boolean;
  /** Written by the business (on the phone, or sent by us): never to be answered. */
  fromMe: boolean;
  /** Sent by the product itself (greeting, menu, rating request): never answered, so the product never answers itself. */
  automated: boolean;
  /** The message opened a new ticket, or brought a closed one back (new cycle). */
  ticketCreated: boolean;
  ticketReopened: boolean;
  /**
   * The pipeline consumed the message itself (a rating answer): nothing else should answer it.
   */
  consumed: boolean;
  /** True only for a fresh customer message nobody consumed: the one a bot may answer. */
  mayAutomate: boolean;
}

export type TicketActionName = 'create' | 'accept' | 'return' | 'finish' | 'reopen' | 'transfer';

export interface TicketActionEvent {
  action: TicketActionName;
  /** The ticket after the change, and as it was before (null when created). */
  ticket: TicketRow;
  previous: TicketRow | null;
  actor: Actor;
}

/** `Ctx` is the app's context (platform/context.ts names it), given to every call. */
export interface AutomationHook<Ctx> {
  afterInboundMessage?(ctx: Ctx, event: InboundMessageEvent): Promise<void>;
  afterTicketAction?(ctx: Ctx, event: TicketActionEvent): Promise<void>;
}

/** The hooks of one app (tests build several apps in one process). */
export class AutomationHooks<Ctx extends { log: FastifyBaseLogger }> {
  private hooks: AutomationHook<Ctx>[] = [];

  constructor(hooks: AutomationHook<Ctx>[] = []) {
    this.hooks = [...hooks];
  }

  /** Adds a hook; answers a function that removes it. */
  register(hook: AutomationHook<Ctx>): () => void {
    this.hooks = [...this.hooks, hook];
    return () => {
      this.hooks = this.hooks.filter((h) => h !== hook);
    };
  }

  async afterInboundMessage(ctx: Ctx, event: InboundMessageEvent): Promise<void> {
    for (const hook of this.hooks) {
      try {
        await hook.afterInboundMessage?.(ctx, event);
      } catch (error) {
        ctx.log.error({ err: error, ticketId: event.ticket.id, messageId: event.message.id }, 'automation hook failed on an inbound message');
      }
    }
  }

  async afterTicketAction(ctx: Ctx, event: TicketActionEvent): Promise<void> {
    for (const hook of this.hooks) {
      try {
        await hook.afterTicketAction?.(ctx, event);
      } catch (error) {
        ctx.log.error({ err: error, ticketId: event.ticket.id, action: event.action }, 'automation hook failed on a ticket action');
      }
    }
  }
}
