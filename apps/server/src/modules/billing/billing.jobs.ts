/**
 * The invoice job of the worker role: every pass creates the next invoice of each company whose
 * due date is near (BILLING.invoiceLeadDays ahead), from its plan's value and recurrence. It keeps
 * no state: the unique (company, due date) key makes a repeated pass, a restart or a second
 * worker create nothing twice.
 */
import type { AppContext } from '../../platform/context.js';
import { RepeatingTask } from '../../platform/repeating-task.js';
import { createDueInvoices } from './billing.repository.js';
import { invoiceHorizon } from './billing.service.js';

export interface InvoiceJob {
  /** One pass now. */
  runDue(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

const HOUR_MS = 3_600_000;

export function createInvoiceJob(ctx: AppContext, pollMs = HOUR_MS): InvoiceJob {
  const task = new RepeatingTask(
    async () => {
      const created = await createDueInvoices(ctx.db, invoiceHorizon(ctx.clock.now()));
      if (created.length) ctx.log.info({ count: created.length }, 'invoices created');
    },
    (error) => ctx.log.error({ err: error }, 'invoice job failed'),
    pollMs,
  );
  return {
    runDue: () => task.run(),
    start() {
      task.start();
      // The first pass right away: a restart must not wait an hour.
      void task.run();
    },
    stop: () => task.stop(),
  };
}
