import type { Kysely } from 'kysely';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/schema';
import type { Logger } from '../../platform/logger';
import { sendInvoiceReminders } from './send-invoice-reminders';

export interface InvoiceJobOptions {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  onMailQueued: () => void;
  /** How often the job runs; 10 minutes by default. */
  intervalMs?: number;
}

/** The invoices' reminders, next to the quote jobs: every interval, on every instance (safe to overlap). */
export function startInvoiceJobs(opts: InvoiceJobOptions) {
  let running: Promise<void> | undefined;
  const runOnce = (): Promise<void> =>
    (running ??= (async () => {
      try {
        const reminded = await sendInvoiceReminders(opts.db, opts);
        if (reminded.length) {
          opts.onMailQueued();
          opts.logger.info('invoice jobs', { reminded: reminded.length });
        }
      } catch (err) {
        opts.logger.error('invoice reminders failed; they run again at the next interval', { err });
      }
    })().finally(() => (running = undefined)));
  const timer = setInterval(() => void runOnce(), opts.intervalMs ?? 10 * 60_000);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
