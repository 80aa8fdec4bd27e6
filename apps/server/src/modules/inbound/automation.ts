/**
 * The extension point of the queue bot, greetings, out-of-hours replies, timers, prompts and
 * integrations (built elsewhere). The conversation engine stores first and then tells the hooks,
 * after the transaction committed; a hook sends through `sendAutomatedText` (messages/outbound.ts)
 * so what it says is stored, retried and flagged `automated`.
 *
 * Hooks of an inbound message run inside that chat's serial lane (inbound.handler), so a bot sees
 * a chat's messages one at a time and in order. A failing hook is logged; it never loses the
 * message, which is already stored.
 */
import type { ContactRow, MessageRow, TicketRow } from '../../db/schema-conversations.js';
import type { Actor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';

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
  /** Sent by the product itself (greeting, menu, rating request): never answered (lesson 7). */
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

export interface AutomationHook {
  afterInboundMessage?(ctx: AppContext, event: InboundMessageEvent): Promise<void>;
  afterTicketAction?(ctx: AppContext, event: TicketActionEvent): Promise<void>;
}

/** Hooks per app (tests build several apps in one process). */
const hooks = new WeakMap<AppContext, AutomationHook[]>();

/** Adds a hook to the app; answers a function that removes it. */
export function registerAutomation(ctx: AppContext, hook: AutomationHook): () => void {
  const list = hooks.get(ctx) ?? [];
  list.push(hook);
  hooks.set(ctx, list);
  return () => {
    const current = hooks.get(ctx) ?? [];
    hooks.set(ctx, current.filter((h) => h !== hook));
  };
}

export async function runInboundHooks(ctx: AppContext, event: InboundMessageEvent): Promise<void> {
  for (const hook of hooks.get(ctx) ?? []) {
    try {
      await hook.afterInboundMessage?.(ctx, event);
    } catch (error) {
      ctx.log.error({ err: error, ticketId: event.ticket.id, messageId: event.message.id }, 'automation hook failed on an inbound message');
    }
  }
}

export async function runTicketHooks(ctx: AppContext, event: TicketActionEvent): Promise<void> {
  for (const hook of hooks.get(ctx) ?? []) {
    try {
      await hook.afterTicketAction?.(ctx, event);
    } catch (error) {
      ctx.log.error({ err: error, ticketId: event.ticket.id, action: event.action }, 'automation hook failed on a ticket action');
    }
  }
}
