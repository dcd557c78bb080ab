import type { Kysely } from 'kysely';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/schema';
import type { Logger } from '../../platform/logger';
import { expireQuotes } from './expire-quotes';
import { sendDueReminders } from './send-quote-reminders';

export interface QuoteJobOptions {
  db: Kysely<Database>;
  config: Config;
  /** Signs the one-click opt-out link of the reminders. */
  secret: string;
  logger: Logger;
  onMailQueued: () => void;
  /** How often the job runs; 10 minutes by default. */
  intervalMs?: number;
}

/**
 * Expiry and reminders, next to the mail worker: every interval, on every instance (safe to overlap).
 * The runtime also runs them once at start (runOnce), before the server answers.
 */
export function startQuoteJobs(opts: QuoteJobOptions) {
  let running: Promise<void> | undefined;
  const runOnce = (): Promise<void> =>
    (running ??= (async () => {
      try {
        const expired = await expireQuotes(opts.db, opts.config.company.timeZone);
        const reminded = await sendDueReminders(opts.db, opts);
        if (reminded.length) opts.onMailQueued();
        if (expired.length || reminded.length) opts.logger.info('quote jobs', { expired: expired.length, reminded: reminded.length });
      } catch (err) {
        opts.logger.error('quote jobs failed; they run again at the next interval', { err });
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
