/**
 * Changes only a connection's session can make on the customer's phone, asked for on a node where
 * that session does not run (or runs but is down for a moment): delete for everyone, edit, read
 * receipts. The request stores the change in `connection_tasks` and answers the agent at once; the
 * node that holds the session carries it out in its outbox pass, the way a send goes out:
 *
 * - Claiming sets next_attempt_at ahead (FOR UPDATE SKIP LOCKED): two passes never take one task.
 * - A failure counts an attempt and waits (exponential backoff); after `maxAttempts` (a read
 *   receipt: READ_ATTEMPTS), or a failure no retry can fix, the task is given up and logged. A
 *   delete or edit given up leaves the message as the agent made it, with an errorCode that says
 *   the phone did not get the change (docs/decisions.md); a read receipt is only a courtesy.
 * - Tasks of a connection that is not CONNECTED wait without spending attempts, up to `maxWaitMs`.
 * - One waiting task per message and kind, one read receipt per ticket: asking again joins it. A
 *   task asked again while in flight stays for the next pass (its claim stamp no longer matches).
 */
import { sql, type ColumnType, type Generated, type Selectable } from 'kysely';
import { toChatId } from '../../channels/whatsapp/numbers.js';
import { isWhatsAppError, type Capabilities, type ProviderSession } from '../../channels/whatsapp/provider.js';
import type { Database } from '../../db/database.js';
import type { MessageRow, TicketRow } from '../../db/schema-conversations.js';
import type { AppContext } from '../../platform/context.js';
import { announceQuietly } from './messages.live.js';

export type ConnectionTaskKind = 'delete' | 'edit' | 'read';

interface ConnectionTasksTable {
  id: Generated<string>;
  companyId: number;
  whatsappId: number;
  ticketId: number;
  messageId: ColumnType<string | null, string | null | undefined, string | null>;
  kind: ConnectionTaskKind;
  /** jsonb: written as JSON text. */
  providerMessageIds: ColumnType<string[] | string, string | undefined, string>;
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: Date;
  createdAt: Date;
}
type ConnectionTask = Selectable<ConnectionTasksTable>;

/** The table of migration 0010, known to this module only. */
const tasksOf = (db: Database) => db.withTables<{ connectionTasks: ConnectionTasksTable }>();

/** Blue ticks are a courtesy: tried this many times at most. */
export const READ_ATTEMPTS = 3;
/** Ids sent in one read receipt: the newest ones. */
const READ_BATCH = 100;
/** Failures a retry cannot fix. */
const PERMANENT = new Set(['ERR_WAPP_INVALID_CONTACT', 'ERR_WAPP_UNSUPPORTED']);
/** What the message says when its change was given up: the code the synchronous request would have answered. */
const GIVEN_UP_CODE: Record<'delete' | 'edit', string> = { delete: 'ERR_DELETE_WAPP_MSG', edit: 'ERR_SENDING_WAPP_MSG' };
const CAPABILITY: Record<ConnectionTaskKind, keyof Capabilities> = { delete: 'delete', edit: 'edit', read: 'markRead' };

/**
 * What the connection's provider can do, from its row: known on every node, also where the
 * session does not run. Undefined when the connection is gone.
 */
export async function connectionCapabilities(ctx: AppContext, companyId: number, whatsappId: number): Promise<Capabilities | undefined> {
  const row = await ctx.db.selectFrom('whatsapps').select('provider').where('companyId', '=', companyId).where('id', '=', whatsappId).executeTakeFirst();
  if (!row) return undefined;
  try {
    return ctx.sessions.registry.capabilitiesOf(row.provider);
  } catch {
    return undefined;
  }
}

/** A delete or edit of a sent message, for the holder of its session; in the caller's transaction with the row's change. */
export async function queueMessageChange(db: Database, message: MessageRow, kind: 'delete' | 'edit', now: Date): Promise<void> {
  await tasksOf(db)
    .insertInto('connectionTasks')
    .values({ companyId: message.companyId, whatsappId: message.whatsappId!, ticketId: message.ticketId, messageId: message.id, kind, nextAttemptAt: now, createdAt: now })
    .onConflict((oc) => oc.columns(['messageId', 'kind']).where('messageId', 'is not', null).doUpdateSet({ attempts: 0, nextAttemptAt: now, createdAt: now }))
    .execute();
}

/**
 * Read receipts for the ticket's customer messages, for the holder of its session. A receipt
 * still waiting for the ticket takes the new ids too; its time to give up is not pushed back.
 */
export async function queueReadReceipt(db: Database, ticket: TicketRow, providerMessageIds: string[], now: Date): Promise<void> {
  if (ticket.whatsappId === null || providerMessageIds.length === 0) return;
  await tasksOf(db)
    .insertInto('connectionTasks')
    .values({
      companyId: ticket.companyId, whatsappId: ticket.whatsappId, ticketId: ticket.id, kind: 'read',
      providerMessageIds: JSON.stringify(providerMessageIds.slice(-READ_BATCH)), nextAttemptAt: now, createdAt: now,
    })
    .onConflict((oc) =>
      oc
        .column('ticketId')
        .where('kind', '=', sql.lit('read'))
        .doUpdateSet({
          whatsappId: (eb) => eb.ref('excluded.whatsappId'),
          providerMessageIds: sql<string>`connection_tasks.provider_message_ids || excluded.provider_message_ids`,
          attempts: 0,
          nextAttemptAt: now,
        }),
    )
    .execute();
}

export interface ConnectionTaskOptions {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long a claimed task is reserved for the call in flight. */
  claimMs: number;
  /** A task still waiting after this long (connection down, nobody holds it) is given up. */
  maxWaitMs: number;
  /** A call that has not answered by then counts as failed. */
  callTimeoutMs: number;
  batchSize: number;
}

/** The second kind of work of the outbox's pass (outbox.ts): tasks of the sessions this process holds. */
export class ConnectionTasks {
  private lastExpiry = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: ConnectionTaskOptions,
  ) {}

  /** Gives up stale tasks (about once a minute, on any worker), then carries out what is due on these CONNECTED sessions. */
  async pass(connected: number[]): Promise<void> {
    await this.expireStale();
    if (connected.length === 0) return;
    for (;;) {
      const batch = await this.claim(connected);
      const progress = await Promise.all(batch.map((task) => this.carryOut(task)));
      if (batch.length < this.options.batchSize || !progress.includes(true)) return;
    }
  }

  private claim(whatsappIds: number[]): Promise<ConnectionTask[]> {
    const now = this.ctx.clock.now();
    const until = new Date(now.getTime() + this.options.claimMs);
    return tasksOf(this.ctx.db)
      .updateTable('connectionTasks')
      .set({ nextAttemptAt: until })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('connectionTasks as t')
          .select('t.id')
          .where('t.whatsappId', 'in', whatsappIds)
          .where('t.nextAttemptAt', '<=', now)
          .orderBy('t.nextAttemptAt')
          .orderBy('t.id')
          .limit(this.options.batchSize)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
  }

  /** Answers whether the task moved on (done, given up, or waiting for its next attempt). */
  private async carryOut(task: ConnectionTask): Promise<boolean> {
    const session = this.ctx.sessions.session(task.whatsappId);
    if (!session || session.status !== 'CONNECTED') {
      // The session went away since the claim: give the task back without spending an attempt.
      await this.claimed(task).set({ nextAttemptAt: this.ctx.clock.now() }).execute();
      return false;
    }
    try {
      if (!session.capabilities[CAPABILITY[task.kind]]) throw Object.assign(new Error(`${session.kind} cannot ${task.kind}`), { code: 'ERR_WAPP_UNSUPPORTED' });
      await withTimeout(this.call(session, task), this.options.callTimeoutMs, 'the provider did not answer in time');
    } catch (error) {
      await this.failed(task, error);
      return true;
    }
    await tasksOf(this.ctx.db).deleteFrom('connectionTasks').where('id', '=', task.id).where('nextAttemptAt', '=', task.nextAttemptAt).execute();
    return true;
  }

  private async call(session: ProviderSession, task: ConnectionTask): Promise<void> {
    const db = this.ctx.db;
    if (task.kind === 'read') {
      const contact = await db
        .selectFrom('tickets')
        .innerJoin('contacts', 'contacts.id', 'tickets.contactId')
        .select(['contacts.number', 'contacts.lid', 'contacts.isGroup'])
        .where('tickets.id', '=', task.ticketId)
        .executeTakeFirst();
      const ids = [...new Set(jsonArray(task.providerMessageIds))].slice(-READ_BATCH);
      if (!contact || ids.length === 0) return;
      return session.markRead({ chatId: chatIdOf(contact), providerMessageIds: ids });
    }
    const target = await db
      .selectFrom('messages')
      .innerJoin('contacts', 'contacts.id', 'messages.contactId')
      .select(['messages.providerMessageId', 'messages.body', 'messages.isDeleted', 'contacts.number', 'contacts.lid', 'contacts.isGroup'])
      .where('messages.companyId', '=', task.companyId)
      .where('messages.id', '=', task.messageId!)
      .executeTakeFirst();
    if (!target?.providerMessageId) return;
    const ref = { chatId: chatIdOf(target), providerMessageId: target.providerMessageId };
    if (task.kind === 'delete') return session.deleteMessage(ref);
    // Deleted since: the delete (its own task) is what the phone must get.
    if (target.isDeleted) return;
    return session.editMessage({ ...ref, newBody: target.body });
  }

  private async failed(task: ConnectionTask, error: unknown): Promise<void> {
    const code = isWhatsAppError(error) ? error.code : ((error as { code?: string })?.code ?? 'ERR_WAPP_CALL');
    const attempts = task.attempts + 1;
    const limit = task.kind === 'read' ? Math.min(READ_ATTEMPTS, this.options.maxAttempts) : this.options.maxAttempts;
    this.ctx.log.warn({ err: error, taskId: task.id, kind: task.kind, messageId: task.messageId, ticketId: task.ticketId, attempts, code }, 'change not made on the phone');
    if (PERMANENT.has(code) || attempts >= limit) {
      const given = await tasksOf(this.ctx.db).deleteFrom('connectionTasks').where('id', '=', task.id).where('nextAttemptAt', '=', task.nextAttemptAt).returningAll().execute();
      return this.givenUp(given, 'failed');
    }
    const delay = Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** (attempts - 1));
    await this.claimed(task).set({ attempts, nextAttemptAt: new Date(this.ctx.clock.now().getTime() + delay) }).execute();
  }

  /** The task as this pass claimed it: untouched when it was asked again meanwhile. */
  private claimed(task: ConnectionTask) {
    return tasksOf(this.ctx.db).updateTable('connectionTasks').where('id', '=', task.id).where('nextAttemptAt', '=', task.nextAttemptAt);
  }

  /** A delete or edit that never reached the phone: the message keeps the change and says so. */
  private async givenUp(tasks: ConnectionTask[], why: 'failed' | 'expired'): Promise<void> {
    for (const task of tasks) {
      this.ctx.log.warn({ taskId: task.id, kind: task.kind, messageId: task.messageId, ticketId: task.ticketId, attempts: task.attempts, why }, 'change given up: the phone did not get it');
      if (task.kind === 'read' || task.messageId === null) continue;
      const noted = await this.ctx.db
        .updateTable('messages')
        .set({ errorCode: GIVEN_UP_CODE[task.kind], updatedAt: this.ctx.clock.now() })
        .where('companyId', '=', task.companyId)
        .where('id', '=', task.messageId)
        .where('delivery', '=', 'sent')
        .returningAll()
        .executeTakeFirst();
      if (noted) await announceQuietly(this.ctx, noted.companyId, noted.ticketId, [{ action: 'update', message: noted }]);
    }
  }

  /** Gives up tasks that waited too long for their connection (checked about once a minute). */
  private async expireStale(): Promise<void> {
    const now = this.ctx.clock.now().getTime();
    if (now - this.lastExpiry < 60_000) return;
    this.lastExpiry = now;
    const expired = await tasksOf(this.ctx.db)
      .deleteFrom('connectionTasks')
      .where('nextAttemptAt', '<=', new Date(now))
      .where('createdAt', '<', new Date(now - this.options.maxWaitMs))
      .returningAll()
      .execute();
    await this.givenUp(expired, 'expired');
  }
}

/** The customer's chat: canonical number, a group id, or the LID while the number is unknown. */
function chatIdOf(contact: { number: string; lid: string | null; isGroup: boolean }): string {
  return toChatId(contact.isGroup ? `${contact.number}@g.us` : contact.number || contact.lid || '');
}

function jsonArray(value: string[] | string): string[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
}

/** A provider call that has not answered in `ms` counts as failed (ERR_SENDING_WAPP_MSG). */
export function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(message), { code: 'ERR_SENDING_WAPP_MSG' })), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
