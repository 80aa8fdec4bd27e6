/**
 * One interface for every kind of queue integration: given the customer's message, a runner asks
 * its service and answers what to say, what to remember and what becomes of the ticket. Runners
 * have no side effects on the ticket: integration-agent.ts stores what they say and applies the
 * outcome, so every kind follows the same rules (never twice, never in parallel, failures visible).
 */
import type { ContactRow, MessageRow, TicketRow } from '../../../db/schema-conversations.js';
import type { QueueIntegrationRow } from '../../../db/schema-integrations.js';
import type { AppContext } from '../../../platform/context.js';

export interface IntegrationTurn {
  ctx: AppContext;
  integration: QueueIntegrationRow;
  ticket: TicketRow;
  contact: ContactRow;
  /** The customer's message being answered. */
  message: MessageRow;
  /** What this runner kept on the ticket for this attendance ({} at its start). */
  state: Record<string, unknown>;
  now: Date;
}

export type TurnEnd =
  /** The conversation goes on: the next message comes back to the runner. */
  | { kind: 'stay' }
  /** People take over, in `queueId` when given (else the ticket's queue is kept). */
  | { kind: 'handOver'; queueId?: number }
  /** The ticket is finished. */
  | { kind: 'close' };

export interface TurnOutcome {
  /** Texts to the customer, in order. */
  say: string[];
  /** Milliseconds between two of them. */
  spacingMs?: number;
  /** The runner's state from now on (unchanged when absent). */
  state?: Record<string, unknown>;
  then: TurnEnd;
}

export interface IntegrationRunner {
  answer(turn: IntegrationTurn): Promise<TurnOutcome>;
}
