/**
 * Asks WhatsApp, through each company's default connection, whether the numbers of its contact
 * lists exist (`isWhatsappValid`). Nothing is queued per number: a sweep reads the numbers still
 * unasked (a partial index holds only those), so an import, an edit or a process restart all end
 * in the same place. Numbers are asked one at a time with a pause between them, because a burst
 * of lookups is what gets a WhatsApp number banned. A company whose connection is not connected
 * in this process is left for a later sweep (or for the process that holds its session).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../platform/context.js';
import { WorkerSweep } from '../../platform/repeating-task.js';
import { defaultConnectionRow } from '../connections/connections.repository.js';
import { presentListContact } from './contact-lists.presenter.js';
import * as repo from './contact-lists.repository.js';
import { announceContactList } from './contact-lists.service.js';

export interface NumberCheckerOptions {
  /** How often unasked numbers are looked for. */
  pollMs?: number;
  /** Pause between two lookups on one connection. */
  paceMs?: number;
  /** Numbers asked per company per sweep (then the next company gets its turn). */
  batchSize?: number;
  /** Checked numbers announced together in one live event. */
  announceEvery?: number;
}

export interface NumberChecker {
  /** One sweep now (worker role only); resolves when it is done. */
  runDue(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

class NumberCheckSweep extends WorkerSweep implements NumberChecker {
  private stopping = false;

  constructor(
    ctx: AppContext,
    private readonly options: Required<NumberCheckerOptions>,
  ) {
    super(ctx, 'contact list number check', options.pollMs);
  }

  override start(): void {
    this.stopping = false;
    super.start();
  }

  override stop(): Promise<void> {
    this.stopping = true;
    return super.stop();
  }

  protected async sweep(): Promise<void> {
    for (const companyId of await repo.companiesWithUnchecked(this.ctx.db, 100)) {
      if (this.stopping) return;
      await this.checkCompany(companyId);
    }
  }

  private async checkCompany(companyId: number): Promise<void> {
    const { ctx } = this;
    const connection = await defaultConnectionRow(ctx.db, companyId);
    const session = connection ? ctx.sessions.session(connection.id) : undefined;
    if (!session || session.status !== 'CONNECTED') return;

    const checked = new Map<number, ReturnType<typeof presentListContact>[]>();
    const announce = () => {
      for (const [contactListId, contacts] of checked) announceContactList(ctx, companyId, { action: 'contacts', contactListId, contacts });
      checked.clear();
    };
    let pending = 0;
    try {
      for (const item of await repo.uncheckedItems(ctx.db, companyId, this.options.batchSize)) {
        if (this.stopping) break;
        // A lookup that fails (connection dropped, timeout) leaves the number for a later sweep.
        const answer = await session.checkNumber(item.number).catch((error: unknown) => {
          ctx.log.warn({ err: error, companyId, contactListItemId: item.id }, 'a contact list number could not be checked');
          return null;
        });
        if (!answer) break;
        const row = await repo.markValidity(ctx.db, item, answer.exists, ctx.clock.now());
        if (row) {
          checked.set(row.contactListId, [...(checked.get(row.contactListId) ?? []), presentListContact(row)]);
          pending += 1;
          if (pending % this.options.announceEvery === 0) announce();
        }
        if (this.options.paceMs > 0) await sleep(this.options.paceMs);
      }
    } finally {
      announce();
    }
  }
}

/** The app's checker (the composition root builds it; the worker role starts it). */
export function createNumberChecker(ctx: AppContext, options: NumberCheckerOptions = {}): NumberChecker {
  return new NumberCheckSweep(ctx, { pollMs: 2_000, paceMs: 250, batchSize: 50, announceEvery: 10, ...options });
}
